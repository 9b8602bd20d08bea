import Foundation

/// SQLCipher's per-database settings, applied right after the key and before the first read.
///
/// Leave a setting `nil` to keep the engine's default. They must match how the file was written:
/// a database made by SQLCipher 3 with its defaults opens on SQLCipher 4 with
/// `SQLCipherSettings(compatibility: 3)` (or `.sqlcipher3`), for example.
public struct SQLCipherSettings: Sendable, Hashable {
    /// The page size in bytes (`cipher_page_size`): a power of two from 512 to 65536.
    public var pageSize: Int?
    /// The PBKDF2 iteration count for passphrases (`kdf_iter`); unused with raw keys.
    public var kdfIterations: Int?
    /// Whether each page carries an HMAC that detects tampering (`cipher_use_hmac`).
    public var hmac: Bool?
    /// The SQLCipher major version whose defaults to use (`cipher_compatibility`, SQLCipher 4 and later).
    public var compatibility: Int?
    /// The hash of PBKDF2, which turns a passphrase into the key (`cipher_kdf_algorithm`, SQLCipher 4).
    public var kdfAlgorithm: HashAlgorithm?
    /// The hash of each page's HMAC (`cipher_hmac_algorithm`, SQLCipher 4).
    public var hmacAlgorithm: HashAlgorithm?
    /// How many bytes at the start of the file stay in clear (`cipher_plaintext_header_size`,
    /// SQLCipher 4): 32 keeps SQLite's header readable, which iOS needs for databases in shared
    /// containers. The file's salt is then not stored in it: give it with `salt`, or as the last
    /// 16 bytes of a 48-byte raw key.
    public var plaintextHeaderSize: Int?
    /// The file's 16-byte salt (`cipher_salt`, SQLCipher 4), for databases with a plain header.
    public var salt: Data?

    /// A hash function for PBKDF2 or the page HMAC.
    public enum HashAlgorithm: String, Sendable, Hashable, CaseIterable {
        /// SHA-1: SQLCipher 3's default.
        case sha1 = "SHA1"
        /// SHA-256.
        case sha256 = "SHA256"
        /// SHA-512: SQLCipher 4's default.
        case sha512 = "SHA512"
    }

    /// Settings; `nil` keeps the engine's default.
    public init(
        pageSize: Int? = nil, kdfIterations: Int? = nil, hmac: Bool? = nil, compatibility: Int? = nil,
        kdfAlgorithm: HashAlgorithm? = nil, hmacAlgorithm: HashAlgorithm? = nil, plaintextHeaderSize: Int? = nil, salt: Data? = nil
    ) {
        self.pageSize = pageSize
        self.kdfIterations = kdfIterations
        self.hmac = hmac
        self.compatibility = compatibility
        self.kdfAlgorithm = kdfAlgorithm
        self.hmacAlgorithm = hmacAlgorithm
        self.plaintextHeaderSize = plaintextHeaderSize
        self.salt = salt
    }

    /// The engine's defaults.
    public static let `default` = SQLCipherSettings()

    /// SQLCipher 3's format on SQLCipher 4 (`cipher_compatibility = 3`): 1024-byte pages, 64,000
    /// PBKDF2-SHA1 iterations, HMAC-SHA1. What Debian 12's SQLCipher 3.4.1 writes.
    public static let sqlcipher3 = SQLCipherSettings(compatibility: 3)

    /// Applies the settings to a freshly keyed `context` on `library`.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) for a value out of range; `SQLError` (`SQLITE_ERROR`)
    ///   when the engine does not know a setting.
    func apply(to context: SQLContext, library: SQLCipherLibrary) throws {
        if let pageSize, !(512...65536).contains(pageSize) || pageSize & (pageSize - 1) != 0 {
            throw SQLError(code: .misuse, message: "cipher page size must be a power of two from 512 to 65536, not \(pageSize)")
        }
        if let kdfIterations, kdfIterations < 1 {
            throw SQLError(code: .misuse, message: "KDF iterations must be at least 1, not \(kdfIterations)")
        }
        if let compatibility, compatibility < 1 || compatibility > max(4, library.cipherMajorVersion) {
            throw SQLError(code: .misuse, message: "cipher compatibility must be a SQLCipher major version from 1 to \(max(4, library.cipherMajorVersion)), not \(compatibility)")
        }
        if let plaintextHeaderSize, plaintextHeaderSize < 0 || plaintextHeaderSize % 16 != 0 || plaintextHeaderSize > 1024 {
            throw SQLError(code: .misuse, message: "the plain header size must be a multiple of 16 from 0 to 1024, not \(plaintextHeaderSize)")
        }
        if let salt, salt.count != 16 {
            throw SQLError(code: .misuse, message: "a SQLCipher salt is 16 bytes, not \(salt.count)")
        }
        // Compatibility first: it resets the others to that version's defaults. The number is the
        // first SQLCipher major version that knows the pragma.
        let pragmas: [(name: String, value: String?, since: Int)] = [
            ("cipher_compatibility", compatibility.map(String.init), 4),
            ("cipher_page_size", pageSize.map(String.init), 2),
            ("kdf_iter", kdfIterations.map(String.init), 1),
            ("cipher_use_hmac", hmac.map { $0 ? "ON" : "OFF" }, 2),
            ("cipher_kdf_algorithm", kdfAlgorithm.map { "PBKDF2_HMAC_\($0.rawValue)" }, 4),
            ("cipher_hmac_algorithm", hmacAlgorithm.map { "HMAC_\($0.rawValue)" }, 4),
            ("cipher_plaintext_header_size", plaintextHeaderSize.map(String.init), 4),
            ("cipher_salt", salt.map { "\"x'" + $0.map { String(format: "%02X", $0) }.joined() + "'\"" }, 4),
        ]
        for case let (pragma, value?, since) in pragmas {
            guard library.cipherMajorVersion >= since else {
                throw SQLError(code: .error, message: "PRAGMA \(pragma) needs SQLCipher \(since) or later; this engine is SQLCipher \(library.cipherVersion)")
            }
            try context.exec(sql: "PRAGMA \(pragma) = \(value)")
        }
    }
}
