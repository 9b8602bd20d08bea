import Foundation

/// A SQLCipher key: a passphrase (stretched by SQLCipher's key derivation) or raw key bytes
/// (used as they are, which skips the slow derivation).
///
/// The key is never printed: `description` and `debugDescription` hide it.
public enum SQLCipherKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible, CustomDebugStringConvertible {
    /// A passphrase; it must not be empty.
    case passphrase(String)
    /// A raw key of 32 bytes (AES-256), or 48 bytes (the key followed by the 16-byte file salt).
    case raw(Data)

    /// A string literal is a passphrase.
    public init(stringLiteral value: String) {
        self = .passphrase(value)
    }

    /// Hides the key.
    public var description: String {
        switch self {
        case .passphrase: return "SQLCipherKey.passphrase(<redacted>)"
        case .raw(let bytes): return "SQLCipherKey.raw(<\(bytes.count) bytes redacted>)"
        }
    }

    /// Hides the key.
    public var debugDescription: String { description }

    /// The key as SQLCipher reads it: the passphrase, or `x'…'` with the raw bytes in hex.
    var keyText: String {
        switch self {
        case .passphrase(let passphrase): return passphrase
        case .raw(let bytes): return "x'" + bytes.map { String(format: "%02X", $0) }.joined() + "'"
        }
    }

    /// - Throws: `SQLError` (`SQLITE_MISUSE`) for an empty passphrase (SQLCipher would leave the
    ///   database unencrypted) or a raw key that is not 32 or 48 bytes.
    func validate() throws {
        switch self {
        case .passphrase(let passphrase) where passphrase.isEmpty:
            throw SQLError(code: .misuse, message: "an empty passphrase would leave the database unencrypted")
        case .raw(let bytes) where bytes.count != 32 && bytes.count != 48:
            throw SQLError(code: .misuse, message: "a raw SQLCipher key is 32 bytes (or 48 with its salt), not \(bytes.count)")
        default:
            return
        }
    }
}
