import Foundation
@testable import PortableSQLPlus
import Testing

/// A SQLCipher engine under test, with the command-line program built from the same source.
public struct CipherEngine: CustomTestStringConvertible, Sendable {
    /// The name tests show (`plus`, `sqlcipher3`).
    public let name: String
    /// The configuration that opens contexts on the engine.
    public let configuration: SQLiteConfiguration
    /// The `sqlcipher` command-line program built from the same source.
    public let program: String

    /// The name, as test results show the engine.
    public var testDescription: String { name }

    /// `.plus` (SQLCipher 4 on this machine), and Debian's SQLCipher 3.4.1 named by its file
    /// where Debian 12 ships it and it can load: not under a sanitizer, since it needs
    /// RTLD_DEEPBIND (`debian12HasSQLCipher3` checks both cases).
    public static let all: [CipherEngine] = {
        var engines = [CipherEngine(name: "plus", configuration: .plus, program: defaultSQLCipherProgram)]
        if FileManager.default.fileExists(atPath: systemSQLCipherLibrary), !SharedLibraryFile.sanitizerIsLoaded {
            engines.append(CipherEngine(name: "sqlcipher3", configuration: .sqlcipher(libraryAt: systemSQLCipherLibrary), program: systemSQLCipherProgram))
        }
        return engines
    }()
}
