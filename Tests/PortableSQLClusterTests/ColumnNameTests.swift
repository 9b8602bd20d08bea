import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// A query's column names are known once prepared, even when its NULL parameters would make
/// it fail (`LIMIT ?`), and a DATETIME NULL arrives as NULL.
@Suite(.serialized) struct ColumnNameTests {
    @Test func aPageWithLimitAndOffsetParametersIsPreparedAndRead() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
        for id in 1...10 { try db.exec(sql: "INSERT INTO t VALUES (?, ?)", parameters: [.long(Int64(id)), .text("n\(id)")]) }
        let page = try db.prepare(sql: "SELECT id, name FROM t ORDER BY id LIMIT ? OFFSET ?; -- a page")
        defer { try? page.close() }
        #expect(page.columnNames == ["id", "name"])
        try page.bind(parameters: [.long(3), .long(4)])
        var ids: [Int64] = []
        while try page.next() { ids.append(page.long(at: 0)) }
        #expect(ids == [5, 6, 7])
        #expect(try db.selectAll(sql: "SELECT 1 AS one LIMIT ?", parameters: [.long(1)]) == [[.long(1)]])
        // A runtime error is the first step's, as in SQLite, not the prepare's.
        let overflow = try db.prepare(sql: "SELECT abs(-9223372036854775807 - 1) AS too_big")
        defer { try? overflow.close() }
        #expect(overflow.columnNames == ["too_big"])
        let error = #expect(throws: SQLError.self) { _ = try overflow.next() }
        #expect(error?.resultCode == .error)
        // dqlite 1.11 answers with the column count as code: five columns must not read as SQLITE_BUSY.
        db.busyTimeout = 5
        let started = Date()
        let five = #expect(throws: SQLError.self) { _ = try db.selectAll(sql: "SELECT 1 AS a, 2, 3, 4, abs(-9223372036854775807 - 1)") }
        #expect(five?.resultCode == .error)
        #expect(five?.message.contains("the query failed on the node, which did not say why") == true)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aNullTimeArrivesAsNull() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE e(at DATETIME, day DATE, stamp TIMESTAMP)")
        try db.exec(sql: "INSERT INTO e VALUES (NULL, NULL, NULL)")
        try db.exec(sql: "INSERT INTO e VALUES ('2024-01-02 03:04:05', '2024-01-02', NULL)")
        let rows = try db.selectAll(sql: "SELECT at, day, stamp FROM e ORDER BY rowid")
        #expect(rows.first == [.null, .null, .null])
        #expect(rows.last?.first != .null)
        #expect(rows.last?.last == .null)
    }
}
