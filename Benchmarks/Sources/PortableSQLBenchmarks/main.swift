import Foundation
import PortableSQLCodable
import PortableSQLPlus

#if canImport(Glibc)
import Glibc
#endif

// Usage: PortableSQLBenchmarks [--runs N] [--rows N] [--skip-million] [--only W1,W4] [--contenders PortableSQL,GRDB]
//        PortableSQLBenchmarks cluster [--runs N] [--rows N] [--seconds N] [--workers 1,4,16] [--sqlctx PATH] [--only kv|local]
//                                      [--kv-runs go,go-from-follower,ours,ours-two-voters,ours-in-leader,ours-on-demo,go-on-ours]
//            (W1, W2, W5 on a 3-node dqlite cluster beside a local file; then go-dqlite's kvwrite and
//            kvreadwrite, N seconds per run (15 by default), by go-dqlite's dqlite-benchmark and by
//            PortableSQL's client on 3 `sqlctx node`s at PATH (../.build/release/sqlctx by default);
//            --kv-runs adds dqlite-benchmark driven from a follower, PortableSQL's client on 2
//            `sqlctx node`s (what go's cluster replicates while its second node is a spare), in the
//            process of the leader (an SQLClusterNode) beside 2 `sqlctx node`s, on 3
//            dqlite-demo nodes and dqlite-benchmark on 3 `sqlctx node`s (go,ours by default))
//        PortableSQLBenchmarks memory cursor|load|baseline PATH   (a child process of the memory workload)

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "memory", arguments.count == 3 {
    say(String(try MemoryWorkload.child(mode: arguments[1], path: arguments[2])))
    exit(0)
}

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1]) else { return value }
    return number
}

/// The workloads to run (`--only W2,W4`); all by default.
let only: Set<String>? = arguments.firstIndex(of: "--only").flatMap { index in
    index + 1 < arguments.count ? Set(arguments[index + 1].split(separator: ",").map(String.init)) : nil
}
func selected(_ workload: String) -> Bool { only?.contains(workload) ?? true }

