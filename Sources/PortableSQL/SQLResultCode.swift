/// A SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// The raw value is the C constant. Compare a `SQLError`'s `code` with the primary codes below and
/// its `extendedCode` with the extended ones; `name` gives the C name for any code.
public struct SQLResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value of the code.
    public let rawValue: Int32

    /// Wraps a C result code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code of an extended code (its low eight bits); a primary code is its own.
    public var primary: SQLResultCode { SQLResultCode(rawValue: rawValue & 0xFF) }

    /// The C name of the code, such as `SQLITE_CONSTRAINT_UNIQUE`; `SQLITE_UNKNOWN(n)` for a code SQLite does not define.
    public var name: String {
        Self.names[rawValue] ?? Self.names[primary.rawValue].map { "\($0)(\(rawValue))" } ?? "SQLITE_UNKNOWN(\(rawValue))"
    }

    /// The C name of the code.
    public var description: String { name }

    /// `SQLITE_OK`.
    public static let ok = SQLResultCode(rawValue: 0)
    /// `SQLITE_ERROR`.
    public static let error = SQLResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`.
    public static let `internal` = SQLResultCode(rawValue: 2)
    /// `SQLITE_PERM`.
    public static let perm = SQLResultCode(rawValue: 3)
    /// `SQLITE_ABORT`.
    public static let abort = SQLResultCode(rawValue: 4)
    /// `SQLITE_BUSY`.
    public static let busy = SQLResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`.
    public static let locked = SQLResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`.
    public static let noMemory = SQLResultCode(rawValue: 7)
    /// `SQLITE_READONLY`.
    public static let readOnly = SQLResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`.
    public static let interrupt = SQLResultCode(rawValue: 9)
    /// `SQLITE_IOERR`.
    public static let ioError = SQLResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`.
    public static let corrupt = SQLResultCode(rawValue: 11)
    /// `SQLITE_NOTFOUND`.
    public static let notFound = SQLResultCode(rawValue: 12)
    /// `SQLITE_FULL`.
    public static let full = SQLResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`.
    public static let cantOpen = SQLResultCode(rawValue: 14)
    /// `SQLITE_PROTOCOL`.
    public static let `protocol` = SQLResultCode(rawValue: 15)
    /// `SQLITE_EMPTY`.
    public static let empty = SQLResultCode(rawValue: 16)
    /// `SQLITE_SCHEMA`.
    public static let schema = SQLResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`.
    public static let tooBig = SQLResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`.
    public static let constraint = SQLResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`.
    public static let mismatch = SQLResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`.
    public static let misuse = SQLResultCode(rawValue: 21)
    /// `SQLITE_NOLFS`.
    public static let noLargeFileSupport = SQLResultCode(rawValue: 22)
    /// `SQLITE_AUTH`.
    public static let auth = SQLResultCode(rawValue: 23)
    /// `SQLITE_FORMAT`.
    public static let format = SQLResultCode(rawValue: 24)
    /// `SQLITE_RANGE`.
    public static let range = SQLResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`.
    public static let notADatabase = SQLResultCode(rawValue: 26)
    /// `SQLITE_NOTICE`.
    public static let notice = SQLResultCode(rawValue: 27)
    /// `SQLITE_WARNING`.
    public static let warning = SQLResultCode(rawValue: 28)
    /// `SQLITE_ROW`.
    public static let row = SQLResultCode(rawValue: 100)
    /// `SQLITE_DONE`.
    public static let done = SQLResultCode(rawValue: 101)
    /// `SQLITE_ERROR_MISSING_COLLSEQ`.
    public static let errorMissingCollation = SQLResultCode(rawValue: 257)
    /// `SQLITE_IOERR_SHORT_READ`.
    public static let ioErrorShortRead = SQLResultCode(rawValue: 522)
    /// `SQLITE_BUSY_SNAPSHOT`.
    public static let busySnapshot = SQLResultCode(rawValue: 517)
    /// `SQLITE_BUSY_TIMEOUT`.
    public static let busyTimeout = SQLResultCode(rawValue: 773)
    /// `SQLITE_CANTOPEN_ISDIR`.
    public static let cantOpenIsDirectory = SQLResultCode(rawValue: 526)
    /// `SQLITE_READONLY_DBMOVED`.
    public static let readOnlyDatabaseMoved = SQLResultCode(rawValue: 1032)
    /// `SQLITE_CONSTRAINT_CHECK`.
    public static let constraintCheck = SQLResultCode(rawValue: 275)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
    public static let constraintForeignKey = SQLResultCode(rawValue: 787)
    /// `SQLITE_CONSTRAINT_NOTNULL`.
    public static let constraintNotNull = SQLResultCode(rawValue: 1299)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public static let constraintPrimaryKey = SQLResultCode(rawValue: 1555)
    /// `SQLITE_CONSTRAINT_TRIGGER`.
    public static let constraintTrigger = SQLResultCode(rawValue: 1811)
    /// `SQLITE_CONSTRAINT_UNIQUE`.
    public static let constraintUnique = SQLResultCode(rawValue: 2067)
    /// `SQLITE_CONSTRAINT_ROWID`.
    public static let constraintRowID = SQLResultCode(rawValue: 2579)

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
