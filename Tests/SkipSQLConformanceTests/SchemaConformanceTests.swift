import Foundation
import PortableSQLCodable
import Testing

// SQLTable, SQLColumn, SQLIndex, SQLForeignKey and the schema readers, with the SQL SkipSQL writes.
@Suite struct SchemaConformanceTests {
    @Test func tablesWriteSkipSQLsStatements() {
        let table: SQLTable = Book.table // ⟦SQLTable⟧
        let name: String = table.name // ⟦SQLTable.name⟧
        let columns: [SQLColumn] = table.columns // ⟦SQLTable.columns⟧
        #expect(name == "BOOK" && columns.count == 4)
        let quoted: String = table.quotedName(inSchema: "main") // ⟦SQLTable.quotedName(inSchema:)⟧
        #expect(quoted == "\"main\".\"BOOK\"" && table.quotedName() == "\"BOOK\"")
        let drop: SQLExpression = table.dropTableSQL(ifExists: true) // ⟦SQLTable.dropTableSQL(inSchema:ifExists:)⟧
        #expect(drop.sql == "DROP TABLE IF EXISTS \"BOOK\"")
        let create: [SQLExpression] = table.createTableSQL(ifNotExists: true) // ⟦SQLTable.createTableSQL(inSchema:ifNotExists:withIndexes:columns:additionalClauses:)⟧
        #expect(create.map(\.sql) == [
            "CREATE TABLE IF NOT EXISTS \"BOOK\" (\"ID\" INTEGER PRIMARY KEY AUTOINCREMENT, \"SHELF_ID\" INTEGER NOT NULL, \"TITLE\" TEXT NOT NULL DEFAULT \"untitled\", \"PAGES\" INTEGER NOT NULL DEFAULT 0, FOREIGN KEY (\"SHELF_ID\") REFERENCES \"SHELF\"(\"ID\") ON DELETE CASCADE ON UPDATE RESTRICT)",
        ])
        let indexes: [SQLExpression] = Shelf.table.createIndexSQL(ifNotExists: false) // ⟦SQLTable.createIndexSQL(inSchema:ifNotExists:columns:)⟧
        #expect(indexes.map(\.sql) == ["CREATE INDEX \"IDX_SHELF_LABEL\" ON \"SHELF\"(\"LABEL\")"])
        let extra = SQLColumn(name: "NOTE", type: .text, columnDefinition: "\"NOTE\" TEXT COLLATE NOCASE")
        let add: [SQLExpression] = table.addColumnSQL(column: extra) // ⟦SQLTable.addColumnSQL(column:inSchema:withIndexes:)⟧
        #expect(add.map(\.sql) == ["ALTER TABLE \"BOOK\" ADD COLUMN \"NOTE\" TEXT COLLATE NOCASE"])
        let dropColumn: SQLExpression = table.dropColumnSQL(column: extra) // ⟦SQLTable.dropColumnSQL(column:inSchema:)⟧
        #expect(dropColumn.sql == "ALTER TABLE \"BOOK\" DROP COLUMN \"NOTE\"")
        let hashable: any Hashable & Sendable = table
        #expect(hashable.hashValue == table.hashValue)
    }

    @Test func columnsIndexesAndForeignKeys() {
        let column: SQLColumn = Book.shelfID // ⟦SQLColumn⟧
        let name: String = column.name // ⟦SQLColumn.name⟧
        let type: SQLType = column.type // ⟦SQLColumn.type⟧
        let primaryKey: Bool = Book.id.primaryKey // ⟦SQLColumn.primaryKey⟧
        let autoincrement: Bool = Book.id.autoincrement // ⟦SQLColumn.autoincrement⟧
        let unique: Bool = column.unique // ⟦SQLColumn.unique⟧
        let nullable: Bool = column.nullable // ⟦SQLColumn.nullable⟧
        let defaultValue: SQLValue? = Book.title.defaultValue // ⟦SQLColumn.defaultValue⟧
        let index: SQLIndex? = Shelf.label.index // ⟦SQLColumn.index⟧ ⟦SQLIndex⟧
        let references: SQLForeignKey? = column.references // ⟦SQLColumn.references⟧ ⟦SQLForeignKey⟧
        let definition: String? = column.columnDefinition // ⟦SQLColumn.columnDefinition⟧
        #expect(name == "SHELF_ID" && type == .long && primaryKey && autoincrement && !unique && !nullable)
        #expect(defaultValue == .text("untitled") && definition == nil)
        let indexName: String? = index?.name // ⟦SQLIndex.name⟧
        let indexUnique: Bool? = index?.unique // ⟦SQLIndex.unique⟧
        #expect(indexName == "IDX_SHELF_LABEL" && indexUnique == false)
        let referenced: SQLTable? = references?.table // ⟦SQLForeignKey.table⟧
        let referencedColumn: SQLColumn? = references?.column // ⟦SQLForeignKey.column⟧
        let onDelete: SQLForeignKeyAction? = references?.deleteAction // ⟦SQLForeignKey.deleteAction⟧ ⟦SQLForeignKeyAction⟧
        let onUpdate: SQLForeignKeyAction? = references?.updateAction // ⟦SQLForeignKey.updateAction⟧
        #expect(referenced == Shelf.table && referencedColumn == Shelf.id && onDelete == .cascade && onUpdate == .restrict)
        let clause: String? = references?.referencesClause(inSchema: nil) // ⟦SQLForeignKey.referencesClause(inSchema:)⟧
        #expect(clause == "\"SHELF\"(\"ID\") ON DELETE CASCADE ON UPDATE RESTRICT")
        let actions: [SQLForeignKeyAction] = [.cascade, .restrict, .setNull, .setDefault] // ⟦SQLForeignKeyAction.setDefault⟧
        let clauses: [String] = actions.map(\.actionClause) // ⟦SQLForeignKeyAction.actionClause⟧
        #expect(clauses == ["CASCADE", "RESTRICT", "SET NULL", "SET DEFAULT"])
        let quoted: String = column.quotedName(alias: "b") // ⟦SQLColumn.quotedName(alias:)⟧
        #expect(quoted == "b.\"SHELF_ID\"" && column.quotedName() == "\"SHELF_ID\"")
    }

    @Test func columnReadersTakeRows() throws {
        let row: SQLRow = [Book.id: .long(3), Book.title: .text("T"), Shelf.weight: .real(1.5), Shelf.photo: .blob(Data([9])), Shelf.added: .text("2024-01-02T03:04:05Z")]
        let value: SQLValue? = Book.id.value(in: row) // ⟦SQLColumn.value(in:)⟧
        let required: SQLValue = try Book.id.valueRequired(in: row) // ⟦SQLColumn.valueRequired(in:)⟧
        let long: Int64? = Book.id.longValue(in: row) // ⟦SQLColumn.longValue(in:)⟧
        let text: String? = Book.title.textValue(in: row) // ⟦SQLColumn.textValue(in:)⟧
        let real: Double = try Shelf.weight.realValueRequired(in: row) // ⟦SQLColumn.realValueRequired(in:)⟧
        let blob: Data = try Shelf.photo.blobValueRequired(in: row) // ⟦SQLColumn.blobValueRequired(in:)⟧
        let date: Date = try Shelf.added.dateValueRequired(in: row) // ⟦SQLColumn.dateValueRequired(in:)⟧
        #expect(value == .long(3) && required == .long(3) && long == 3 && text == "T" && real == 1.5 && blob == Data([9]))
        #expect(date == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(throws: (any Error).self) { try Book.pages.valueRequired(in: row) }
        let checked: Int64 = try SQLBindingError.checkNonNull(Int64(4), Book.pages) // ⟦SQLBindingError.checkNonNull(_:_:)⟧
        #expect(checked == 4)
        do {
            let missing: Int64? = nil
            _ = try SQLBindingError.checkNonNull(missing, Book.pages)
            Issue.record("no error")
        } catch let error as SQLBindingError { // ⟦SQLBindingError⟧
            switch error {
            case .nullColumn(let column): #expect(column == Book.pages) // ⟦SQLBindingError.nullColumn⟧
            case .unknownColumn, .columnValuesMismatch, .noPrimaryKeys: Issue.record("wrong case \(error)") // ⟦SQLBindingError.unknownColumn⟧ ⟦SQLBindingError.columnValuesMismatch⟧ ⟦SQLBindingError.noPrimaryKeys⟧
            }
        }
    }

    @Test func schemaReadersAndMigrations() throws {
        let db = try libraryContext()
        let tables: [TableInfo] = try db.tables(types: ["table"]) // ⟦SQLContext.tables(types:)⟧ ⟦TableInfo⟧
        #expect(tables.map(\.name).sorted() == ["BOOK", "LOAN", "SHELF", "sqlite_sequence"]) // ⟦TableInfo.name⟧
        let shelf = try #require(tables.first { $0.name == "SHELF" })
        let type: String = shelf.type // ⟦TableInfo.type⟧
        let tableName: String = shelf.tbl_name // ⟦TableInfo.tbl_name⟧
        let rootpage: Int64 = shelf.rootpage // ⟦TableInfo.rootpage⟧
        let sql: String? = shelf.sql // ⟦TableInfo.sql⟧
        #expect(type == "table" && tableName == "SHELF" && rootpage > 0 && sql?.hasPrefix("CREATE TABLE") == true)
        let made = TableInfo(type: "table", name: "X", tbl_name: "X", rootpage: 2, sql: nil) // ⟦TableInfo.init(type:name:tbl_name:rootpage:sql:)⟧
        var row = SQLRow()
        try made.encode(row: &row) // ⟦TableInfo.encode(row:)⟧
        #expect(try TableInfo(row: row, context: db) == made) // ⟦TableInfo.init(row:context:)⟧
        #expect(TableInfo.table.name == "sqlite_master") // ⟦TableInfo.table⟧

        let columns: [ColumnInfo] = try db.columns(for: "BOOK", in: "main") // ⟦SQLContext.columns(for:in:)⟧ ⟦ColumnInfo⟧
        #expect(columns.map(\.name) == ["ID", "SHELF_ID", "TITLE", "PAGES"]) // ⟦ColumnInfo.name⟧
        let title = columns[2]
        let cid: Int64 = title.cid // ⟦ColumnInfo.cid⟧
        let columnType: String = title.type // ⟦ColumnInfo.type⟧
        let notNull: Int64 = title.notnull // ⟦ColumnInfo.notnull⟧
        let defaultValue: SQLValue = title.dflt_value // ⟦ColumnInfo.dflt_value⟧
        let pk: Int64 = columns[0].pk // ⟦ColumnInfo.pk⟧
        #expect(cid == 2 && columnType == "TEXT" && notNull == 1 && defaultValue == .text("\"untitled\"") && pk == 1)
        let info = ColumnInfo(cid: 0, name: "A", type: "TEXT", notnull: 0, dflt_value: .null, pk: 0) // ⟦ColumnInfo.init(cid:name:type:notnull:dflt_value:pk:)⟧
        var infoRow = SQLRow()
        try info.encode(row: &infoRow) // ⟦ColumnInfo.encode(row:)⟧
        #expect(try ColumnInfo(row: infoRow, context: db) == info) // ⟦ColumnInfo.init(row:context:)⟧
        #expect(ColumnInfo.table.columns.count == 6) // ⟦ColumnInfo.table⟧

        let exists: Bool = try db.tableExists("BOOK") // ⟦SQLContext.tableExists(_:)⟧
        let missing = try db.tableExists("NOPE")
        #expect(exists && !missing)
        let note = SQLColumn(name: "NOTE", type: .text)
        try db.addColumnIfNotExists(note, to: Book.table) // ⟦SQLContext.addColumnIfNotExists(_:to:inSchema:)⟧
        try db.addColumnIfNotExists(note, to: Book.table)
        #expect(try db.columns(for: "BOOK").count == 5)

        let migrations: [(SQLContext) throws -> Void] = [
            { try $0.exec(sql: "CREATE TABLE M1 (X)") },
            { try $0.exec(sql: "CREATE TABLE M2 (X)") },
        ]
        let applied: Void = try db.migrate(migrations: migrations) // ⟦SQLContext.migrate(migrations:)⟧
        let migrated = try db.tableExists("M2")
        #expect(applied == () && db.userVersion == 2 && migrated)
        try db.close()
    }
}
