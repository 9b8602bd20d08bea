import Foundation
import PortableSQLCodable

// The SQLCodable types of the specification, with only the imports changed. `DemoParent` and
// `DemoChild` are shown there without `init(row:context:)` and `encode(row:)`, which every
// SQLCodable type needs; they are added here in the same style.

/// A struct that can read and write its values to the `DEMO_TABLE` table.
public struct DemoTable: SQLCodable, Equatable {
    public var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)

    public var txt: String?
    static let txt = SQLColumn(name: "TXT", type: .text, unique: true, nullable: false, index: SQLIndex(name: "IDX_TXT"))

    public var num: Double?
    static let num = SQLColumn(name: "NUM", type: .real)

    public var int: Int
    static let int = SQLColumn(name: "INT", type: .long, nullable: false)

    public var dbl: Double?
    static let dbl = SQLColumn(name: "DBL", type: .real, defaultValue: SQLValue(Double.pi), index: SQLIndex(name: "IDX_DBL", unique: false))

    public var blb: Data?
    static let blb = SQLColumn(name: "BLB", type: .blob)

    public static let table = SQLTable(name: "DEMO_TABLE", columns: [id, txt, num, int, dbl, blb])

    public init(id: Int64 = 0, txt: String? = nil, num: Double? = nil, int: Int, dbl: Double? = nil, blb: Data? = nil) {
        self.id = id
        self.txt = txt
        self.num = num
        self.int = int
        self.dbl = dbl
        self.blb = blb
    }

    /// Required initializer to create an instance from the given `SQLRow = [SQLColumn: SQLValue]`
    public init(row: SQLRow, context: SQLContext) throws {
        self.id = try Self.id.longValueRequired(in: row)
        self.txt = try Self.txt.textValueRequired(in: row)
        self.num = Self.num.realValue(in: row)
        self.int = try Int(Self.int.longValueRequired(in: row))
        self.dbl = Self.dbl.realValue(in: row)
        self.blb = Self.blb.blobValue(in: row)
    }

    /// Encode the current instance into the given `SQLRow` dictionary.
    public func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id)
        row[Self.txt] = SQLValue(self.txt)
        row[Self.num] = SQLValue(self.num)
        row[Self.int] = SQLValue(self.int)
        row[Self.dbl] = SQLValue(self.dbl)
        row[Self.blb] = SQLValue(self.blb)
    }
}

public struct UUIDHolder: SQLCodable, Identifiable {
    public var id: UUID
    static let id = SQLColumn(name: "ID", type: .text, primaryKey: true)

    public static let table = SQLTable(name: "UUID_HOLDER", columns: [id])

    public init(id: UUID = UUID()) {
        self.id = id
    }

    public init(row: SQLRow, context: SQLContext) throws {
        self.id = try SQLBindingError.checkNonNull(UUID(uuidString: Self.id.textValueRequired(in: row)), in: Self.id)
    }

    public func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id.uuidString)
    }
}

public struct SQLDateAsReal: SQLCodable {
    public var rowid: Int64
    static let rowid = SQLColumn(name: "ROWID", type: .long, primaryKey: true, autoincrement: true)

    public var date: Date
    static let date = SQLColumn(name: "DATE", type: .real)

    public static let table = SQLTable(name: "SQL_DATE_AS_REAL", columns: [rowid, date])

    public init(date: Date) {
        self.rowid = 0
        self.date = date
    }

    public init(row: SQLRow, context: SQLContext) throws {
        self.rowid = try Self.rowid.longValueRequired(in: row)
        self.date = try Self.date.dateValueRequired(in: row)
    }

    public func encode(row: inout SQLRow) throws {
        row[Self.rowid] = SQLValue(self.rowid)
        row[Self.date] = SQLValue(self.date.timeIntervalSince1970)
    }
}

public struct SQLDateAsText: SQLCodable {
    public var rowid: Int64
    static let rowid = SQLColumn(name: "ROWID", type: .long, primaryKey: true, autoincrement: true)

    public var date: Date
    static let date = SQLColumn(name: "DATE", type: .text)

    public static let table = SQLTable(name: "SQL_DATE_AS_TEXT", columns: [rowid, date])

    public init(date: Date) {
        self.rowid = 0
        self.date = date
    }

    public init(row: SQLRow, context: SQLContext) throws {
        self.rowid = try Self.rowid.longValueRequired(in: row)
        self.date = try Self.date.dateValueRequired(in: row)
    }

    public func encode(row: inout SQLRow) throws {
        row[Self.rowid] = SQLValue(self.rowid)
        row[Self.date] = SQLValue(self.date.ISO8601Format())
    }
}

/// A struct that can read and write its values to the `DEMO_TABLE` table.
public struct DemoParent: SQLCodable {
    public var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)

    public var parentInfo: String?
    static let parentInfo = SQLColumn(name: "PARENT_INFO", type: .text)

    public static let table = SQLTable(name: "DEMO_TABLE", columns: [id, parentInfo])

    public init(id: Int64 = 0, parentInfo: String? = nil) {
        self.id = id
        self.parentInfo = parentInfo
    }

    public init(row: SQLRow, context: SQLContext) throws {
        self.id = try Self.id.longValueRequired(in: row)
        self.parentInfo = Self.parentInfo.textValue(in: row)
    }

    public func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id)
        row[Self.parentInfo] = SQLValue(self.parentInfo)
    }
}

public struct DemoChild: SQLCodable {
    public var id: Int64
    static let id = SQLColumn(name: "ID", type: .long, primaryKey: true, autoincrement: true)

    public var parentID: Int64
    static let parentID = SQLColumn(name: "PARENT_ID", type: .long, references: SQLForeignKey(table: DemoParent.table, column: DemoParent.id, onDelete: .cascade))

    public var childInfo: String?
    static let childInfo = SQLColumn(name: "CHILD_INFO", type: .text)

    public static let table = SQLTable(name: "DEMO_CHILD", columns: [id, parentID, childInfo])

    public init(id: Int64 = 0, parentID: Int64, childInfo: String? = nil) {
        self.id = id
        self.parentID = parentID
        self.childInfo = childInfo
    }

    public init(row: SQLRow, context: SQLContext) throws {
        self.id = try Self.id.longValueRequired(in: row)
        self.parentID = try Self.parentID.longValueRequired(in: row)
        self.childInfo = Self.childInfo.textValue(in: row)
    }

    public func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(self.id)
        row[Self.parentID] = SQLValue(self.parentID)
        row[Self.childInfo] = SQLValue(self.childInfo)
    }
}
