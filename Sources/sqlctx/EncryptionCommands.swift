#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

/// `sqlctx encrypt SRC DST`: an encrypted copy of a plain database.
struct EncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Write an encrypted copy of a plain database (rows, schema and user_version).",
        discussion: """
            DST must not exist; SRC is never changed. The copy is written to a temporary file, \
            checked, then renamed, so a failure leaves no partial file. It is always in the \
            engine's own format (SQLCipher 4's); there is no option to write an older one.

            Example: sqlctx encrypt app.db app-encrypted.db --key-file key.txt
            """
    )

    @Argument(help: "The plain database to read.")
    var source: String

    @Argument(help: "The encrypted database to create.")
    var destination: String

    @OptionGroup var keyOptions: KeyOptions

    func run() throws {
        try reportingErrors {
            try checkSourceAndDestination(source, destination)
            let key = try keyOptions.requiredNewKey(for: destination)
            try SQLContext.encryptFile(at: source, to: destination, key: .passphrase(key))
            print("encrypted \(source) into \(destination)")
        }
    }
}

/// `sqlctx decrypt SRC DST`: a plain copy of an encrypted database.
struct DecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Write a plain copy of an encrypted database, which sqlite3 can open.",
        discussion: """
            DST must not exist; SRC is never changed; a failure leaves no partial file.

            Example: SQLCTX_KEY=secret sqlctx decrypt app-encrypted.db app-plain.db
            """
    )

    @Argument(help: "The encrypted database to read.")
    var source: String

    @Argument(help: "The plain database to create.")
    var destination: String

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            try checkSourceAndDestination(source, destination)
            let key = try keyOptions.requiredKey(prompt: "Key of \(source): ")
            try SQLContext.decryptFile(at: source, to: destination, key: .passphrase(key), settings: try cipherOptions.settings)
            print("decrypted \(source) into \(destination)")
        }
    }
}

/// `sqlctx rekey DB`: re-encrypts a database under a new key.
struct RekeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Change the key of an encrypted database, in place, in one transaction.",
        discussion: """
            The current key comes from --key-file, SQLCTX_KEY or a prompt; the new one from \
            --new-key-file, SQLCTX_NEW_KEY or a prompt.

            Example: sqlctx rekey app.db --key-file old.txt --new-key-file new.txt
            """
    )

    @Argument(help: "The encrypted database.")
    var database: String

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    @Option(name: .long, help: "Read the new key from this file.")
    var newKeyFile: String?

    func run() throws {
        try reportingErrors {
            let key = try keyOptions.requiredKey(prompt: "Current key of \(database): ")
            let context = try openExistingDatabase(database, key: key, settings: try cipherOptions.settings)
            defer { try? context.close() }
            let newKey: String
            if let newKeyFile {
                newKey = try KeyOptions.readKeyFile(newKeyFile)
            } else if let fromEnvironment = ProcessInfo.processInfo.environment["SQLCTX_NEW_KEY"], !fromEnvironment.isEmpty {
                newKey = fromEnvironment
            } else {
                newKey = try KeyOptions.promptNewKey(for: database)
            }
            try context.rekey(.passphrase(newKey))
            print("rekeyed \(database)")
        }
    }
}

/// Checks that `source` exists and `destination` does not, before any work starts. When it
/// does, a second name of it that a killed copy left (see `removeLeftovers(_:of:)`) is
/// removed first.
///
/// - Throws: `CommandFailure` naming the problem.
func checkSourceAndDestination(_ source: String, _ destination: String) throws {
    guard FileManager.default.fileExists(atPath: source) else { throw CommandFailure("no database at \(source)") }
    guard !FileManager.default.fileExists(atPath: destination) else {
        SQLContext.removeLeftovers(.otherNames, of: destination)
        throw CommandFailure("\(destination) already exists; choose a new file name")
    }
}

/// `sqlctx upgrade DB`: rewrites a database from an older SQLCipher's format into the engine's.
struct UpgradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Upgrade an encrypted database from SQLCipher 1–3's format to SQLCipher 4's, in place.",
        discussion: """
            Says which format it found (so it takes no --cipher-compatibility). Afterwards the database opens with its key alone, on \
            SQLCipher 4 anywhere. No other program may have it open meanwhile.

            Example: sqlctx upgrade old-app.db --key-file key.txt
            """
    )

    @Argument(help: "The encrypted database.")
    var database: String

    @OptionGroup var keyOptions: KeyOptions

    func run() throws {
        try reportingErrors {
            guard FileManager.default.fileExists(atPath: database) else { throw CommandFailure("no database at \(database)") }
            let key = try keyOptions.requiredKey(prompt: "Key of \(database): ")
            let upgrade = try SQLContext.upgradeCipherFormat(at: database, key: .passphrase(key))
            print("\(database) \(upgrade)")
        }
    }
}
#endif
