import Foundation
import PortableSQLCodable

#if canImport(Glibc)
import Glibc
#endif

/// Peak memory of reading every record through a cursor against loading them all, each in a
/// child process of its own, as growth of the peak resident set over a child that only opens.
enum MemoryWorkload {
    /// In the child: does the work, then returns its peak resident set in KiB.
    static func child(mode: String, path: String) throws -> Int {
        let context = try SQLContext(path: path)
        var checksum: Int64 = 0
        switch mode {
        case "cursor":
            for result in try context.query(CodableBenchRecord.self).eval() { checksum &+= try result.get().record.sum }
        case "load":
            let all = try context.query(CodableBenchRecord.self).eval().load()
            checksum = all.reduce(0) { $0 &+ $1.record.sum }
        default:
            checksum = try context.selectAll(sql: "SELECT count(*) FROM sqlite_master")[0][0].longValue ?? 0
        }
        guard checksum != 0 else { throw BenchmarkFailure("nothing read") }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Runs the three children and returns the growth (KiB) of cursor and load over baseline.
    static func measure(path: String) throws -> (cursor: Int, load: Int) {
        func run(_ mode: String) throws -> Int {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["memory", mode, path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0, let kib = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw BenchmarkFailure("memory child \(mode) failed")
            }
            return kib
        }
        let baseline = try run("baseline")
        return (max(0, try run("cursor") - baseline), max(0, try run("load") - baseline))
    }
}
