#if Tool
import ArgumentParser
import PortableSQLPlus

/// `sqlctx check DB`: SQLite's integrity check, and SQLCipher's page check for an encrypted file.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a database's structure (and, when encrypted, every page's HMAC).",
        discussion: """
            Prints "ok" for a sound database; otherwise prints each problem found and fails. \
            --quick skips matching indexes to their tables.

            Example: sqlctx check app.db
            """
    )

    @Argument(help: "The database file (it must exist).")
    var database: String

    @Flag(help: "Run the faster quick_check.")
    var quick = false

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            let context = try keyOptions.openExisting(database, cipher: cipherOptions, readOnly: true)
            defer { try? context.close() }
            // Pages first: SQLite's structure check stops with a bare error at a page whose HMAC
            // fails, where SQLCipher's check names each such page. SQLCipher 3 has no page check.
            var problems: [String] = []
            if context.isEncrypted, let major = context.cipherMajorVersion, major >= 4 {
                problems = try context.cipherIntegrityCheck()
            }
            if problems.isEmpty {
                problems = try context.integrityCheck(quick: quick)
            }
            guard problems.isEmpty else {
                problems.forEach { print($0) }
                throw CommandFailure("\(database) failed its integrity check: \(problems.count) problem(s)")
            }
            print("ok")
        }
    }
}
#endif
