import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// A long script is split statement by statement in time in proportion to its length.
@Suite(.serialized) struct ScriptTests {
    @Test func aScriptOfTwentyThousandStatementsRunsInBoundedTime() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        let padding = "/* " + String(repeating: "x", count: 240) + " */;\n"
        var script = "CREATE TABLE t(a); BEGIN;\n"
        for index in 0..<20_000 {
            script += index % 100 == 0 ? "INSERT INTO t VALUES (\(index));\n" : padding
        }
        script += "COMMIT;"
        #expect(script.utf8.count > 4_800_000)
        let started = Date()
        try db.execute(script: script)
        let seconds = Date().timeIntervalSince(started)
        // Seconds on the 2-core machine, 10.7 s once under AddressSanitizer beside the other
        // suites; splitting that scanned the rest of the script for each statement would read
        // some 48 GB: many minutes.
        #expect(seconds < 30, "\(seconds) s")
        #expect(try db.selectAll(sql: "SELECT count(*), sum(a) FROM t") == [[.long(200), .long(1_990_000)]])
    }
}
