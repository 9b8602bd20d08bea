import ArgumentParser
import Foundation

/// A failure the tool reports in one line, such as a missing file or an unreadable key file.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs a command's work; any error is printed as one line on standard error (`sqlctx: …`) and
/// the tool exits with status 1.
func reportingErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as ExitCode {
        throw error
    } catch {
        let line = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("sqlctx: \(line)\n".utf8))
        throw ExitCode.failure
    }
}
