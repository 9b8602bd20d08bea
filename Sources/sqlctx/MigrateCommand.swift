#if Tool
import ArgumentParser
import Foundation
import PortableSQLPlus

/// `sqlctx migrate DB DIR`: applies numbered SQL files above the database's user_version.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the NNN_name.sql files of a folder whose number is above the database's user_version.",
        discussion: """
            Each file runs in its own transaction together with setting user_version to its \
            number; a failing file is rolled back alone. A database whose user_version is above \
            every file's number was written by something newer and is refused untouched.

            A step's file is named NNN_name.sql, NNN-name.sql or NNN.sql, where NNN is its number \
            (1 or more; leading zeros are fine) and .sql may be in any case. Another .sql file is \
            skipped with a warning on standard error; files of other kinds are ignored. A failing \
            step's error names its file.

            Example: sqlctx migrate app.db migrations/
            """
    )

    @Argument(help: "The database file (created when missing).")
    var database: String

    @Argument(help: "The folder of NNN_name.sql files.")
    var directory: String

    @OptionGroup var keyOptions: KeyOptions

    @OptionGroup var cipherOptions: CipherOptions

    func run() throws {
        try reportingErrors {
            let steps = try Self.loadSteps(from: directory)
            let key = try keyOptions.key()
            let context = try SQLContext(path: database, configuration: key == nil ? .platform : .plus)
            defer { try? context.close() }
            if let key { try context.key(.passphrase(key), settings: try cipherOptions.settings) }
            let before = try context.getUserVersion()
            let applied = try context.migrate(steps)
            for version in applied {
                let name = steps.first { $0.version == version }?.name ?? ""
                print("applied \(version) \(name)")
            }
            print(applied.isEmpty ? "\(database) is up to date at version \(before)" : "\(database) is now at version \(applied.last ?? before)")
        }
    }

    /// The migration steps of `directory`, in order of their numbers. A file named `NNN_name.sql`,
    /// `NNN-name.sql` or `NNN.sql` (any case of `.sql`) is a step; another `.sql` file is skipped with
    /// a warning on standard error, and other files are ignored.
    ///
    /// - Throws: `CommandFailure` for an unreadable folder or file, two files with one number, or no steps.
    static func loadSteps(from directory: String) throws -> [SQLMigration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw CommandFailure("cannot read migrations folder \(directory): \((error as NSError).localizedDescription)")
        }
        var steps: [Int64: SQLMigration] = [:]
        for name in names.sorted() where name.lowercased().hasSuffix(".sql") {
            let stem = name.dropLast(4)
            let number = stem.prefix { $0.isASCII && $0.isNumber }
            let rest = stem.dropFirst(number.count)
            guard let version = Int64(number), version > 0, rest.isEmpty || rest.first == "_" || rest.first == "-" else {
                FileHandle.standardError.write(Data("sqlctx: warning: skipping \(name): a migration file's name starts with its number from 1 up (like 001_create.sql)\n".utf8))
                continue
            }
            guard steps[version] == nil else { throw CommandFailure("two migration files have number \(version)") }
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            guard let sql = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandFailure("cannot read migration file \(path)")
            }
            steps[version] = SQLMigration(version: version, name: String(stem)) { context in
                do {
                    try context.execute(script: sql)
                } catch {
                    throw CommandFailure("migration file \(name) failed: \(toolMessage(for: error))")
                }
            }
        }
        guard !steps.isEmpty else { throw CommandFailure("no NNN_name.sql files in \(directory)") }
        return steps.keys.sorted().compactMap { steps[$0] }
    }
}
#endif
