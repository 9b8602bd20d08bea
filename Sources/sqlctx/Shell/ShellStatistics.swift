#if Tool
import Foundation
import PortableSQL

/// What sqlite3 3.40's `.stats` prints, line for line: SQLite's memory counters, the database's
/// page cache and heap, the statement's counters, and the process's I/O from `/proc/self/io`.
///
/// The labels, their order and the counters of the statement and the page cache are SQLite's
/// own and come out as sqlite3's; the memory counters are the whole process's, so sqlctx's
/// (a Swift program with its own allocations) are not sqlite3's figures, nor is its I/O.
struct ShellStatistics {
    /// What `.stats` prints after each statement.
    enum Report: String {
        /// Nothing (`.stats off`).
        case off
        /// The memory, page cache, statement and I/O counters (`.stats on`).
        case on
        /// The statement's columns first, then as `on` (`.stats stmt`).
        case stmt
        /// The statement's virtual-machine steps only (`.stats vmstep`).
        case vmstep
    }

    /// The open database, if any; `nil` leaves out its lines.
    let context: SQLContext?
    /// The statement just run, not yet closed; `nil` leaves out its lines.
    let statement: SQLStatement?
    /// What to print.
    let report: Report

    /// The lines, each ended.
    func text() -> String {
        var lines: [(String, String)] = []
        let functions = context?.engine?.functions
        let handle = statement?.handle
        if report == .stmt, let statement, let handle, let functions {
            lines.append(("Number of output columns:", "\(statement.columnCount)"))
            for index in 0..<statement.columnCount {
                let column = Int32(index)
                func named(_ what: String, _ function: (@convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?)?) {
                    guard let function else { return }
                    lines.append(("Column \(index) \(what):", function(handle, column).map { String(cString: $0) } ?? "(null)"))
                }
                named("name", functions.columnName)
                named("declared type", functions.columnDecltype)
                named("database name", functions.columnDatabaseName)
                named("table name", functions.columnTableName)
                named("origin name", functions.columnOriginName)
            }
        }
        if report == .vmstep {
            guard let handle, let stmtStatus = functions?.stmtStatus else { return "" }
            return "VM-steps: \(stmtStatus(handle, 4, 0))\n"
        }
        if let status = functions?.status64 {
            func memory(_ label: String, _ operation: Int32, _ format: (Int64, Int64) -> String) {
                var current: Int64 = -1, highest: Int64 = -1
                _ = status(operation, &current, &highest, 0)
                lines.append((label, format(current, highest)))
            }
            memory("Memory Used:", 0) { "\($0) (max \($1)) bytes" }
            memory("Number of Outstanding Allocations:", 9) { "\($0) (max \($1))" }
            memory("Number of Pcache Overflow Bytes:", 2) { "\($0) (max \($1)) bytes" }
            memory("Largest Allocation:", 5) { "\($1) bytes" }
            memory("Largest Pcache Allocation:", 7) { "\($1) bytes" }
        }
        if let connection = context?.connection, let dbStatus = functions?.dbStatus {
            func counter(_ label: String, _ operation: Int32, reset: Bool = false, _ format: (Int32, Int32) -> String) {
                var current: Int32 = -1, highest: Int32 = -1
                _ = dbStatus(connection, operation, &current, &highest, reset ? 1 : 0)
                lines.append((label, format(current, highest)))
            }
            counter("Lookaside Slots Used:", 0) { "\($0) (max \($1))" }
            counter("Successful lookaside attempts:", 4) { "\($1)" }
            counter("Lookaside failures due to size:", 5) { "\($1)" }
            counter("Lookaside failures due to OOM:", 6) { "\($1)" }
            counter("Pager Heap Usage:", 1) { current, _ in "\(current) bytes" }
            // sqlite3 starts the page cache's counts again after each report.
            counter("Page cache hits:", 7, reset: true) { current, _ in "\(current)" }
            counter("Page cache misses:", 8, reset: true) { current, _ in "\(current)" }
            counter("Page cache writes:", 9, reset: true) { current, _ in "\(current)" }
            counter("Page cache spills:", 12, reset: true) { current, _ in "\(current)" }
            counter("Schema Heap Usage:", 2) { current, _ in "\(current) bytes" }
            counter("Statement Heap/Lookaside Usage:", 3) { current, _ in "\(current) bytes" }
        }
        if let handle, let stmtStatus = functions?.stmtStatus {
            func counter(_ label: String, _ operation: Int32) {
                lines.append((label, "\(stmtStatus(handle, operation, 0))"))
            }
            counter("Fullscan Steps:", 1)
            counter("Sort Operations:", 2)
            counter("Autoindex Inserts:", 3)
            let hits = stmtStatus(handle, 8, 0), misses = stmtStatus(handle, 7, 0)
            if hits != 0 || misses != 0 { lines.append(("Bloom filter bypass taken:", "\(hits)/\(hits + misses)")) }
            counter("Virtual Machine Steps:", 4)
            counter("Reprepare operations:", 5)
            counter("Number of times run:", 6)
            counter("Memory used by prepared stmt:", 99)
        }
        lines += Self.inputOutput()
        return lines.map { label, value in label.padding(toLength: max(label.count, 36), withPad: " ", startingAt: 0) + " " + value + "\n" }.joined()
    }

    /// The process's I/O counters from `/proc/self/io` (Linux), as sqlite3 names them; none
    /// where there is no such file.
    private static func inputOutput() -> [(String, String)] {
        guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return [] }
        let labels = [
            "rchar": "Bytes received by read():", "wchar": "Bytes sent to write():", "syscr": "Read() system calls:",
            "syscw": "Write() system calls:", "read_bytes": "Bytes read from storage:", "write_bytes": "Bytes written to storage:",
            "cancelled_write_bytes": "Cancelled write bytes:",
        ]
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let label = labels[String(parts[0])] else { return nil }
            return (label, String(parts[1].drop { $0 == " " }))
        }
    }
}
#endif
