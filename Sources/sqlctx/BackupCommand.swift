#if Tool
import ArgumentParser
import PortableSQLPlus

/// `sqlctx backup DB COPY`: an online backup into a new file, encrypted as the source is.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a live database into a new file with SQLite's online backup.",
        discussion: """
            Other programs may go on reading and writing the database meanwhile. An encrypted \
            database is copied encrypted, under the same key. The copy is never written over an \
            existing file, and no partial file is left on failure.

            Example: sqlctx backup app.db app-backup.db
            """
    )

    @Argument(help: "The database file to copy (it must exist).")
    var database: String

    @Argument(help: "The new file to write.")
    var copy: String

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            let key = try keyOptions.key()
            let context = try openExistingDatabase(database, key: key, settings: try cipherOptions.settings, readOnly: true)
            defer { try? context.close() }
            var pages = 0
            let progress: (Int, Int) -> Bool = { _, total in
                pages = total
                return true
            }
            if let key {
                try context.backup(toPath: copy, key: .passphrase(key), pagesPerStep: 256, progress: progress)
            } else {
                try context.backup(toPath: copy, pagesPerStep: 256, progress: progress)
            }
            print("backed up \(database) to \(copy) (\(pages) pages)")
        }
    }
}
#endif
