import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport
import Testing

/// go-dqlite's `dqlite` shell (Debian's go-dqlite) and the cluster engine read each other's writes.
@Suite(.serialized) struct ShellInteropTests {
    /// Runs one statement through the `dqlite` shell on `cluster`'s database `app`.
    private func shell(_ cluster: LocalCluster, _ sql: String) throws -> String {
        try run("/usr/bin/dqlite", ["-s", cluster.addresses.joined(separator: ","), "app", sql])
    }

    @Test func theShellReadsWhatTheEngineWroteAndTheOtherWayRound() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE city(name TEXT, people INTEGER, area REAL)")
        try db.exec(sql: "INSERT INTO city VALUES (?, ?, ?)", parameters: [.text("Zürich"), .long(421_878), .real(87.88)])
        #expect(try shell(cluster, "SELECT name, people, area FROM city") == "Zürich|421878|87.88\n")

        _ = try shell(cluster, "INSERT INTO city VALUES ('Bern', 134591, 51.62)")
        _ = try shell(cluster, "CREATE TABLE visit(city TEXT, at TEXT)")
        _ = try shell(cluster, "INSERT INTO visit VALUES ('Bern', '2026-11-23')")
        #expect(try db.selectAll(sql: "SELECT name, people, area FROM city ORDER BY people") == [
            [.text("Bern"), .long(134_591), .real(51.62)], [.text("Zürich"), .long(421_878), .real(87.88)],
        ])
        #expect(try db.selectAll(sql: "SELECT city, at FROM visit") == [[.text("Bern"), .text("2026-11-23")]])
    }
}
