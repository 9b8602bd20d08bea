extension SQLContext {
    /// How a database is opened: the flags of `sqlite3_open_v2`.
    ///
    /// The default is `[.readWrite, .create]`. Unless `.fullMutex` is given, PortableSQL adds
    /// `.noMutex`: a context is used from one thread at a time, and SQLite's own locking would
    /// only cost time.
    public struct OpenFlags: OptionSet, Sendable, Hashable {
        /// The C value of the flags.
        public let rawValue: Int32

        /// Wraps C flag bits.
        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// Open for reading only; writes throw `SQLITE_READONLY`.
        public static let readOnly = OpenFlags(rawValue: 0x0000_0001)
        /// Open for reading and writing.
        public static let readWrite = OpenFlags(rawValue: 0x0000_0002)
        /// Create the file when it does not exist (with `.readWrite`).
        public static let create = OpenFlags(rawValue: 0x0000_0004)
        /// Read the path as a `file:` URI (`file:data.db?mode=ro&cache=private`).
        public static let uri = OpenFlags(rawValue: 0x0000_0040)
        /// Keep the database in memory; the path only names it for shared cache.
        public static let memory = OpenFlags(rawValue: 0x0000_0080)
        /// Multi-thread mode: the connection does no locking of its own (the default here).
        public static let noMutex = OpenFlags(rawValue: 0x0000_8000)
        /// Serialized mode: the connection locks around every call.
        public static let fullMutex = OpenFlags(rawValue: 0x0001_0000)
        /// Share the page cache with other connections to the same file in this process.
        public static let sharedCache = OpenFlags(rawValue: 0x0002_0000)
        /// Never share the page cache.
        public static let privateCache = OpenFlags(rawValue: 0x0004_0000)
    }
}
