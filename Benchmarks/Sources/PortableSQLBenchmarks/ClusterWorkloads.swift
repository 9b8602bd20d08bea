import Foundation
import PortableSQLCluster

#if canImport(Glibc)
import Glibc
#endif

/// W1, W2 and W5 on a 3-node dqlite cluster on loopback (three `SQLClusterNode`s in this
/// process), beside the same workloads on a local file, in one run (`cluster` mode).
enum ClusterBenchmark {
    /// Runs the comparison with `rows` rows per workload, in a temporary folder removed
    /// afterwards, and prints its table.
    static func run(rows: Int, runs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portablesql-cluster-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let addresses = try (0..<3).map { _ in "127.0.0.1:\(try freePort())" }
        var nodes: [SQLClusterNode] = []
        defer { nodes.forEach { $0.stop() } }
        for (index, address) in addresses.enumerated() {
            let node = try SQLClusterNode(
                id: UInt64(index + 1), address: address, dataDirectory: folder.appendingPathComponent("node\(index + 1)").path)
            if index > 0 { try node.join(cluster: [addresses[0]]) }
            nodes.append(node)
        }
        let cluster = SQLiteConfiguration.cluster(addresses)
        let harness = Harness(runs: runs)
        let report = Report()
        let localPath = folder.appendingPathComponent("local.db").path
        func removeLocal() {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: localPath + suffix) }
        }
        func dropOnCluster(_ database: String) throws {
            let context = try SQLContext(path: database, configuration: cluster)
            defer { try? context.close() }
            try context.exec(sql: "DROP TABLE IF EXISTS bench")
        }
        say("PortableSQL on a 3-node dqlite cluster on 127.0.0.1 beside a local file: \(rows) rows, \(runs) timed rounds after a warm-up")

        say("\nround trip: one prepared SELECT 1, run 1000 times")
        report.add("round trip (1000 × SELECT 1)", try harness.measure([
            ("local file", { try selectOne(path: localPath, configuration: .platform) }),
            ("3-node cluster", { try selectOne(path: "ping", configuration: cluster) }),
        ]))

        say("\nW1 insert \(rows) rows × 10 INTEGER columns, one transaction, one prepared statement")
        report.add("W1 insert", try harness.measure([
            ("local file", { try Portable.insert(path: localPath, rows: rows) }),
            ("3-node cluster", { try Portable.insert(path: "w1", rows: rows, configuration: cluster) }),
        ], prepare: {
            removeLocal()
            try dropOnCluster("w1")
        }))

        removeLocal()
        try dropOnCluster("w2")
        _ = try Portable.insert(path: localPath, rows: rows)
        _ = try Portable.insert(path: "w2", rows: rows, configuration: cluster)
        say("\nW2 fetch \(rows) rows by column index")
        report.add("W2 fetch by index", try harness.measure([
            ("local file", { try Portable.fetchByIndex(path: localPath) }),
            ("3-node cluster", { try Portable.fetchByIndex(path: "w2", configuration: cluster) }),
        ]))

        say("\nW5 insert \(rows) structs (SQLCodable), one transaction")
        let records = (0..<rows).map(BenchRecord.init(row:))
        report.add("W5 insert records", try harness.measure([
            ("local file", { try Portable.insertRecords(path: localPath, records: records, as: CodableBenchRecord.init(record:)) }),
            ("3-node cluster", { try Portable.insertRecords(path: "w5", records: records, as: CodableBenchRecord.init(record:), configuration: cluster) }),
        ], prepare: {
            removeLocal()
            try dropOnCluster("w5")
        }))

        say("\nSummary (\(ISO8601DateFormatter().string(from: Date())))\n")
        report.printTable()
    }

    /// Runs `SELECT 1` 1000 times through one prepared statement; each run is one round trip
    /// to the leader on the cluster.
    private static func selectOne(path: String, configuration: SQLiteConfiguration) throws -> Int64 {
        let context = try SQLContext(path: path, configuration: configuration)
        defer { try? context.close() }
        let statement = try context.prepare(sql: "SELECT 1")
        defer { try? statement.close() }
        var checksum: Int64 = 0
        for _ in 0..<1000 {
            while try statement.next() { checksum &+= statement.long(at: 0) }
        }
        return checksum
    }

    /// A port on 127.0.0.1 that nothing listens on now (the system's pick for port 0).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BenchmarkFailure("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
