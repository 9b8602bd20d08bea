import Foundation
import PortableSQLTestSupport
import Testing

/// Simulated power loss, as SQLite's crash VFS (`test6.c`) simulates it: each operation runs
/// once under strace, which records every write, truncation and sync of its files and every
/// creation, rename, link and unlink in its folder, and of the folder's own syncs
/// (`SystemCallTrace`); `FolderModel` replays the record, and after each call that changed
/// anything, `CutStates` draws the states a power cut there could leave: unsynced writes kept,
/// lost or torn at 512-byte sectors, unsynced name changes undone, latest first.
///
/// Every distinct state is written to a folder of its own and must hold what
/// `PowerLossOperation.check` asks: the database opens in its former form or its new one
/// (whichever key is tried first), passes `PRAGMA integrity_check` and holds every row it held,
/// and every write the program reported committed; once the operation returned, the new form
/// (a migration's last step may still roll back when its rollback journal is back, as SQLite
/// documents for `journal_mode = DELETE` with `synchronous = FULL`); no file holds a row's
/// text in clear where encryption was asked. `$PORTABLESQL_POWER_LOSS_KEEP` keeps the states
/// that fail (`PowerLossRun`).
@Suite struct PowerLossTests {
    static let operations = [
        PowerLossOperation(name: "encrypt-in-place", from: .plain, outcome: .inPlace(to: .encrypted)),
        PowerLossOperation(name: "decrypt-in-place", from: .encrypted, outcome: .inPlace(to: .plain)),
        PowerLossOperation(name: "rekey-in-place", from: .encrypted, outcome: .inPlace(to: .rekeyed)),
        PowerLossOperation(name: "upgrade-in-place", from: .sqlcipher3, outcome: .inPlace(to: .encrypted)),
        PowerLossOperation(name: "encrypt-copy", from: .plain, outcome: .copy(to: .encrypted)),
        PowerLossOperation(name: "decrypt-copy", from: .encrypted, outcome: .copy(to: .plain)),
        PowerLossOperation(name: "export-plain", from: .encrypted, outcome: .copy(to: .plain)),
        PowerLossOperation(name: "export-encrypted", from: .plain, outcome: .copy(to: .encrypted)),
        PowerLossOperation(name: "backup-plain", from: .plain, outcome: .copy(to: .plain)),
        PowerLossOperation(name: "backup-encrypted", from: .encrypted, outcome: .copy(to: .encrypted)),
        PowerLossOperation(name: "migrate", from: .plain, outcome: .migration),
        PowerLossOperation(name: "pool-writes", from: .encrypted, outcome: .poolWrites),
    ]

    @Test(.enabled(if: KilledRewriteTests.canTrace, "strace cannot trace a child process here (it needs ptrace)"), arguments: operations)
    func everyStateOpens(operation: PowerLossOperation) throws {
        let figures = try PowerLossRun(operation).run()
        // A run that drew few states did not trace what it should have.
        #expect(figures.cutPoints > 10 && figures.checked > figures.cutPoints / PowerLossRun.stride, "\(operation): \(figures)")
        #expect(figures.failures.isEmpty, "\(operation): \(figures)\n\(figures.failures.prefix(5).joined(separator: "\n"))")
        print("power loss \(operation): \(figures)")
    }
}
