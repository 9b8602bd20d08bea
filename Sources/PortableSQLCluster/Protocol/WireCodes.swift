/// The numbers of dqlite's wire protocol (version 1) that this client uses.
enum WireCodes {
    /// The protocol version a client announces in its first 8 bytes.
    static let protocolVersion: UInt64 = 1

    /// Request types.
    enum Request: UInt8 {
        case leader = 0
        case open = 3
        case prepare = 4
        case exec = 5
        case query = 6
        case finalize = 7
        case interrupt = 10
        case add = 12
        case assign = 13
        case cluster = 16
        case transfer = 17
    }

    /// Response types.
    enum Response: UInt8 {
        case failure = 0
        case node = 1
        case nodes = 3
        case database = 4
        case statement = 5
        case result = 6
        case rows = 7
        case empty = 8
    }

    /// The highest response type of the protocol (METADATA); a header with a higher one is
    /// not dqlite's.
    static let highestResponseType: UInt8 = 10

    /// The word that ends a batch of rows when more batches follow.
    static let rowsPart: UInt64 = 0xEEEE_EEEE_EEEE_EEEE
    /// The word that ends the last batch of rows.
    static let rowsDone: UInt64 = 0xFFFF_FFFF_FFFF_FFFF

    /// Value types of parameters and rows: SQLite's five, then dqlite's own.
    static let integer: UInt8 = 1
    static let float: UInt8 = 2
    static let text: UInt8 = 3
    static let blob: UInt8 = 4
    static let null: UInt8 = 5
    static let unixTime: UInt8 = 9
    static let iso8601: UInt8 = 10
    static let boolean: UInt8 = 11

    /// The role of a voting member, for ASSIGN.
    static let voterRole: UInt64 = 0

    /// The most parameters a statement takes in this protocol's tuples (a one-byte count).
    static let maximumParameters = 255
    /// The most columns a result has: SQLite's hard limit (`SQLITE_MAX_COLUMN` cannot be set
    /// higher).
    static let maximumColumns = 32_767
    /// The most members a CLUSTER answer may list.
    static let maximumMembers = 10_000
    /// The highest failure code: SQLite's (extended) result codes are C `int`s.
    static let highestFailureCode = UInt64(Int32.max)
}
