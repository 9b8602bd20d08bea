import Foundation
import PortableSQLCodable
import Testing

// SQLContext's own members, each used with SkipSQL's types written out.
@Suite struct ContextConformanceTests {
    @Test func openingCountingAndClosing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let flags: SQLContext.OpenFlags = [.readWrite, .create] // ⟦SQLContext.OpenFlags⟧ ⟦SQLContext.OpenFlags.readWrite⟧ ⟦SQLContext.OpenFlags.create⟧
        let db: SQLContext = try SQLContext(path: folder.appendingPathComponent("a.db").path, flags: flags, configuration: .platform) // ⟦SQLContext⟧ ⟦SQLContext.init(path:flags:configuration:)⟧
        try db.exec(sql: "CREATE TABLE T (X)") // ⟦SQLContext.exec(sql:parameters:)⟧
        try db.exec(sql: "INSERT INTO T VALUES (?), (?)", parameters: [.long(1), .long(2)])
        let changes: Int32 = db.changes // ⟦SQLContext.changes⟧
        let total: Int32 = db.totalChanges // ⟦SQLContext.totalChanges⟧
        let rowID: Int64 = db.lastInsertRowID // ⟦SQLContext.lastInsertRowID⟧
        #expect(changes == 2 && total == 2 && rowID == 2)
        let closedBefore: Bool = db.isClosed // ⟦SQLContext.isClosed⟧
        #expect(!closedBefore)
        do { try db.close() } catch { Issue.record("close threw \(error)") } // ⟦SQLContext.close()⟧
        #expect(db.isClosed)
        #expect(throws: (any Error).self) { try db.exec(sql: "SELECT 1") }

