import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

internal import PortableSQLSystem

/// Each whole-file rewrite and copy runs in a child process that is killed with SIGKILL at one
/// point, once for every point: just before each of its own steps (`FileSteps`: each unlink,
/// fsync, link and rename it makes, and points spread through SQLite's copy), and, under strace,
/// just before each rename, link, unlink, fsync, fdatasync and ftruncate the process makes,
/// SQLite's own included. After each kill the database opens in its former form or its new one
/// with every row, and a copy is either absent or complete; a temporary file left behind is
/// private (0600) unless it is the complete new file; after the next call on that destination
/// no file but the database (and the source of a copy) is left in the folder, and no encrypted
/// file holds a row's text in clear.
@Suite struct KilledRewriteTests {
    static let operations = [
        RewriteOperation(name: "encrypt-in-place", from: .plain, to: .encrypted),
        RewriteOperation(name: "decrypt-in-place", from: .encrypted, to: .plain),
        RewriteOperation(name: "upgrade-in-place", from: .sqlcipher3, to: .encrypted),
        RewriteOperation(name: "encrypt-copy", from: .plain, to: .encrypted),
        RewriteOperation(name: "decrypt-copy", from: .encrypted, to: .plain),
        RewriteOperation(name: "export-plain", from: .encrypted, to: .plain),
        RewriteOperation(name: "export-encrypted", from: .plain, to: .encrypted),
        RewriteOperation(name: "backup-plain", from: .plain, to: .plain),
        RewriteOperation(name: "backup-encrypted", from: .encrypted, to: .encrypted),
    ]

    /// The system calls the strace test kills before.
    static let killedCalls = ["rename", "link", "unlink", "fsync", "fdatasync", "ftruncate"]

    /// Whether strace can trace a child here (it needs ptrace).
    static let canTrace = (try? run("/usr/bin/strace", ["-f", "-qq", "-o", "/dev/null", "/bin/true"])) != nil

    @Test(arguments: operations)
    func killedBeforeEachStep(operation: RewriteOperation) throws {
        let run = try KilledRewriteRun(operation)
        let steps = try run.steps()
        // The last step flushes the folder, after the new file took its name.
        try #require(steps.filter { $0 == "copying" }.count > 3 && steps.last == "fsync folder", "\(operation): steps \(steps)")
        for step in 1...steps.count {
            let folder = try run.freshFolder("step-\(step)")
            let (output, killed) = try run.helper(in: folder, killAt: step)
            try #require(killed && output.contains("killed at \(step) \(steps[step - 1])"), "\(operation) step \(step): \(output)")
            try run.check(folder, "\(operation), killed before step \(step) (\(steps[step - 1]))")
        }
        print("killed rewrite \(operation): \(steps.count) kills before its steps (\(steps.filter { $0 == "copying" }.count) in SQLite's copy), \(RewriteForm.rows) rows, \(run.leftBehind.value) left files behind, all gone after the next call")
    }

    @Test(.enabled(if: canTrace, "strace cannot trace a child process here (it needs ptrace)"), arguments: operations)
    func killedBeforeEachSystemCall(operation: RewriteOperation) throws {
        let run = try KilledRewriteRun(operation)
        let sequence = try run.systemCalls(Self.killedCalls)
        // One rename (or link) gives the new file its name, and an fsync (the folder's) follows.
        let naming = sequence.lastIndex { $0 == "rename" || $0 == "link" }
        #expect(sequence.filter { $0 == "rename" || $0 == "link" }.count == 1 && sequence[(naming ?? sequence.endIndex)...].contains("fsync"), "\(operation): \(sequence)")
        let calls = Dictionary(sequence.map { ($0, 1) }, uniquingKeysWith: +)
        var kills = 0
        for (call, count) in calls.sorted(by: { $0.key < $1.key }) {
            for number in 1...count {
                let folder = try run.freshFolder("\(call)-\(number)")
                let (output, killed) = try run.tracedHelper(in: folder, killingBefore: call, number: number)
                try #require(killed, "\(operation): not killed before \(call) \(number): \(output)")
                try run.check(folder, "\(operation), killed before \(call) number \(number)")
                kills += 1
            }
        }
        print("killed rewrite \(operation) under strace: \(kills) kills before \(calls.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")), \(run.leftBehind.value) left files behind, all gone after the next call")
    }
}
