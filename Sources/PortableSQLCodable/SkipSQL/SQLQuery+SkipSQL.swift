// SkipSQL's names of the query types, so that code written for SkipSQL compiles unchanged.

/// SkipSQL's name of `SQLQuery`: a query for records of one type.
public typealias SQLTableQuery<T: SQLCodable> = SQLQuery<T>

/// SkipSQL's name of `SQLJoinQuery2`: two tables joined.
public typealias SQLJoin2Query<A: SQLCodable, B: SQLCodable> = SQLJoinQuery2<A, B>

/// SkipSQL's name of `SQLJoinQuery3`: three tables joined.
public typealias SQLJoin3Query<A: SQLCodable, B: SQLCodable, C: SQLCodable> = SQLJoinQuery3<A, B, C>
