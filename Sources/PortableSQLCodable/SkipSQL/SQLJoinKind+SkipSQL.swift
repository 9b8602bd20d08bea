// SkipSQL's name of the join kind, so that code written for SkipSQL compiles unchanged.

/// SkipSQL's name for `SQLJoinKind`.
public typealias SQLJoinType = SQLJoinKind
