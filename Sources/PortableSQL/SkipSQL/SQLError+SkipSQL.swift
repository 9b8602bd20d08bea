// SkipSQL's spellings on errors, so that code written for SkipSQL compiles unchanged.
extension SQLError {
    /// The same as `message` (SkipSQL's name).
    public var msg: String { message }
}
