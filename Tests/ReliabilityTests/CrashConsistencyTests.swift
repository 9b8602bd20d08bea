import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// A child process commits batches in a loop and is killed with SIGKILL at spread-out moments;
/// after each kill the database is intact, holds every batch the child reported committed, and
/// no part of an unfinished one.
@Suite struct CrashConsistencyTests {
    /// Rows in batch `batch`, as the helper writes them.
    static func rows(in batch: Int64) -> Int64 { 1 + (batch * 37) % 400 }

    /// Starts the helper's commit loop, kills it after `delay`, and returns the batches it reported.
    func runAndKill(_ helper: String, _ arguments: [String], after delay: Double) throws -> [Int64] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: helper)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            line.hasPrefix("committed ") ? Int64(line.dropFirst("committed ".count)) : nil
        }
    }

    @Test(arguments: [("delete", "platform"), ("wal", "platform"), ("delete", "plus"), ("wal", "plus")])
    func killedWritersLoseNothingCommitted(journal: String, engine: String) throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        let directory = try TemporaryDirectory()
        let path = directory.path("crash-\(journal)-\(engine).db")
        let kills = 20 * soakFactor()
        let seed = testSeed() &+ UInt64(journal.count * 31 + engine.count)
        var random = SeededGenerator(seed: seed)
        var reported = Set<Int64>()
        var midTransaction = 0
        var earlyKills = 0
        for kill in 1...kills {
            // The first child dies at once, most likely before it has made its table.
            let delay = kill == 1 ? 0.001 : Double.random(in: 0.02...0.25, using: &random)
            reported.formUnion(try runAndKill(helper, ["commit-loop", path, journal, engine], after: delay))

            let context = try SQLContext(path: path, configuration: engine == "plus" ? .plus : .platform)
            defer { try? context.close() }
            if engine == "plus" { try context.key(.raw(Data(repeating: 0x5A, count: 32))) }
            let integrity = try context.selectAll(sql: "PRAGMA integrity_check")
            #expect(integrity == [["ok"]], "kill \(kill), seed \(seed): \(integrity)")
            // A child killed before it created its table has committed nothing; the table is
            // created by the first child that gets that far.
            let tableExists = try context.selectAll(sql: "SELECT count(*) FROM sqlite_master WHERE name = 'batch_row'") == [[1]]
            guard tableExists else {
                #expect(reported.isEmpty, "kill \(kill), seed \(seed): batches \(reported.sorted()) reported committed, but there is no table")
                earlyKills += 1
                continue
            }
            var counts: [Int64: Int64] = [:]
            for row in try context.selectAll(sql: "SELECT batch, count(*) FROM batch_row GROUP BY batch") {
                counts[row[0].longValue ?? -1] = row[1].longValue ?? -1
            }
            for batch in reported {
                #expect(counts[batch] == Self.rows(in: batch), "kill \(kill), seed \(seed): committed batch \(batch) has \(counts[batch] ?? 0) rows")
            }
            for (batch, count) in counts {
                #expect(count == Self.rows(in: batch), "kill \(kill), seed \(seed): batch \(batch) is partial (\(count) rows)")
            }
            // A batch past the last reported one was under way when the child died.
            if let last = reported.max(), counts[last + 1] == nil { midTransaction += 1 }
        }
        #expect(reported.count > kills, "the children committed too little to test anything")
        print("crash consistency \(journal)/\(engine): \(kills) kills survived, \(reported.count) batches committed, \(midTransaction) kills with a batch unfinished, \(earlyKills) before the table existed")
    }
}
