import Foundation
import PortableSQLPlus

internal import PortableSQLSystem

/// Counts the steps of a rewrite or copy (`FileSteps`) and kills this process with SIGKILL
/// just before step `killAt` (never when it is 0), after reporting which step that is.
final class StepKiller {
    let killAt: Int
    var steps: [String] = []

    init(killAt: Int) { self.killAt = killAt }

    func reach(_ step: String) {
        steps.append(step)
        if steps.count == killAt {
            report("killed at \(steps.count) \(step)")
            kill(getpid(), SIGKILL)
        }
    }
}

/// Runs the operation named `operation` on the database at `source` (plain, encrypted with
/// `helperKey()`, or in SQLCipher 3's format under that key), writing `destination`.
func runOperation(_ operation: String, _ source: String, _ destination: String) throws {
    switch operation {
    case "rekey-in-place": try rekey(source)
    case "migrate": try migrate(source)
    case "pool-writes": try poolWrites(source)
    case "encrypt-in-place": try SQLContext.encryptFile(at: source, to: source, key: helperKey())
    case "decrypt-in-place": try SQLContext.decryptFile(at: source, to: source, key: helperKey())
    case "upgrade-in-place": _ = try SQLContext.upgradeCipherFormat(at: source, key: helperKey())
    case "encrypt-copy": try SQLContext.encryptFile(at: source, to: destination, key: helperKey())
    case "decrypt-copy": try SQLContext.decryptFile(at: source, to: destination, key: helperKey())
    case "export-plain", "backup-encrypted":
        let context = try open(source, engine: "plus")
        defer { try? context.close() }
        if operation == "export-plain" {
            try context.export(destination, key: nil)
        } else {
            try context.backup(toPath: destination, key: helperKey(), pagesPerStep: 16)
        }
    case "export-encrypted", "backup-plain":
        let context = try SQLContext(path: source, configuration: .plus)
        defer { try? context.close() }
        if operation == "export-encrypted" {
            try context.export(destination, key: helperKey())
        } else {
            try context.backup(toPath: destination, pagesPerStep: 16)
        }
    default:
        fail("no operation \(operation)")
    }
}

/// `rewrite OPERATION SOURCE DESTINATION KILL_AT`: runs OPERATION, killed just before its step
/// KILL_AT; with KILL_AT 0 it runs to the end and prints "steps N" and the steps, one a line.
func runRewrite(_ operation: String, _ source: String, _ destination: String, killAt: Int) throws {
    let killer = StepKiller(killAt: killAt)
    FileSteps.observer = killer.reach
    try runOperation(operation, source, destination)
    FileSteps.observer = nil
    report("steps \(killer.steps.count)")
    for step in killer.steps { report("step \(step)") }
}
