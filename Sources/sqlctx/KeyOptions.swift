#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

internal import PortableSQLSystem

/// Where a command gets the key of an encrypted database. There is deliberately no `--key`
/// option: a key on the command line shows in process listings and shell history.
struct KeyOptions: ParsableArguments {
    @Option(name: .long, help: "Read the key from this file (one line; a trailing newline is ignored).")
    var keyFile: String?

    @Flag(name: .long, help: "Ask for the key on the terminal, without echo.")
    var askKey = false

    /// `--key KEY`, which is taken only to be refused with the ways that do exist.
    @Option(name: [.customLong("key"), .customLong("key", withSingleDash: true)], help: .hidden)
    var keyOnCommandLine: String?

    /// Refuses `--key`, saying why there is none and what to use instead.
    ///
    /// - Throws: `ValidationError` when `--key` was given.
    func validate() throws {
        guard keyOnCommandLine == nil else {
            throw ValidationError("""
                there is no --key option, on purpose: a key on the command line shows in process listings and \
                shell history. Give it with --key-file PATH, the \(Self.environmentVariable) environment variable, \
                --ask-key, or, in the shell, PRAGMA key = '…' as the first statement
                """)
        }
    }

    /// The environment variable holding the key.
    static let environmentVariable = "SQLCTX_KEY"

    /// The key from `--key-file`, `SQLCTX_KEY` or the prompt, in that order; `nil` when none is given.
    ///
    /// - Throws: `CommandFailure` for an unreadable or empty key file, or a prompt without a terminal.
    func key(prompt: String = "Key: ") throws -> String? {
        if let keyFile { return try Self.readKeyFile(keyFile) }
        if let key = ProcessInfo.processInfo.environment[Self.environmentVariable], !key.isEmpty { return key }
        if askKey { return try Self.prompt(prompt) }
        return nil
    }

    /// Opens the existing database at `path` with the key these options give and `cipher`'s settings.
    ///
    /// - Throws: as `key(prompt:)`, `CipherOptions.settings` and `openExistingDatabase(_:key:settings:readOnly:)`.
    func openExisting(_ path: String, cipher: CipherOptions, readOnly: Bool = false) throws -> SQLContext {
        try openExistingDatabase(path, key: try key(), settings: try cipher.settings, readOnly: readOnly)
    }

    /// The key, asking on the terminal when no other source gives one.
    ///
    /// - Throws: `CommandFailure` when there is no key and no terminal to ask on.
    func requiredKey(prompt: String = "Key: ") throws -> String {
        if let key = try key(prompt: prompt) { return key }
        return try Self.prompt(prompt)
    }

    /// The key for a new encryption (encrypt): from `--key-file` or `SQLCTX_KEY`, else typed
    /// twice on the terminal (see `promptNewKey(for:)`).
    ///
    /// - Throws: `CommandFailure` for an unreadable or empty key file, no terminal, or two
    ///   different keys typed.
    func requiredNewKey(for database: String) throws -> String {
        if let keyFile { return try Self.readKeyFile(keyFile) }
        if let key = ProcessInfo.processInfo.environment[Self.environmentVariable], !key.isEmpty { return key }
        return try Self.promptNewKey(for: database)
    }

    /// Asks for a new key on the terminal twice, as `passwd` does, since a mistyped new key
    /// would lock the database away for good.
    ///
    /// - Throws: `CommandFailure` when the two keys typed differ (nothing is written then), and
    ///   as `prompt(_:)`.
    static func promptNewKey(for database: String) throws -> String {
        let key = try prompt("New key for \(database): ")
        guard try prompt("Type the new key again: ") == key else {
            throw CommandFailure("the two new keys typed differ; nothing was written (\(database) is unchanged)")
        }
        return key
    }