        let readOnly = try SQLContext(path: folder.appendingPathComponent("a.db").path, flags: .readOnly, configuration: .platform) // ⟦SQLContext.OpenFlags.readOnly⟧
        #expect(try readOnly.selectAll(sql: "SELECT COUNT(*) FROM T") == [[.long(2)]])
        #expect(throws: (any Error).self) { try readOnly.exec(sql: "INSERT INTO T VALUES (3)") }
        try readOnly.close()
    }

    @Test func moduleQualifiedNamesTakeTheRenamedQualifier() {
        // README's workaround for `SkipSQLCore.SQLTable`: the qualifier renamed with the import.
        let context: PortableSQLCodable.SQLContext.Type = SQLContext.self
        let table: PortableSQLCodable.SQLTable = Shelf.table
        #expect(context == SQLContext.self && table.name == "SHELF")
    }

    @Test func everyOpenFlagHasSQLiteValue() {
        let all: [(SQLContext.OpenFlags, Int32)] = [
            (.readOnly, 0x1), (.readWrite, 0x2), (.create, 0x4), (.uri, 0x40), // ⟦SQLContext.OpenFlags.uri⟧
            (.memory, 0x80), (.nomutex, 0x8000), (.fullMutex, 0x10000), // ⟦SQLContext.OpenFlags.memory⟧ ⟦SQLContext.OpenFlags.nomutex⟧ ⟦SQLContext.OpenFlags.fullMutex⟧
            (.sharedCache, 0x20000), (.privateCache, 0x40000), // ⟦SQLContext.OpenFlags.sharedCache⟧ ⟦SQLContext.OpenFlags.privateCache⟧
        ]
        for (flag, value) in all {
            let raw: Int32 = flag.rawValue // ⟦SQLContext.OpenFlags.rawValue⟧
            #expect(raw == value)
            #expect(SQLContext.OpenFlags(rawValue: value) == flag) // ⟦SQLContext.OpenFlags.init(rawValue:)⟧
        }
    }

    @Test func versionAndFeatures() {
        let db = SQLContext(configuration: .platform)
        let version: String = db.version // ⟦SQLContext.version⟧
        let number: Int32 = db.versionNumber // ⟦SQLContext.versionNumber⟧
        #expect(version.hasPrefix("3.") && number >= 3_040_000)
        let feature: SQLiteFeature = .upsert // ⟦SQLiteFeature⟧ ⟦SQLiteFeature.upsert⟧
        let minimum: Int32 = feature.minimumSupportedVersion // ⟦SQLiteFeature.minimumSupportedVersion⟧
        #expect(minimum == 3_024_000)
        let supported: Bool = db.supports(feature: feature) // ⟦SQLContext.supports(feature:)⟧
        #expect(supported)
        let features: [SQLiteFeature] = [
            .rowValueSyntax, .renameColumn, .partialIntegrityCheck, .sqliteSchemaTable, .selectReturning, // ⟦SQLiteFeature.rowValueSyntax⟧ ⟦SQLiteFeature.renameColumn⟧ ⟦SQLiteFeature.partialIntegrityCheck⟧ ⟦SQLiteFeature.sqliteSchemaTable⟧ ⟦SQLiteFeature.selectReturning⟧
            .dropColumn, .jsonFunction, .rightJoin, .fullOuterJoin, .rowValueInSyntax, // ⟦SQLiteFeature.dropColumn⟧ ⟦SQLiteFeature.jsonFunction⟧ ⟦SQLiteFeature.rightJoin⟧ ⟦SQLiteFeature.fullOuterJoin⟧ ⟦SQLiteFeature.rowValueInSyntax⟧
        ]
        #expect(features.map(\.minimumSupportedVersion) == [3_015_000, 3_025_000, 3_033_000, 3_033_000, 3_035_000, 3_035_000, 3_038_000, 3_039_000, 3_039_000, 3_039_000])
        try? db.close()
    }

    @Test func transactionsWithSkipSQLsNestedMode() throws {
        let db = SQLContext(configuration: .platform)
        try db.exec(sql: "CREATE TABLE T (X)")
        let mode: SQLContext.TransactionMode = .immediate // ⟦SQLContext.TransactionMode⟧ ⟦SQLContext.TransactionMode.immediate⟧
        let raw: String = mode.rawValue
        #expect(raw == "IMMEDIATE")
        let modes: [SQLContext.TransactionMode] = [.deferred, .exclusive] // ⟦SQLContext.TransactionMode.deferred⟧ ⟦SQLContext.TransactionMode.exclusive⟧
        #expect(modes.map(\.rawValue) == ["DEFERRED", "EXCLUSIVE"])
        func insert(_ value: Int64, transaction: SQLContext.TransactionMode? = .immediate) throws -> Int64 {
            try db.transaction(transaction) { // ⟦SQLContext.transaction(_:block:)⟧
                try db.exec(sql: "INSERT INTO T VALUES (?)", parameters: [.long(value)])
                return db.lastInsertRowID
            }
        }
        #expect(try insert(1) == 1)
        #expect(try insert(2, transaction: nil) == 2)
        #expect(throws: SQLError.self) {
            try db.transaction(.exclusive) {
                try db.exec(sql: "INSERT INTO T VALUES (3)")
                try db.exec(sql: "INSERT INTO NOWHERE VALUES (4)")
            }
        }
        #expect(try db.selectAll(sql: "SELECT X FROM T ORDER BY X") == [[.long(1)], [.long(2)]])
        let inMutex: Int = db.mutex { 42 } // ⟦SQLContext.mutex(block:)⟧
        #expect(inMutex == 42)
        try db.close()
    }

    @Test func expressionsCursorsAndQuoting() throws {
        let db = SQLContext(configuration: .platform)
        var expression: SQLExpression = SQLExpression("CREATE TABLE T (X, Y)") // ⟦SQLExpression⟧ ⟦SQLExpression.init(_:_:)⟧
        try db.exec(expression) // ⟦SQLContext.exec(_:)⟧
        expression = SQLExpression("INSERT INTO T VALUES (", [])
        expression.append("?", .text("a")) // ⟦SQLExpression.append(_:_:)⟧
        expression.append(", ?)", .long(1))
        let sql: String = expression.sql // ⟦SQLExpression.sql⟧
        let bindings: [SQLValue] = expression.bindings // ⟦SQLExpression.bindings⟧
        let parts: [(String, SQLValue?)] = expression.parts // ⟦SQLExpression.parts⟧
        #expect(sql == "INSERT INTO T VALUES (?, ?)" && bindings == [.text("a"), .long(1)] && parts.count == 3)
        try db.exec(expression)
        let cursor: RowCursor<[SQLValue]> = try db.cursor(SQLExpression("SELECT X, Y FROM T")) // ⟦SQLContext.cursor(_:)⟧
        let rows: [[SQLValue]] = try cursor.map { try $0.get() }
        #expect(rows == [[.text("a"), .long(1)]])
        let all: [[SQLValue]] = try db.selectAll(sql: "SELECT Y FROM T WHERE X = ?", parameters: [.text("a")]) // ⟦SQLContext.selectAll(sql:parameters:)⟧
        #expect(all == [[.long(1)]])
        let single: String = db.quoteSingle("it's") // ⟦SQLContext.quoteSingle(_:)⟧
        let double: String = db.quoteDouble("a \"b\"") // ⟦SQLContext.quoteDouble(_:)⟧
        #expect(single == "'it''s'" && double == "\"a \"\"b\"\"\"")
        try db.close()
    }

    @Test func pragmaProperties() throws {
        let db = SQLContext(configuration: .platform)
        db.foreignKeysEnabled = true // ⟦SQLContext.foreignKeysEnabled⟧
        let foreignKeys: Bool = db.foreignKeysEnabled
        #expect(foreignKeys)
        db.readUncommitted = true // ⟦SQLContext.readUncommitted⟧
        let uncommitted: Bool = db.readUncommitted
        #expect(uncommitted)
        let encoding: String? = db.encoding // ⟦SQLContext.encoding⟧
        #expect(encoding == "UTF-8")
        db.userVersion = 7 // ⟦SQLContext.userVersion⟧
        let userVersion: Int64 = db.userVersion
        #expect(userVersion == 7)
        let options: [String: SQLValue] = db.compileOptions // ⟦SQLContext.compileOptions⟧
        #expect(options["THREADSAFE"] != nil)
        try db.close()
    }

    @Test func hooksWithSkipSQLsTypes() throws {
        let db = SQLContext(configuration: .platform)
        var traced: [String] = []
        let trace: SQLContext.TraceAction = { traced.append($0) } // ⟦SQLContext.TraceAction⟧
        db.trace(trace) // ⟦SQLContext.trace(_:)⟧
        var updates: [String] = []
        let hook: SQLContext.UpdateAction = { action, rowid, dbname, tblname in // ⟦SQLContext.UpdateAction⟧
            updates.append("\(action.description) \(rowid) \(dbname).\(tblname)") // ⟦SQLAction.description⟧
        }
        db.onUpdate(hook: hook) // ⟦SQLContext.onUpdate(hook:)⟧
        try db.exec(sql: "CREATE TABLE T (X)")
        try db.exec(sql: "INSERT INTO T VALUES (1)")
        try db.exec(sql: "UPDATE T SET X = 2")
        try db.exec(sql: "DELETE FROM T WHERE X = 2")
        #expect(updates == ["INSERT 1 main.T", "UPDATE 1 main.T", "DELETE 1 main.T"])
        #expect(traced.contains("INSERT INTO T VALUES (1)"))
        let actions: [SQLAction] = [.insert, .update, .delete] // ⟦SQLAction⟧ ⟦SQLAction.insert⟧ ⟦SQLAction.update⟧ ⟦SQLAction.delete⟧
        let raws: [Int32] = actions.map(\.rawValue)
        #expect(raws == [18, 23, 9])
        db.onUpdate(hook: nil)
        db.trace(nil)
        db.interrupt() // ⟦SQLContext.interrupt()⟧
        try db.close()
    }
}
