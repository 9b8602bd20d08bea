import Foundation
import PortableSQLTestSupport
import Testing

/// Runs the same input through `sqlite3` and `sqlctx shell`, each on its own copy of one
/// database, and expects the same bytes on standard output, the same exit status, and the
/// same errors (sqlite3's lines that point into the statement, `  ^--- error here`, are not
/// printed by sqlctx).
enum Sqlite3Parity {
    /// Values of every kind that modes print differently: a pipe, text beyond ASCII, a blob
    /// that is no UTF-8, one with a NUL, line breaks, -0.0, large and small reals, quotes,
    /// a tab, HTML's special characters, Int64.max.
    static let seed = """
        CREATE TABLE t(a,b,c);
        INSERT INTO t VALUES (1,'x|y',NULL),(2.5,'héllo wörld',x'41FF'),(1e20,'line
        two',0.1),(-0.0,'',3),(1e300,'it''s "q"',x'00'),(-7,'tab	here','<&>'),(9223372036854775807,'a,b',1e-5);
        """

    /// A copy of the seeded database for each program, both named `db.sqlite` (in folders of
    /// their own, where each program runs) so that what names the file prints the same.
    static func databases() throws -> (folder: TemporaryDirectory, sqlite3: String, sqlctx: String) {
        let folder = try TemporaryDirectory()
        let original = folder.path("seed.db")
        try sqlite3(original, seed)
        let folders = (folder.path("sqlite3"), folder.path("sqlctx"))
        for copy in [folders.0, folders.1] {
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: original, toPath: copy + "/db.sqlite")
        }
        return (folder, folders.0, folders.1)
    }

    /// The error lines of `errors`, without sqlite3's lines that point into a statement.
    private static func errorLines(_ errors: String) -> [String] {
        errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.hasPrefix("  ") && !$0.isEmpty }
    }

    /// `bytes` with each occurrence of the folder `directory` written as `DIR`, so that the
    /// absolute paths the two programs print (`.databases`) compare.
    private static func withoutFolder(_ bytes: Data, _ directory: String) -> Data {
        let folder = Data(directory.utf8)
        var result = Data()
        var rest = bytes[...]
        while let found = rest.firstRange(of: folder) {
            result += rest[..<found.lowerBound] + Data("DIR".utf8)
            rest = rest[found.upperBound...]
        }
        return result + rest
    }

    /// Runs `input` with `arguments` (after the database, or without one when `database` is
    /// false) through both programs and compares what they did.
    static func expectSame(_ arguments: [String], _ input: String = "", database: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (folder, first, second) = try databases()
        _ = folder
        let name = database ? ["db.sqlite"] : []
        let expected = try runSQLite3(name + arguments, input: input, directory: first)
        let actual = try runSQLCtx(name + arguments, input: input, directory: second)
        let what = "\(arguments) \(input.prefix(60))"
        #expect(!actual.timedOut, "\(what) timed out", sourceLocation: sourceLocation)
        #expect(
            withoutFolder(actual.outputBytes, second) == withoutFolder(expected.outputBytes, first),
            "\(what)\nsqlite3:\n\(expected.output)\nsqlctx:\n\(actual.output)", sourceLocation: sourceLocation)
        #expect(actual.status == expected.status, "\(what): status \(actual.status), sqlite3 \(expected.status)", sourceLocation: sourceLocation)
        #expect(
            errorLines(actual.errors.replacingOccurrences(of: second, with: "DIR")) == errorLines(expected.errors.replacingOccurrences(of: first, with: "DIR")),
            "\(what)", sourceLocation: sourceLocation)
    }
}
