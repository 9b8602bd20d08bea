import Foundation

/// One contender's run of a workload: the checksum of what it read or wrote, so that nothing
/// is optimized away and every contender is checked to do the same work.
typealias Workload = () throws -> Int64

/// Times workloads: a warm-up, then `runs` rounds in which each contender runs once, back to
/// back, so that machine noise spreads over all of them. Reports each contender's median time
/// and the median of its per-round ratios to the first contender (the floor), which a slow
/// spell of the machine shifts less than a ratio of medians would.
struct Harness {
    let runs: Int
    /// When set, only the floor and the contenders whose names start with one of these run.
    var contenderPrefixes: [String]? = nil

    struct Result {
        let name: String
        /// Median seconds.
        let median: Double
        /// Median of the per-round ratios to the floor's time in the same round.
        let ratio: Double
    }

    /// Runs `contenders` (the first is the floor) and returns their median seconds and ratios.
    ///
    /// `prepare` runs before every run of every contender (a fresh file, say) and is not timed.
    func measure(_ allContenders: [(String, Workload)], prepare: () throws -> Void = {}) throws -> [Result] {
        let contenders = allContenders.enumerated().filter { index, contender in
            index == 0 || contenderPrefixes.map { $0.contains { contender.0.hasPrefix($0) } } ?? true
        }.map(\.element)
        var samples = Array(repeating: [Double](), count: contenders.count)
        var checksums = Array(repeating: Int64?.none, count: contenders.count)
        for round in 0...runs {
            for (index, contender) in contenders.enumerated() {
                try prepare()
                let start = DispatchTime.now().uptimeNanoseconds
                let checksum = try contender.1()
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let previous = checksums[index], previous != checksum {
                    throw BenchmarkFailure("\(contender.0) gave checksum \(checksum), then \(previous)")
                }
                checksums[index] = checksum
                if round > 0 { samples[index].append(seconds) }  // round 0 is the warm-up
            }
        }
        let reference = checksums[0]
        for (index, checksum) in checksums.enumerated() where checksum != reference {
            throw BenchmarkFailure("\(contenders[index].0) did different work: checksum \(checksum ?? 0) against \(reference ?? 0)")
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return zip(contenders, samples).map { contender, times in
            Result(name: contender.0, median: median(times), ratio: median(zip(times, samples[0]).map { $0 / $1 }))
        }
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Collects result lines and prints them as a table.
final class Report {
    private var rows: [(String, String, String, String)] = []

    func add(_ workload: String, _ results: [Harness.Result]) {
        for result in results {
            rows.append((workload, result.name, String(format: "%.1f ms", result.median * 1000), String(format: "%.2f×", result.ratio)))
        }
        say(rows.suffix(results.count).map { "  \($0.1): \($0.2) (\($0.3))" }.joined(separator: "\n"))
    }

    func note(_ workload: String, _ contender: String, _ value: String, _ ratio: String) {
        rows.append((workload, contender, value, ratio))
        say("  \(contender): \(value) (\(ratio))")
    }

    func printTable() {
        let headers = ("workload", "contender", "median", "ratio")
        let all = [headers] + rows
        let widths = [all.map(\.0.count).max()!, all.map(\.1.count).max()!, all.map(\.2.count).max()!, all.map(\.3.count).max()!]
        func line(_ row: (String, String, String, String)) -> String {
            "| " + [row.0, row.1, row.2, row.3].enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ") + " |"
        }
        say(line(headers))
        say("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
        for row in rows { say(line(row)) }
    }
}

/// The value stored in column `column` of row `row` of every benchmark table.
@inline(__always)
func benchValue(_ row: Int, _ column: Int) -> Int64 {
    Int64(row &* 10 &+ column)
}

/// The checksum of a table of `rows` rows: the sum of every value.
func expectedChecksum(rows: Int) -> Int64 {
    var sum: Int64 = 0
    for row in 0..<rows { for column in 0..<10 { sum &+= benchValue(row, column) } }
    return sum
}

let columnNames = (0..<10).map { "c\($0)" }
let createTableSQL = "CREATE TABLE bench (" + columnNames.map { "\($0) INTEGER" }.joined(separator: ", ") + ")"
let insertSQL = "INSERT INTO bench (" + columnNames.joined(separator: ", ") + ") VALUES (" + Array(repeating: "?", count: 10).joined(separator: ", ") + ")"
let selectSQL = "SELECT " + columnNames.joined(separator: ", ") + " FROM bench"

/// Prints a line at once (standard output is a pipe under `make bench`, and would be buffered).
func say(_ text: String = "") {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}
