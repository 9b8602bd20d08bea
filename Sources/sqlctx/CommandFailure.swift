#if Tool
import ArgumentParser
import Foundation
import PortableSQL

/// A failure the tool reports in one line, such as a missing file or an unreadable key file.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs a command's work; any error is printed as one line on standard error (`sqlctx: …`),
/// with the key of any URI in it (`file:…?key=…`) redacted, and the tool exits with status 1.
func reportingErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as ExitCode {
        throw error
    } catch {
        let line = KeyStatements.withoutURIKeys(toolMessage(for: error)).split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("sqlctx: \(line)\n".utf8))
        throw ExitCode.failure
    }
}

/// The text `reportingErrors(_:)` prints for `error`: the library's own, except for the library
/// messages that advise Swift callers, which are told in terms of the tool's commands and options.
func toolMessage(for error: Error) -> String {
    guard let error = error as? SQLError else { return "\(error)" }
    // The extended code's name, the message and the statement: SQLError's debugDescription.
    let advice: String
    if let format = error.message.firstMatch(of: #/^(.+) is in SQLCipher (\d+) format, .* SQLCipherSettings\(compatibility:/#) {
        advice = "\(format.1) is in SQLCipher \(format.2) format: read it with --cipher-compatibility \(format.2), or convert it once with `sqlctx upgrade \(format.1)`"
    } else if error.message.contains("does not encrypt, so it cannot take a key") {
        advice = "the database is open without a key, so it is not encrypted and cannot take one; make an encrypted copy with `sqlctx encrypt`"
    } else if let plain = error.message.firstMatch(of: #/^(.+) starts with SQLite's plain header: /#) {
        advice = "\(plain.1) is not encrypted: open it without a key (no --key-file, --ask-key or \(KeyOptions.environmentVariable)); "
            + "sqlctx does not open SQLCipher databases that keep their header in clear"
    } else {
        return error.debugDescription
    }
    return "\(error.extendedCode.name): \(advice)"
}
#endif
