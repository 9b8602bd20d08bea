import Foundation
import PortableSQL
import PortableSQLCluster
internal import PortableSQLSystem
import Testing

/// What a cluster cannot do fails with an error that names the limit, and `supports(_:)` says so.
@Suite(.serialized) struct ClusterLimitTests {
    @Test func unavailableFeaturesThrowNamingTheLimit() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t(a)")
        let function = #expect(throws: SQLError.self) { try db.createFunction("twice") { $0[0] } }
        #expect(function?.message.contains("Swift functions, aggregates and collations are not available on a cluster") == true)
        let collation = #expect(throws: SQLError.self) { try db.createCollation("reverse") { $1.compare($0) } }
        #expect(collation?.message.contains("not available on a cluster") == true)

        db.onUpdate { _, _, _, _ in }
        let hooked = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO t VALUES (1)") }
        #expect(hooked?.message.contains("update hooks (onUpdate) are not available on a cluster") == true)
        db.onUpdate(hook: nil)
        try db.exec(sql: "INSERT INTO t VALUES (1)")

        db.trace { _ in }
        let traced = #expect(throws: SQLError.self) { try db.selectAll(sql: "SELECT a FROM t") }
        #expect(traced?.message.contains("trace and profile hooks are not available on a cluster") == true)
        db.trace(nil)

        #expect(db.engine?.capabilities == [], "a cluster keeps no local files, reports no changes and does not encrypt")
        let observed = #expect(throws: SQLError.self) { _ = try db.observeChanges { _ in } }
        #expect(observed?.message.contains("change observation (observeChanges, observe) is not available on dqlite cluster (") == true)
        let fetched = Locked(false)
        let streamed = #expect(throws: SQLError.self) {
            _ = try db.observe(fetch: { _ in fetched.withLock { $0 = true } })
        }
        #expect(streamed?.resultCode == .misuse)
        #expect(!fetched.withLock { $0 })
        try db.exec(sql: "INSERT INTO t VALUES (2)")

        let other = try cluster.context("copy")
        defer { try? other.close() }
        let backup = #expect(throws: SQLError.self) { try db.backup(to: other) }
        #expect(backup?.message.contains("the backup API is not available on a cluster") == true)
        let attach = #expect(throws: SQLError.self) { try db.attach(path: "/tmp/other.sqlite", as: "other") }
        #expect(attach?.message.contains("ATTACH and DETACH are not available on a cluster") == true)
        let vacuum = #expect(throws: SQLError.self) { try db.vacuum(into: "/tmp/portablesql-cluster-vacuum-\(UUID().uuidString).sqlite") }
        #expect(vacuum?.message.contains("VACUUM is not available on a cluster") == true)
        let returning = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO t VALUES (3) RETURNING a") }
        #expect(returning?.message.contains("RETURNING is not available on a cluster") == true)
        let key = #expect(throws: SQLError.self) { try db.exec(sql: "PRAGMA key = 'secret'") }
        #expect(key?.message.contains("dqlite cluster (\(cluster.addresses.joined(separator: ", "))) does not encrypt") == true)
        #expect(try db.selectAll(sql: "SELECT a FROM t ORDER BY a") == [[.long(1)], [.long(2)]])
    }

    /// dqlite's protocol carries text as UTF-8 ended by NUL: text it would change is refused
    /// when bound, and nothing is stored.
    @Test func textTheProtocolWouldChangeIsRefusedWhenBound() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE words (w)")
        let statement = try db.prepare(sql: "INSERT INTO words VALUES (?)")
        defer { try? statement.close() }
        let latin1 = #expect(throws: SQLError.self) { try statement.bind(textBytes: Data([0x63, 0x61, 0x66, 0xE9]), at: 1) }
        #expect(latin1?.resultCode == .mismatch && latin1?.message.contains("valid UTF-8") == true, "\(String(describing: latin1))")
        let nul = #expect(throws: SQLError.self) { try statement.bind(.text("a\u{0}b"), at: 1) }
        #expect(nul?.resultCode == .misuse && nul?.message.contains("NUL") == true, "\(String(describing: nul))")
        #expect(try db.selectAll(sql: "SELECT count(*) FROM words") == [[0]])
        try statement.bind(textBytes: Data("café".utf8), at: 1)
        try statement.update()
        try statement.bind(.text("\u{FEFF}bom"), at: 1)
        try statement.update()
        #expect(try db.selectAll(sql: "SELECT hex(w) FROM words ORDER BY rowid") == [[.text("636166C3A9")], [.text("EFBBBF626F6D")]])
    }

    @Test func supportsAnswersForTheCluster() throws {
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        #expect(!db.supports(.encryption))
        #expect(!db.supports(.selectReturning))
        #expect(db.supports(.jsonFunction))
        #expect(db.supports(.windowFunctions))
        #expect(db.supports(.upsert))
        // The probes ran in transactions that were rolled back: nothing of theirs is on the cluster.
        let scratch = try cluster.context("~portablesql-scratch")
        defer { try? scratch.close() }
        #expect(try scratch.selectAll(sql: "SELECT count(*) FROM sqlite_master") == [[.long(0)]])
    }

    @Test func aFeatureProbeThatCannotReachTheClusterIsAskedAgain() throws {
        let cluster = try LocalCluster()
        let quick = SQLClusterOptions(connectTimeout: 0.5, requestTimeout: 2, leaderSearchTimeout: 1)
        let db = try cluster.context(options: quick)
        defer { try? db.close() }
        cluster.stopAll()
        #expect(!db.supports(.windowFunctions))
        for node in cluster.nodes { try cluster.start(node) }
        #expect(waitUntil(timeout: 20) { db.supports(.windowFunctions) })
    }

    @Test func aPoolRunsOverTheCluster() async throws {
        let cluster = try LocalCluster()
        let pool = try SQLContextPool(path: "pooled", configuration: .cluster(cluster.addresses, options: testOptions), maximumReaderCount: 2)
        defer { try? pool.close() }
        try await pool.write { db in try db.exec(sql: "CREATE TABLE n(v INTEGER)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for value in 0..<20 {
                group.addTask { try await pool.write { db in try db.exec(sql: "INSERT INTO n VALUES (?)", parameters: [.long(Int64(value))]) } }
            }
            try await group.waitForAll()
        }
        let sum = try await pool.read { db in try db.selectAll(sql: "SELECT count(*), sum(v) FROM n") }
        #expect(sum == [[.long(20), .long(190)]])
        let refused = await #expect(throws: SQLError.self) { try await pool.read { db in try db.exec(sql: "INSERT INTO n VALUES (0)") } }
        #expect(refused?.resultCode == .readOnly)
    }
}
