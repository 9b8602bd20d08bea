// Fuzz target: the cluster client against a node that answers anything. The input is the
// node's answers, each a 2-byte little-endian length and that many bytes (`HostileNode`
// answers LEADER itself, and hangs up after the last answer); the client opens a database and runs a fixed session of statements
// (a table made, rows written with parameters, read back, a transaction). Each step must give
// a result or throw, within `stepLimit` seconds; a trap, a hang or a step past the limit is a
// finding (memory is bounded by libFuzzer's -rss_limit_mb).
//
// Built with libFuzzer by `Scripts/fuzz` (`make fuzz`); built plainly, it replays its corpus.
import Foundation
import FuzzDriver
import PortableSQL
import PortableSQLCluster

let node: HostileNode = {
    let node = HostileNode()
    node.start()
    return node
}()

/// Short timeouts: a node that stops answering costs little.
let options = SQLClusterOptions(connectTimeout: 0.05, requestTimeout: 0.02, leaderSearchTimeout: 0.05)

/// The longest one step may take: a leader search and a few requests, each bounded.
let stepLimit = 2.0

/// The answers in `bytes`.
func answers(_ bytes: UnsafeRawBufferPointer) -> [[UInt8]] {
    var rest = bytes[...]
    var answers: [[UInt8]] = []
    while rest.count >= 2 {
        let length = Int(rest[rest.startIndex]) | Int(rest[rest.startIndex + 1]) << 8
        rest = rest.dropFirst(2)
        answers.append(Array(rest.prefix(length)))
        rest = rest.dropFirst(length)
    }
    return answers
}

/// Runs `step`, which may throw; stops the program when it takes longer than `stepLimit`.
func timed(_ name: String, _ step: () throws -> Void) {
    let started = Date()
    try? step()
    let took = Date().timeIntervalSince(started)
    if took > stepLimit { fatalError("\(name) took \(took) s against a hostile node") }
}

func check(_ bytes: UnsafeRawBufferPointer) {
    node.answer(with: answers(bytes))
    var context: SQLContext?
    timed("opening") { context = try SQLContext(cluster: [node.address], database: "fuzz", options: options) }
    guard let db = context else { return }
    timed("CREATE TABLE") { try db.exec(sql: "CREATE TABLE t (a INTEGER, b TEXT, c REAL, d BLOB)") }
    timed("INSERT") { try db.exec(sql: "INSERT INTO t VALUES (?, ?, ?, ?)", parameters: [1, "two", 3.5, .blob(Data([4]))]) }
    timed("SELECT") { _ = try db.selectAll(sql: "SELECT a, b, c, d FROM t WHERE a > ?", parameters: [0]) }
    timed("a transaction") { try db.transaction(block: { try db.exec(sql: "DELETE FROM t") }) }
    timed("a statement stepped") {
        let statement = try db.prepare(sql: "SELECT * FROM t")
        defer { try? statement.close() }
        while try statement.next() { _ = statement.rowValues() }
    }
    timed("closing") { try db.close() }
}

@main enum Main {
    static func main() {
        FuzzDriver.run("FuzzHostileNode", check: check)
    }
}