    /// Reads the key in `keyFile` (one line; a trailing newline is ignored), warning on standard
    /// error, as ssh does, when the file's mode lets its group or others read it.
    ///
    /// - Throws: `CommandFailure` for an unreadable or empty key file.
    static func readKeyFile(_ keyFile: String) throws -> String {
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: keyFile))
        } catch {
            throw CommandFailure("cannot read key file \(keyFile): \((error as NSError).localizedDescription)")
        }
        var key = String(decoding: contents, as: UTF8.self)
        if key.hasSuffix("\n") { key.removeLast() }
        if key.hasSuffix("\r") { key.removeLast() }
        guard !key.isEmpty else { throw CommandFailure("key file \(keyFile) is empty") }
        warnWhenReadableByOthers(keyFile)
        return key
    }

    /// Prints one line on standard error when the mode of `keyFile` lets its group or others
    /// read it (the key is still used).
    static func warnWhenReadableByOthers(_ keyFile: String) {
        var status = stat()
        guard stat(keyFile, &status) == 0, status.st_mode & 0o044 != 0 else { return }
        let mode = String(status.st_mode & 0o777, radix: 8)
        FileHandle.standardError.write(Data("sqlctx: warning: key file \(keyFile) is readable by others (mode 0\(mode)); make it private with chmod 600\n".utf8))
    }

    /// Reads a line from the terminal with echo turned off.
    ///
    /// - Throws: `CommandFailure` when there is no terminal or nothing was typed.
    static func prompt(_ message: String) throws -> String {
        let terminal = open("/dev/tty", O_RDWR)
        guard terminal >= 0 else {
            throw CommandFailure("no key given: use --key-file PATH or set \(environmentVariable) (there is no terminal to ask on)")
        }
        defer { close(terminal) }
        var saved = termios()
        tcgetattr(terminal, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Echo goes off (and what was typed before is dropped) before the prompt shows, so that
        // a key typed as soon as the prompt appears is neither echoed nor dropped.
        tcsetattr(terminal, TCSAFLUSH, &silent)
        _ = message.withCString { write(terminal, $0, strlen($0)) }
        defer {
            tcsetattr(terminal, TCSANOW, &saved)
            _ = write(terminal, "\n", 1)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(terminal, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { throw CommandFailure("no key entered") }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `--cipher-compatibility`, for the commands that read an existing encrypted database. `encrypt`
/// and `upgrade` do not take it: the first writes the engine's own format, the second finds the
/// format itself.
struct CipherOptions: ParsableArguments {
    /// The SQLCipher major versions whose format `--cipher-compatibility` reads.
    static let compatibilities = 1...4

    @Option(name: .long, help: ArgumentHelp(
        "Read a database in the format of SQLCipher N (\(compatibilities.lowerBound) to \(compatibilities.upperBound)) (PRAGMA cipher_compatibility).",
        valueName: "N"))
    var cipherCompatibility: Int?

    /// The cipher settings the options ask for when reading an encrypted database.
    ///
    /// - Throws: `CommandFailure` for a `--cipher-compatibility` outside `compatibilities`.
    var settings: SQLCipherSettings {
        get throws {
            guard let cipherCompatibility else { return .default }
            guard Self.compatibilities.contains(cipherCompatibility) else {
                throw CommandFailure("--cipher-compatibility takes a SQLCipher major version from \(Self.compatibilities.lowerBound) to \(Self.compatibilities.upperBound), not \(cipherCompatibility)")
            }
            return SQLCipherSettings(compatibility: cipherCompatibility)
        }
    }
}

/// Opens an existing database for a command, with a key and cipher settings when a key is given.
///
/// - Throws: `CommandFailure` when the file does not exist (it is never created), or `SQLError`
///   when it is not a database or the key is wrong.
func openExistingDatabase(_ path: String, key: String?, settings: SQLCipherSettings = .default, readOnly: Bool = false) throws -> SQLContext {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
        throw CommandFailure("no database at \(path)")
    }
    let flags: SQLContext.OpenFlags = readOnly ? .readOnly : .readWrite
    guard let key else {
        let context = try SQLContext(path: path, flags: flags)
        do {
            _ = try context.selectAll(sql: "SELECT count(*) FROM sqlite_master")
        } catch let error as SQLError where error.code == .notADatabase {
            throw CommandFailure("\(path) is encrypted or is not a database; give its key with --key-file, \(KeyOptions.environmentVariable) or --ask-key")
        }
        return context
    }
    let context = try SQLContext(path: path, flags: flags, configuration: .plus)
    try context.key(.passphrase(key), settings: settings)
    return context
}
#endif
