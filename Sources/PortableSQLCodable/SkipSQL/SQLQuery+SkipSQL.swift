// SkipSQL's names of the join query types, so that code written for SkipSQL compiles unchanged.

/// SkipSQL's name of `SQLJoinQuery2`: two tables joined.
public typealias SQLJoin2Query<A: SQLCodable, B: SQLCodable> = SQLJoinQuery2<A, B>

/// SkipSQL's name of `SQLJoinQuery3`: three tables joined.
public typealias SQLJoin3Query<A: SQLCodable, B: SQLCodable, C: SQLCodable> = SQLJoinQuery3<A, B, C>
