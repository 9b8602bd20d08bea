import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport
import Testing

/// `sqlctx shell --cluster`: sqlite3's prompt, modes and dot-commands over a dqlite cluster's
/// database; and what `sqlctx node` tells on standard error while it serves.
@Suite(.serialized) struct ClusterShellTests {
    /// A script through the shell on a cluster prints what sqlite3 prints running it on a file.
    @Test func aScriptOnAClusterPrintsWhatSqlite3PrintsOnAFile() throws {
        let cluster = try LocalCluster(size: 1)
        let script = """
            CREATE TABLE book(title TEXT, year INTEGER);
            INSERT INTO book VALUES ('Dune', 1965), ('Solaris', 1961), ('Neuromancer', 1984);
            SELECT title, year FROM book WHERE year < 1970 ORDER BY year;
            .mode box
            SELECT count(*) AS n, min(year) FROM book;
            .mode csv
            .headers on
            SELECT * FROM book ORDER BY title;
            .mode json
            SELECT title FROM book WHERE year > 1980;
            .tables
            SELECT nope FROM book;
            SELECT 'after the error';
            """
        let folder = try TemporaryDirectory()
        let expected = try runProgram("/usr/bin/sqlite3", [folder.path("file.db")], input: script, environment: [:], directory: nil, timeout: 60)
        let actual = try runProgram(
            try builtProduct("sqlctx"), ["shell", "--cluster", cluster.addresses.joined(separator: ","), "app"], input: script, environment: [:], directory: nil, timeout: 60)
        #expect(actual.output == expected.output, "sqlite3:\n\(expected.output)\nsqlctx:\n\(actual.output)")
        #expect(actual.status == 1 && expected.status == 1)
        #expect(actual.errors == "Parse error near line 12: no such column: nope\n", "\(actual.errors)")
        // The rows are in the cluster: a context on it reads them.
        let db = try cluster.context()
        defer { try? db.close() }
        #expect(try db.selectAll(sql: "SELECT count(*) FROM book") == [[3]])
    }

    @Test func aClusterShellNeedsADatabaseNameAndTakesNoKey() throws {
        let cluster = try LocalCluster(size: 1)
        let program = try builtProduct("sqlctx")
        let unnamed = #expect(throws: CommandFailure.self) { try run(program, ["shell", "--cluster", cluster.addresses[0]], input: "SELECT 1;\n") }
        #expect(unnamed?.standardError == "Parse error near line 1: name the cluster's database: sqlctx shell --cluster ADDRESS,… NAME\n", "\(unnamed?.standardError ?? "")")
        let keyed = #expect(throws: CommandFailure.self) {
            try run(program, ["shell", "--cluster", cluster.addresses[0], "app"], input: "SELECT 1;\n", environment: ["SQLCTX_KEY": "k"])
        }
        #expect(keyed?.standardError == "Parse error near line 1: a cluster's databases are not encrypted: give no key\n", "\(keyed?.standardError ?? "")")
    }

    /// A node tells the leader it follows, members that join, the loss of the leader, and its
    /// own clean stop, a line each on standard error.
    @Test func aNodeLogsLeadershipJoinsAndItsStop() throws {
        let cluster = try LocalCluster(size: 2)
        let first = cluster.nodes[0], second = cluster.nodes[1]
        #expect(waitUntil(timeout: 20) {
            cluster.log(of: first).contains("leader 1 \(first.address)\n") && cluster.log(of: first).contains("member 2 \(second.address)")
        }, "\(cluster.log(of: first))")
        #expect(waitUntil(timeout: 20) { cluster.log(of: second).contains("leader 1 \(first.address)\n") }, "\(cluster.log(of: second))")
        #expect(cluster.terminate(first) == 0)
        #expect(cluster.log(of: first).hasSuffix("stopped 1 \(first.address)\n"), "\(cluster.log(of: first))")
        // Two voters, one gone: no leader can be elected, and the other node says so.
        #expect(waitUntil(timeout: 20) { cluster.log(of: second).contains("leader lost\n") }, "\(cluster.log(of: second))")
    }
}
