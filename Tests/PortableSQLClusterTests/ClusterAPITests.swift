import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLCodable
import Testing

/// A plain `Codable` record, stored on the cluster through the records layer.
private struct Note: Codable, SQLCodable, Equatable {
    var id = UUID()
    var title: String
    var words: Int
}

/// `SQLContext`'s API on a cluster: values, statements, rows in batches, transactions,
/// migrations and records, all unchanged.
@Suite(.serialized) struct ClusterAPITests {
    @Test func everyValueTypeAndParameterFormRoundTrips() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE v(a, b, c, d, e)")
        let values: [[SQLValue]] = [
            [.long(.max), .long(.min), .real(-0.5), .text(""), .blob(Data())],
            [.text("naïve — 😀"), .null, .real(1e300), .blob(Data(repeating: 7, count: 10_000)), .long(0)],
        ]
        for row in values { try db.exec(sql: "INSERT INTO v VALUES (?, ?, ?, ?, ?)", parameters: row) }
        #expect(try db.selectAll(sql: "SELECT a, b, c, d, e FROM v ORDER BY rowid") == values)
        try db.exec(sql: "INSERT INTO v(a, b, c) VALUES (:x, @y, $z)", parameters: [":x": .long(1), "@y": .text("y"), "$z": .real(3)])
        #expect(try db.selectAll(sql: "SELECT a, b, c FROM v WHERE a = ?2 AND b = ?1", parameters: [.text("y"), .long(1)]) == [[.long(1), .text("y"), .real(3)]])
        let statement = try db.prepare(sql: "SELECT typeof(?1), ?1 || ?2")
        defer { try? statement.close() }
        #expect(statement.parameterCount == 2)
        #expect(statement.columnNames == ["typeof(?1)", "?1 || ?2"])
        try statement.bind(parameters: [.long(4), .text("2")])
        #expect(try statement.next())
        #expect(statement.text(at: 0) == "integer")
        #expect(statement.long(at: 1) == 42)
        #expect(try statement.next() == false)
    }

    @Test func rowsArriveInBatchesAndOtherStatementsRunBetweenThem() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.execute(script: "CREATE TABLE item(id INTEGER PRIMARY KEY, body TEXT); CREATE TABLE seen(id INTEGER)")
        try db.transaction {
            let insert = try db.prepare(sql: "INSERT INTO item(body) VALUES (?)")
            defer { try? insert.close() }
            for index in 0..<3000 { try insert.update(parameters: [.text(String(repeating: "x", count: 200) + "\(index)")]) }
        }
        let rows = try db.selectAll(sql: "SELECT id, body FROM item ORDER BY id")
        #expect(rows.count == 3000)
        #expect(rows.last == [.long(3000), .text(String(repeating: "x", count: 200) + "2999")])
        // While the rows of one query are read, another statement writes on the same connection.
        let items = try db.prepare(sql: "SELECT id FROM item ORDER BY id")
        defer { try? items.close() }
        var count = 0
        while try items.next() {
            count += 1
            if count % 500 == 0 { try db.exec(sql: "INSERT INTO seen VALUES (?)", parameters: [.long(items.long(at: 0))]) }
        }
        #expect(count == 3000)
        #expect(try db.selectAll(sql: "SELECT count(*) FROM seen") == [[.long(6)]])
    }

    @Test func aQueryPreparedBeforeOtherStatementsRunSeesWhatTheyDid() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.execute(script: "CREATE TABLE t(a); INSERT INTO t VALUES (1)")
        let count = try db.prepare(sql: "SELECT count(*) FROM t")
        defer { try? count.close() }
        try db.exec(sql: "INSERT INTO t VALUES (2)")
        #expect(try count.next())
        #expect(count.long(at: 0) == 2)
        let series = try db.prepare(sql: "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000) SELECT x FROM n")
        defer { try? series.close() }
        #expect(try db.selectAll(sql: "SELECT count(*) FROM t") == [[.long(2)]])
        for _ in 0..<2 {
            var sum: Int64 = 0
            while try series.next() { sum += series.long(at: 0) }
            #expect(sum == 5000 * 5001 / 2)
        }
    }

    @Test func interruptStopsAQueryBetweenTwoBatches() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        let series = try db.prepare(sql: "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) SELECT x FROM n")
        defer { try? series.close() }
        #expect(try series.next())
        db.interruptHandle?()
        var read = 1
        let error = #expect(throws: SQLError.self) { while try series.next() { read += 1 } }
        #expect(error?.resultCode == .interrupt)
        #expect(read < 100_000)
        #expect(try db.selectAll(sql: "SELECT 42") == [[.long(42)]])
        // While nothing runs, an interrupt does nothing, as in SQLite: the next statement runs.
        db.interruptHandle?()
        #expect(try db.selectAll(sql: "SELECT 7") == [[.long(7)]])
    }

    /// A result without end, left unread while another statement needs the connection, is
    /// read into memory until an interrupt stops it: then the other statement throws
    /// SQLITE_INTERRUPT, the first one after the rows it received, and the context goes on.
    @Test func anInterruptStopsAnEndlessResultThatAnotherStatementWaitsFor() throws {
        let cluster = try LocalCluster(size: 1)
        let db = try cluster.context()
        defer { try? db.close() }
        let endless = try db.prepare(sql: "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n")
        defer { try? endless.close() }
        #expect(try endless.next())
        let handle = try #require(db.interruptHandle)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { handle() }
        let started = Date()
        let waiting = #expect(throws: SQLError.self) { _ = try db.prepare(sql: "SELECT 2") }
        #expect(waiting?.resultCode == .interrupt, "\(waiting?.message ?? "")")
        #expect(Date().timeIntervalSince(started) < 15)
        let error = #expect(throws: SQLError.self) { while try endless.next() {} }
        #expect(error?.resultCode == .interrupt)
        #expect(try db.selectAll(sql: "SELECT 3") == [[.long(3)]])
    }

    @Test func transactionsSavepointsAndScripts() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.execute(script: """
            CREATE TABLE account(name TEXT PRIMARY KEY, balance INTEGER);
            CREATE TABLE log(entry TEXT);
            CREATE TRIGGER logged AFTER UPDATE ON account BEGIN INSERT INTO log VALUES (new.name); INSERT INTO log VALUES ('again'); END;
            INSERT INTO account VALUES ('a', 10), ('b', 0);
            """)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try db.transaction {
                try db.exec(sql: "UPDATE account SET balance = 0 WHERE name = 'a'")
                #expect(db.isInTransaction)
                throw Refused()
            }
        }
        #expect(!db.isInTransaction)
        try db.transaction {
            try db.exec(sql: "UPDATE account SET balance = balance - 5 WHERE name = 'a'")
            try? db.transaction {
                try db.exec(sql: "UPDATE account SET balance = 1000 WHERE name = 'b'")
                throw Refused()
            }
            try db.exec(sql: "UPDATE account SET balance = balance + 5 WHERE name = 'b'")
        }
        #expect(!db.isInTransaction)
        #expect(try db.selectAll(sql: "SELECT name, balance FROM account ORDER BY name") == [[.text("a"), .long(5)], [.text("b"), .long(5)]])
        #expect(try db.selectAll(sql: "SELECT count(*) FROM log") == [[.long(4)]])
        let error = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO account VALUES ('a', 1)") }
        #expect(error?.resultCode == .constraint)
        #expect(error?.message.contains("UNIQUE") == true)
        let syntax = #expect(throws: SQLError.self) { try db.exec(sql: "SELEC 1") }
        #expect(syntax?.message.contains("syntax error") == true)
    }

    @Test func migrationsAndRecords() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        #expect(db.userVersion == 0)
        try db.migrate([
            SQLMigration(version: 1, sql: "CREATE TABLE person(name TEXT)"),
            SQLMigration(version: 2, sql: "ALTER TABLE person ADD COLUMN age INTEGER"),
        ])
        #expect(db.userVersion == 2)
        let again = try cluster.context()
        defer { try? again.close() }
        #expect(again.userVersion == 2)
        let saved = try db.insert(Note(title: "Groceries", words: 12))
        try db.insert(Note(title: "Draft", words: 300))
        #expect(try again.fetch(Note.self, id: .text(saved.id.uuidString)) == saved)
        #expect(try again.query(Note.self).where(\.words > 100).fetchAll().map(\.title) == ["Draft"])
    }
}
