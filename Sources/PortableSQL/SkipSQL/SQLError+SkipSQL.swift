// SkipSQL's spellings on errors, so that code written for SkipSQL compiles unchanged.
extension SQLError {
    /// The same as `message` (SkipSQL's name).
    public var msg: String { message }

    /// An error with SkipSQL's fields: `code` (a primary or extended result code) and `msg`.
    public init(msg: String, code: Int32) {
        self.init(code: SQLResultCode(rawValue: code), message: msg)
    }
}
