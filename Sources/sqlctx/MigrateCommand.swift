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
            defer { context.close() }
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

    /// The migration steps of `directory`, in order of their numbers.
    ///
    /// - Throws: `CommandFailure` for an unreadable folder, a `.sql` file without a number, or two files with one number.
    static func loadSteps(from directory: String) throws -> [SQLMigration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw CommandFailure("cannot read migrations folder \(directory): \((error as NSError).localizedDescription)")
        }
        var steps: [Int64: SQLMigration] = [:]
        for name in names where name.hasSuffix(".sql") {
            let number = name.prefix { $0.isASCII && $0.isNumber }
            guard let version = Int64(number), version > 0, name.dropFirst(number.count).first == "_" || name.dropFirst(number.count) == ".sql" else {
                throw CommandFailure("migration file \(name) does not start with its number (like 001_create.sql)")
            }
            guard steps[version] == nil else { throw CommandFailure("two migration files have number \(version)") }
            let path = URL(fileURLWithPath: directory).appendingPathComponent(name).path
            guard let sql = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw CommandFailure("cannot read migration file \(path)")
            }
            steps[version] = SQLMigration(version: version, name: String(name.dropLast(4)), sql: sql)
        }
        guard !steps.isEmpty else { throw CommandFailure("no NNN_name.sql files in \(directory)") }
        return steps.keys.sorted().compactMap { steps[$0] }
    }
}
