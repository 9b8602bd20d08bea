import Foundation
import PortableSQLTestSupport

/// One operation run once under strace in a fresh folder, then replayed call by call in a
/// `FolderModel`: after each call that changed what a power cut could leave, the states of
/// `CutStates` are drawn, and each one not seen before is written out and checked.
struct PowerLossRun {
    /// The figures of a run.
    struct Figures: CustomStringConvertible {
        var calls = 0
        var cutPoints = 0
        var generated = 0
        var checked = 0
        /// States after the operation returned in which the database's rollback journal was
        /// back (its deletion, the commit, not yet durable): SQLite rolls the last transaction back.
        var journalBack = 0
        var failures: [String] = []
        var description: String {
            "\(calls) calls traced, \(cutPoints) cut points\(PowerLossRun.stride > 1 ? " (states at every \(PowerLossRun.stride)th)" : ""), \(generated) states generated, \(checked) distinct states checked (\(journalBack) after the end with the journal back), \(failures.count) failed"
        }
    }

    let operation: PowerLossOperation
    let setup: KilledRewriteRun

    /// `$PORTABLESQL_POWER_LOSS_KEEP`: an existing folder where each failing state is kept, in a
    /// folder named for the operation and the failure's number.
    static let keptFailures = ProcessInfo.processInfo.environment["PORTABLESQL_POWER_LOSS_KEEP"]

    /// `$PORTABLESQL_POWER_LOSS_STRIDE` (1 by default): states are drawn at every Nth cut point
    /// only, and at the end. `make sanitize` sets 10: under a sanitizer the checks run about ten
    /// times slower, and what a sanitizer looks at runs at every point alike.
    static let stride = max(1, ProcessInfo.processInfo.environment["PORTABLESQL_POWER_LOSS_STRIDE"].flatMap { Int($0) } ?? 1)

    init(_ operation: PowerLossOperation) throws {
        self.operation = operation
        setup = try KilledRewriteRun(RewriteOperation(name: operation.name, from: operation.from, to: operation.from))
    }

    /// Traces the operation, then checks every state drawn.
    ///
    /// - Throws: when the operation fails, or its trace cannot be read or holds a call that
    ///   `FolderModel` does not model.
    func run() throws -> Figures {
        let folder = URL(fileURLWithPath: try setup.freshFolder("traced")).resolvingSymlinksInPath().path
        var model = try FolderModel(folder: folder)
        let log = setup.directory.path("trace")
        let output = try setup.launch("/usr/bin/strace", SystemCallTrace.arguments(log: log) + [setup.helperPath] + setup.arguments(in: folder, killAt: 0)).output
        guard output.contains("steps ") else { throw TraceFailure("\(operation) did not finish: \(output.suffix(300))") }
        let calls = try SystemCallTrace.parse(try Data(contentsOf: URL(fileURLWithPath: log)))
        var figures = Figures(calls: calls.count)
        var seen = Set<StateKey>()
        let scratch = setup.directory.path("state")
        // Each call that changed anything is a cut point, and so is the end, after the
        // operation returned (what it reported then is known).
        let points = calls.enumerated().map { (point: $0.offset, call: Optional($0.element)) } + [(calls.count, nil)]
        for (point, call) in points {
            if let call, try !model.apply(call) { continue }
            figures.cutPoints += 1
            if call != nil, figures.cutPoints % Self.stride != 0 { continue }
            let progress = PowerLossOperation.Progress(model.reports)
            for state in CutStates.states(of: model, at: point) {
                figures.generated += 1
                guard seen.insert(StateKey(state, progress)).inserted else { continue }
                figures.checked += 1
                if progress.done, state["db-journal"] != nil { figures.journalBack += 1 }
                if let failure = operation.check(state, progress: progress, scratch: scratch) {
                    figures.failures.append("cut after \(call.map { "call \(point) (\($0.name))" } ?? "the end"), \(progress): \(failure)")
                    if let keep = Self.keptFailures {
                        _ = try StateFolder.write(state, to: "\(keep)/\(operation)-\(figures.failures.count)")
                    }
                }
            }
        }
        try checkModelMatches(model, folder)
        return figures
    }

    /// Checks that the model, everything kept, holds what the folder holds once the program
    /// ended (the WAL index aside, which SQLite writes through a mapping): a write the trace
    /// did not show would leave them apart.
    ///
    /// - Throws: `TraceFailure` naming the first file that differs.
    func checkModelMatches(_ model: FolderModel, _ folder: String) throws {
        let modelled = model.state(keptNames: model.pendingNames.count) { _, _ in .kept }.filter { !$0.key.hasSuffix("-shm") }
        var onDisk: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasSuffix("-shm") {
            onDisk[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        guard modelled == onDisk else {
            let names = Set(modelled.keys).union(onDisk.keys).sorted()
            let differing = names.first { modelled[$0] != onDisk[$0] } ?? "?"
            throw TraceFailure("\(operation): the model's \(differing) (\(modelled[differing]?.count ?? -1) bytes) is not the folder's (\(onDisk[differing]?.count ?? -1) bytes)")
        }
    }
}

/// A state and what the program had reported when it was drawn, for telling states apart.
struct StateKey: Hashable {
    let files: [String: Int]
    let progress: PowerLossOperation.Progress

    init(_ state: [String: [UInt8]], _ progress: PowerLossOperation.Progress) {
        files = state.mapValues { bytes in
            var hasher = Hasher()
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            return hasher.finalize()
        }
        self.progress = progress
    }
}