let runs = option("--runs", default: 7)
let rows = option("--rows", default: 100_000)
/// The contenders to run besides the floor (`--contenders PortableSQL`, by name prefix); all by default.
let contenderPrefixes: [String]? = arguments.firstIndex(of: "--contenders").flatMap { index in
    index + 1 < arguments.count ? arguments[index + 1].split(separator: ",").map(String.init) : nil
}
if arguments.first == "cluster" {
    if selected("local") {
        try ClusterBenchmark.run(rows: option("--rows", default: 10_000), runs: option("--runs", default: 5))
    }
    if selected("kv") {
        let workers = arguments.firstIndex(of: "--workers").flatMap { index in
            index + 1 < arguments.count ? arguments[index + 1].split(separator: ",").compactMap { Int($0) } : nil
        } ?? [1, 4, 16]
        let sqlctx = arguments.firstIndex(of: "--sqlctx").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } ?? "../.build/release/sqlctx"
        let kvRuns = try arguments.firstIndex(of: "--kv-runs").flatMap { $0 + 1 < arguments.count ? try ClusterKVRun.parse(arguments[$0 + 1]) : nil } ?? ClusterKVRun.defaults
        try ClusterKVBenchmark.run(seconds: option("--seconds", default: 15), workerCounts: workers, sqlctx: sqlctx, runs: kvRuns)
    }
    exit(0)
}
let harness = Harness(runs: runs, contenderPrefixes: contenderPrefixes)
let report = Report()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("portablesql-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
func removeDatabase(_ path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

let platformVersion = SQLContext().version
let cipher = SQLContext(configuration: .plus)
say("PortableSQL benchmarks: \(runs) timed rounds after a warm-up; median times, and medians of each round's ratio to the raw C API.")
say("SQLite \(platformVersion); SQLCipher \(cipher.cipherVersion ?? "not loaded") (SQLite \(cipher.version)) from \(cipher.cipherLibraryPath ?? "nowhere"); \(ProcessInfo.processInfo.activeProcessorCount) cores")

let insertPath = path("insert.db")

// W1
if selected("W1") {
say("\nW1 insert \(rows) rows × 10 INTEGER columns, one transaction, one prepared statement")
report.add("W1 insert", try harness.measure([
    ("raw C", { try Raw.insert(path: insertPath, rows: rows) }),
    ("raw C, values from [SQLValue]", { try Raw.insertFromValueArrays(path: insertPath, rows: rows) }),
    ("PortableSQL", { try Portable.insert(path: insertPath, rows: rows) }),
    ("GRDB", { try GRDBContender.insert(path: insertPath, rows: rows) }),
], prepare: { removeDatabase(insertPath) }))
}

// The data every fetch reads.
let dataPath = path("data.db")
_ = try Raw.insert(path: dataPath, rows: rows)
guard try Raw.fetch(path: dataPath) == expectedChecksum(rows: rows) else { throw BenchmarkFailure("data file checksum") }

if selected("W2") {
say("\nW2 fetch \(rows) rows by column index")
report.add("W2 fetch by index", try harness.measure([
    ("raw C", { try Raw.fetch(path: dataPath) }),
    ("PortableSQL", { try Portable.fetchByIndex(path: dataPath) }),
    ("GRDB", { try GRDBContender.fetchByIndex(path: dataPath) }),
]))
}

if selected("W3") {
say("\nW3 fetch \(rows) rows by column name")
report.add("W3 fetch by name", try harness.measure([
    ("raw C", { try Raw.fetch(path: dataPath) }),
    ("PortableSQL", { try Portable.fetchByName(path: dataPath) }),
    ("GRDB", { try GRDBContender.fetchByName(path: dataPath) }),
]))
}

// The rows of W4's floor of `Decodable`, made once and kept to the end: freeing them would
// raise malloc's threshold for mapping large blocks, and slow later workloads' growing arrays.
let recordsInMemory = selected("W4") ? (0..<rows).map(BenchRecord.init(row:)) : []

if selected("W4") {
say("\nW4 fetch \(rows) rows into structs of 10 Int properties")
report.add("W4 fetch records", try harness.measure([
    ("raw C", { try Raw.fetchRecords(path: dataPath) }),
    ("PortableSQLCodable", { try Portable.fetchRecords(path: dataPath) }),
    ("PortableSQL Codable struct", { try Portable.fetchPlainCodableRecords(path: dataPath) }),
    ("Decodable alone, from memory (no database)", { try DecodableFloor.decode(recordsInMemory) }),
    ("GRDB FetchableRecord", { try GRDBContender.fetchRecords(path: dataPath) }),
    ("GRDB Codable", { try GRDBContender.fetchCodableRecords(path: dataPath) }),
]))
}

if selected("W4") {
say("\nW4a fetch \(rows) rows into an array of structs (hand-written SQLCodable and @SQLRecord)")
var arrayContenders: [(String, Workload)] = [("raw C, array", { try Raw.fetchRecordArray(path: dataPath) })]
for api in Portable.ArrayAPI.allCases {
    arrayContenders.append(("PortableSQLCodable \(api.rawValue)", { try Portable.fetchRecordArray(CodableBenchRecord.self, path: dataPath, api: api) { $0.record.sum } }))
    arrayContenders.append(("PortableSQLMacros \(api.rawValue)", { try Portable.fetchRecordArray(MacroBenchRecord.self, path: dataPath, api: api) { $0.sum } }))
}
arrayContenders.append(("GRDB FetchableRecord fetchAll", { try GRDBContender.fetchRecordArray(path: dataPath) }))
report.add("W4a fetch into an array", try harness.measure(arrayContenders))
}

if selected("W10") {
say("\nW10 fetch one record by primary key, \(keyedFetches) times, each in autocommit mode")
let keyedPath = path("keyed.db")
try KeyedFetch.makeTable(path: keyedPath, rows: rows)
let keys = keyedFetchKeys(rows: rows)
guard try KeyedFetch.raw(path: keyedPath, keys: keys) == expectedKeyedChecksum(rows: rows) else { throw BenchmarkFailure("keyed checksum") }
report.add("W10 fetch by key", try harness.measure([
    ("raw C, one prepared statement", { try KeyedFetch.raw(path: keyedPath, keys: keys) }),
    ("PortableSQLMacros fetch(_:id:)", { try KeyedFetch.portable(path: keyedPath, keys: keys) }),
    ("GRDB fetchOne(_:key:)", { try KeyedFetch.grdb(path: keyedPath, keys: keys) }),
]))
}

if selected("W5") {
say("\nW5 insert \(rows) structs, one transaction")
let records = (0..<rows).map(BenchRecord.init(row:))
report.add("W5 insert records", try harness.measure([
    ("raw C", { try Raw.insertRecords(path: insertPath, records: records) }),
    ("PortableSQLCodable", { try Portable.insertRecords(path: insertPath, records: records, as: CodableBenchRecord.init(record:)) }),
    ("PortableSQLMacros", { try Portable.insertRecords(path: insertPath, records: records, as: MacroBenchRecord.init(record:)) }),
    ("PortableSQL Codable struct", { try Portable.insertRecords(path: insertPath, records: records, as: PlainCodableBenchRecord.init(record:)) }),
    ("GRDB PersistableRecord", { try GRDBContender.insertRecords(path: insertPath, records: records) }),
    ("GRDB Codable", { try GRDBContender.insertCodableRecords(path: insertPath, records: records) }),
], prepare: { removeDatabase(insertPath) }))
}

if selected("W11") {
say("\nW11 insert \(rows) records of mixed types, NULLs in alternating columns, one transaction")
let mixedRows = (0..<rows).map(MixedRow.init(index:))
report.add("W11 insert mixed-type records", try harness.measure([
    ("raw C", { try MixedRecords.raw(path: insertPath, rows: mixedRows) }),
    ("PortableSQL", { try MixedRecords.core(path: insertPath, rows: mixedRows) }),
    ("PortableSQLCodable", { try MixedRecords.records(path: insertPath, rows: mixedRows, as: HandWrittenMixedRecord.init) }),
    ("PortableSQLMacros", { try MixedRecords.records(path: insertPath, rows: mixedRows, as: MacroMixedRecord.init) }),
    ("GRDB PersistableRecord", { try MixedRecords.grdb(path: insertPath, rows: mixedRows) }),
], prepare: { removeDatabase(insertPath) }))
}

// W6: the same on SQLCipher, against PortableSQL on the system SQLite.
let rawKey = SQLCipherKey.raw(Data((0..<32).map { UInt8($0) }))
let passphrase = SQLCipherKey.passphrase("benchmark passphrase")
for (label, key) in [("raw key", rawKey), ("passphrase", passphrase)] where selected("W6") {
    say("\nW6 .plus with a \(label) (ratios to PortableSQL on .platform)")
    let plusPath = path("plus-\(label).db")
    report.add("W6 \(label): W1 insert", try harness.measure([
        ("PortableSQL .platform", { try Portable.insert(path: insertPath, rows: rows) }),
        ("PortableSQL .plus", { try Portable.insert(path: plusPath, rows: rows, configuration: .plus, key: key) }),
    ], prepare: { removeDatabase(insertPath); removeDatabase(plusPath) }))
    removeDatabase(plusPath)
    _ = try Portable.insert(path: plusPath, rows: rows, configuration: .plus, key: key)
    report.add("W6 \(label): W2 fetch by index", try harness.measure([
        ("PortableSQL .platform", { try Portable.fetchByIndex(path: dataPath) }),
        ("PortableSQL .plus", { try Portable.fetchByIndex(path: plusPath, configuration: .plus, key: key) }),
    ]))
    report.add("W6 \(label): W4 fetch records", try harness.measure([
        ("PortableSQL .platform", { try Portable.fetchRecords(path: dataPath) }),
        ("PortableSQL .plus", { try Portable.fetchRecords(path: plusPath, configuration: .plus, key: key) }),
    ]))
}
if selected("W6") {
say("\nW6 first read after the key: passphrase (key derivation) against raw key")
let firstRead = path("plus-raw key.db")
let firstReadPassphrase = path("plus-passphrase.db")
report.add("W6 open + key + first read", try harness.measure([
    ("raw key", { try Portable.open(firstRead, configuration: .plus, key: rawKey).selectAll(sql: "SELECT count(*) FROM sqlite_master")[0][0].longValue ?? 0 }),
    ("passphrase", { try Portable.open(firstReadPassphrase, configuration: .plus, key: passphrase).selectAll(sql: "SELECT count(*) FROM sqlite_master")[0][0].longValue ?? 0 }),
]))
}

// W8: pools, many threads at once: ratios to GRDB's DatabasePool.
if selected("W8") {
    let grdbPath = path("pool-grdb.db")
    let portablePath = path("pool-portablesql.db")
    for copy in [grdbPath, portablePath] { try FileManager.default.copyItem(atPath: dataPath, toPath: copy) }
    let grdbPool = try GRDBContender.makePool(path: grdbPath)
    let portablePool = try Portable.makePool(path: portablePath)
    for threads in [1, 2, 4] {
        say("\nW8 \(PoolWorkload.reads) reads of 100 rows through a pool, \(threads) reading thread\(threads == 1 ? "" : "s") (ratios to GRDB)")
        var contenders: [(String, Workload)] = [
            ("GRDB DatabasePool", { try GRDBContender.poolReads(grdbPool, threads: threads, rows: rows) }),
            ("PortableSQL SQLContextPool", { try Portable.poolReads(portablePool, threads: threads, rows: rows) }),
        ]
        if threads == 1 {
            contenders.append(("PortableSQL, one SQLContext, no pool", { try Portable.plainReads(path: portablePath, rows: rows) }))
        }
        report.add("W8 pool reads, \(threads) thread\(threads == 1 ? "" : "s")", try harness.measure(contenders))
    }
    say("\nW8 \(PoolWorkload.writes) one-row writes beside \(PoolWorkload.reads) reads on 4 threads (ratios to GRDB)")
    report.add("W8 pool, 1 writer + 4 readers", try harness.measure([
        ("GRDB DatabasePool", { try GRDBContender.poolMixed(grdbPool, rows: rows) }),
        ("PortableSQL SQLContextPool", { try Portable.poolMixed(portablePool, rows: rows) }),
    ]))
    try portablePool.close()
}

// W9: one-row write transactions through a pool, at SQLite's FULL and at GRDB's NORMAL.
if selected("W9") {
    let grdbPool = try GRDBContender.makeWritePool(path: path("write-grdb.db"))
    let fullPool = try Portable.makeWritePool(path: path("write-full.db"), normal: false)
    let normalPool = try Portable.makeWritePool(path: path("write-normal.db"), normal: true)
    say("\nW9 \(PoolWriteWorkload.writes) one-row write transactions through a pool (ratios to GRDB, synchronous = NORMAL)")
    report.add("W9 pool writes", try harness.measure([
        ("GRDB DatabasePool (NORMAL)", { try GRDBContender.poolWrites(grdbPool) }),
        ("PortableSQL SQLContextPool (FULL, the default)", { try Portable.poolWrites(fullPool) }),
        ("PortableSQL SQLContextPool (synchronous = NORMAL)", { try Portable.poolWrites(normalPool) }),
    ]))
    try fullPool.close()
    try normalPool.close()
}

// W7: scaling, and the memory of a cursor against loading everything.
let scales = arguments.contains("--skip-million") ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
for scale in scales where selected("W7") {
    say("\nW7 fetch by index at \(scale) rows")
    let scalePath = path("scale-\(scale).db")
    _ = try Raw.insert(path: scalePath, rows: scale)
    report.add("W7 W2 at \(scale)", try Harness(runs: scale >= 1_000_000 ? max(5, runs / 2) : runs, contenderPrefixes: contenderPrefixes).measure([
        ("raw C", { try Raw.fetch(path: scalePath) }),
        ("PortableSQL", { try Portable.fetchByIndex(path: scalePath) }),
        ("GRDB", { try GRDBContender.fetchByIndex(path: scalePath) }),
    ]))
}
if selected("W7") {
let memoryRows = scales.last ?? rows
say("\nW7 peak memory over \(memoryRows) records (child processes; growth over opening the database)")
let memory = try MemoryWorkload.measure(path: path("scale-\(memoryRows).db"))
report.note("W7 memory at \(memoryRows)", "load() all records", "\(memory.load) KiB", "1.00×")
report.note("W7 memory at \(memoryRows)", "iterate a RowCursor", "\(memory.cursor) KiB", String(format: "%.3f×", Double(memory.cursor) / Double(max(memory.load, 1))))
}

say("\nSummary (\(ISO8601DateFormatter().string(from: Date())))\n")
report.printTable()
