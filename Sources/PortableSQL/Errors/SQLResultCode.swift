/// A SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// The raw value is the C constant. Compare a `SQLError`'s `code` with the primary codes below and
/// its `extendedCode` with the extended ones; `name` gives the C name for any code.
///
/// As in SkipSQL, a code also compares with a C constant or an integer literal
/// (`error.code == 9`, `error.code == SQLITE_INTERRUPT`).
public struct SQLResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The C value of the code.
    public let rawValue: Int32

    /// Wraps a C result code.
    @inlinable public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The code whose C value is `value`.
    @inlinable public init(integerLiteral value: Int32) {
        self.rawValue = value
    }

    /// Whether `code` is the C value `value`.
    @_disfavoredOverload @inlinable public static func == (code: SQLResultCode, value: Int32) -> Bool { code.rawValue == value }
    /// Whether `code` is the C value `value`.
    @_disfavoredOverload @inlinable public static func == (value: Int32, code: SQLResultCode) -> Bool { code.rawValue == value }
    /// Whether `code` is not the C value `value`.
    @_disfavoredOverload @inlinable public static func != (code: SQLResultCode, value: Int32) -> Bool { code.rawValue != value }
    /// Whether `code` is not the C value `value`.
    @_disfavoredOverload @inlinable public static func != (value: Int32, code: SQLResultCode) -> Bool { code.rawValue != value }

    /// The primary code of an extended code (its low eight bits); a primary code is its own.
    public var primary: SQLResultCode { SQLResultCode(rawValue: rawValue & 0xFF) }

    /// The C name of the code, such as `SQLITE_CONSTRAINT_UNIQUE`; `SQLITE_UNKNOWN(n)` for a code SQLite does not define.
    public var name: String {
        Self.names[rawValue] ?? Self.names[primary.rawValue].map { "\($0)(\(rawValue))" } ?? "SQLITE_UNKNOWN(\(rawValue))"
    }

    /// The C name of the code.
    public var description: String { name }

    // The codes are computed and inlinable, so that a comparison in another module compiles to a
    // constant instead of a call to a global's accessor.

    /// `SQLITE_OK`.
    @inlinable public static var ok: SQLResultCode { SQLResultCode(rawValue: 0) }
    /// `SQLITE_ERROR`.
    @inlinable public static var error: SQLResultCode { SQLResultCode(rawValue: 1) }
    /// `SQLITE_INTERNAL`.
    @inlinable public static var `internal`: SQLResultCode { SQLResultCode(rawValue: 2) }
    /// `SQLITE_PERM`.
    @inlinable public static var perm: SQLResultCode { SQLResultCode(rawValue: 3) }
    /// `SQLITE_ABORT`.
    @inlinable public static var abort: SQLResultCode { SQLResultCode(rawValue: 4) }
    /// `SQLITE_BUSY`.
    @inlinable public static var busy: SQLResultCode { SQLResultCode(rawValue: 5) }
    /// `SQLITE_LOCKED`.
    @inlinable public static var locked: SQLResultCode { SQLResultCode(rawValue: 6) }
    /// `SQLITE_NOMEM`.
    @inlinable public static var noMemory: SQLResultCode { SQLResultCode(rawValue: 7) }
    /// `SQLITE_READONLY`.
    @inlinable public static var readOnly: SQLResultCode { SQLResultCode(rawValue: 8) }
    /// `SQLITE_INTERRUPT`.
    @inlinable public static var interrupt: SQLResultCode { SQLResultCode(rawValue: 9) }
    /// `SQLITE_IOERR`.
    @inlinable public static var ioError: SQLResultCode { SQLResultCode(rawValue: 10) }
    /// `SQLITE_CORRUPT`.
    @inlinable public static var corrupt: SQLResultCode { SQLResultCode(rawValue: 11) }
    /// `SQLITE_NOTFOUND`.
    @inlinable public static var notFound: SQLResultCode { SQLResultCode(rawValue: 12) }
    /// `SQLITE_FULL`.
    @inlinable public static var full: SQLResultCode { SQLResultCode(rawValue: 13) }
    /// `SQLITE_CANTOPEN`.
    @inlinable public static var cantOpen: SQLResultCode { SQLResultCode(rawValue: 14) }
    /// `SQLITE_PROTOCOL`.
    @inlinable public static var `protocol`: SQLResultCode { SQLResultCode(rawValue: 15) }
    /// `SQLITE_EMPTY`.
    @inlinable public static var empty: SQLResultCode { SQLResultCode(rawValue: 16) }
    /// `SQLITE_SCHEMA`.
    @inlinable public static var schema: SQLResultCode { SQLResultCode(rawValue: 17) }
    /// `SQLITE_TOOBIG`.
    @inlinable public static var tooBig: SQLResultCode { SQLResultCode(rawValue: 18) }
    /// `SQLITE_CONSTRAINT`.
    @inlinable public static var constraint: SQLResultCode { SQLResultCode(rawValue: 19) }
    /// `SQLITE_MISMATCH`.
    @inlinable public static var mismatch: SQLResultCode { SQLResultCode(rawValue: 20) }
    /// `SQLITE_MISUSE`.
    @inlinable public static var misuse: SQLResultCode { SQLResultCode(rawValue: 21) }
    /// `SQLITE_NOLFS`.
    @inlinable public static var noLargeFileSupport: SQLResultCode { SQLResultCode(rawValue: 22) }
    /// `SQLITE_AUTH`.
    @inlinable public static var auth: SQLResultCode { SQLResultCode(rawValue: 23) }
    /// `SQLITE_FORMAT`.
    @inlinable public static var format: SQLResultCode { SQLResultCode(rawValue: 24) }
    /// `SQLITE_RANGE`.
    @inlinable public static var range: SQLResultCode { SQLResultCode(rawValue: 25) }
    /// `SQLITE_NOTADB`.
    @inlinable public static var notADatabase: SQLResultCode { SQLResultCode(rawValue: 26) }
    /// `SQLITE_NOTICE`.
    @inlinable public static var notice: SQLResultCode { SQLResultCode(rawValue: 27) }
    /// `SQLITE_WARNING`.
    @inlinable public static var warning: SQLResultCode { SQLResultCode(rawValue: 28) }
    /// `SQLITE_ROW`.
    @inlinable public static var row: SQLResultCode { SQLResultCode(rawValue: 100) }
    /// `SQLITE_DONE`.
    @inlinable public static var done: SQLResultCode { SQLResultCode(rawValue: 101) }
    /// `SQLITE_ERROR_MISSING_COLLSEQ`.
    @inlinable public static var errorMissingCollation: SQLResultCode { SQLResultCode(rawValue: 257) }
    /// `SQLITE_IOERR_SHORT_READ`.
    @inlinable public static var ioErrorShortRead: SQLResultCode { SQLResultCode(rawValue: 522) }
    /// `SQLITE_BUSY_SNAPSHOT`.
    @inlinable public static var busySnapshot: SQLResultCode { SQLResultCode(rawValue: 517) }
    /// `SQLITE_BUSY_TIMEOUT`.
    @inlinable public static var busyTimeout: SQLResultCode { SQLResultCode(rawValue: 773) }
    /// `SQLITE_CANTOPEN_ISDIR`.
    @inlinable public static var cantOpenIsDirectory: SQLResultCode { SQLResultCode(rawValue: 526) }
    /// `SQLITE_READONLY_DBMOVED`.
    @inlinable public static var readOnlyDatabaseMoved: SQLResultCode { SQLResultCode(rawValue: 1032) }
    /// `SQLITE_CONSTRAINT_CHECK`.
    @inlinable public static var constraintCheck: SQLResultCode { SQLResultCode(rawValue: 275) }
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    @inlinable public static var constraintForeignKey: SQLResultCode { SQLResultCode(rawValue: 787) }
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    @inlinable public static var constraintNotNull: SQLResultCode { SQLResultCode(rawValue: 1299) }
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    @inlinable public static var constraintPrimaryKey: SQLResultCode { SQLResultCode(rawValue: 1555) }
    /// `SQLITE_CONSTRAINT_TRIGGER`.
    @inlinable public static var constraintTrigger: SQLResultCode { SQLResultCode(rawValue: 1811) }
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    @inlinable public static var constraintUnique: SQLResultCode { SQLResultCode(rawValue: 2067) }
    /// `SQLITE_CONSTRAINT_ROWID`.
    @inlinable public static var constraintRowID: SQLResultCode { SQLResultCode(rawValue: 2579) }

    private static let names: [Int32: String] = [
        0: "SQLITE_OK",
        1: "SQLITE_ERROR",
        2: "SQLITE_INTERNAL",
        3: "SQLITE_PERM",
        4: "SQLITE_ABORT",
        5: "SQLITE_BUSY",
        6: "SQLITE_LOCKED",
        7: "SQLITE_NOMEM",
        8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT",
        10: "SQLITE_IOERR",
        11: "SQLITE_CORRUPT",
        12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL",
        14: "SQLITE_CANTOPEN",
        15: "SQLITE_PROTOCOL",
        16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA",
        18: "SQLITE_TOOBIG",
        19: "SQLITE_CONSTRAINT",
        20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE",
        22: "SQLITE_NOLFS",
        23: "SQLITE_AUTH",
        24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE",
        26: "SQLITE_NOTADB",
        27: "SQLITE_NOTICE",
        28: "SQLITE_WARNING",
        100: "SQLITE_ROW",
        101: "SQLITE_DONE",
        257: "SQLITE_ERROR_MISSING_COLLSEQ",
        513: "SQLITE_ERROR_RETRY",
        769: "SQLITE_ERROR_SNAPSHOT",
        266: "SQLITE_IOERR_READ",
        522: "SQLITE_IOERR_SHORT_READ",
        778: "SQLITE_IOERR_WRITE",
        1034: "SQLITE_IOERR_FSYNC",
        1290: "SQLITE_IOERR_DIR_FSYNC",
        1546: "SQLITE_IOERR_TRUNCATE",
        1802: "SQLITE_IOERR_FSTAT",
        2058: "SQLITE_IOERR_UNLOCK",
        2314: "SQLITE_IOERR_RDLOCK",
        2570: "SQLITE_IOERR_DELETE",
        2826: "SQLITE_IOERR_BLOCKED",
        3082: "SQLITE_IOERR_NOMEM",
        3338: "SQLITE_IOERR_ACCESS",
        3594: "SQLITE_IOERR_CHECKRESERVEDLOCK",
        3850: "SQLITE_IOERR_LOCK",
        4106: "SQLITE_IOERR_CLOSE",
        4362: "SQLITE_IOERR_DIR_CLOSE",
        4618: "SQLITE_IOERR_SHMOPEN",
        4874: "SQLITE_IOERR_SHMSIZE",
        5130: "SQLITE_IOERR_SHMLOCK",
        5386: "SQLITE_IOERR_SHMMAP",
        5642: "SQLITE_IOERR_SEEK",
        5898: "SQLITE_IOERR_DELETE_NOENT",
        6154: "SQLITE_IOERR_MMAP",
        6410: "SQLITE_IOERR_GETTEMPPATH",
        6666: "SQLITE_IOERR_CONVPATH",
        6922: "SQLITE_IOERR_VNODE",
        7178: "SQLITE_IOERR_AUTH",
        7434: "SQLITE_IOERR_BEGIN_ATOMIC",
        7690: "SQLITE_IOERR_COMMIT_ATOMIC",
        7946: "SQLITE_IOERR_ROLLBACK_ATOMIC",
        8202: "SQLITE_IOERR_DATA",
        8458: "SQLITE_IOERR_CORRUPTFS",
        262: "SQLITE_LOCKED_SHAREDCACHE",
        518: "SQLITE_LOCKED_VTAB",
        261: "SQLITE_BUSY_RECOVERY",
        517: "SQLITE_BUSY_SNAPSHOT",
        773: "SQLITE_BUSY_TIMEOUT",
        270: "SQLITE_CANTOPEN_NOTEMPDIR",
        526: "SQLITE_CANTOPEN_ISDIR",
        782: "SQLITE_CANTOPEN_FULLPATH",
        1038: "SQLITE_CANTOPEN_CONVPATH",
        1294: "SQLITE_CANTOPEN_DIRTYWAL",
        1550: "SQLITE_CANTOPEN_SYMLINK",
        267: "SQLITE_CORRUPT_VTAB",
        523: "SQLITE_CORRUPT_SEQUENCE",
        779: "SQLITE_CORRUPT_INDEX",
        264: "SQLITE_READONLY_RECOVERY",
        520: "SQLITE_READONLY_CANTLOCK",
        776: "SQLITE_READONLY_ROLLBACK",
        1032: "SQLITE_READONLY_DBMOVED",
        1288: "SQLITE_READONLY_CANTINIT",
        1544: "SQLITE_READONLY_DIRECTORY",
        516: "SQLITE_ABORT_ROLLBACK",
        275: "SQLITE_CONSTRAINT_CHECK",
        531: "SQLITE_CONSTRAINT_COMMITHOOK",
        787: "SQLITE_CONSTRAINT_FOREIGNKEY",
        1043: "SQLITE_CONSTRAINT_FUNCTION",
        1299: "SQLITE_CONSTRAINT_NOTNULL",
        1555: "SQLITE_CONSTRAINT_PRIMARYKEY",
        1811: "SQLITE_CONSTRAINT_TRIGGER",
        2067: "SQLITE_CONSTRAINT_UNIQUE",
        2323: "SQLITE_CONSTRAINT_VTAB",
        2579: "SQLITE_CONSTRAINT_ROWID",
        2835: "SQLITE_CONSTRAINT_PINNED",
        3091: "SQLITE_CONSTRAINT_DATATYPE",
        283: "SQLITE_NOTICE_RECOVER_WAL",
        539: "SQLITE_NOTICE_RECOVER_ROLLBACK",
        284: "SQLITE_WARNING_AUTOINDEX",
        279: "SQLITE_AUTH_USER",
        256: "SQLITE_OK_LOAD_PERMANENTLY",
        512: "SQLITE_OK_SYMLINK",
    ]
}
