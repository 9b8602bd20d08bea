/// SQLCipher's per-database settings, applied right after the key and before the first read.
///
/// Leave a setting `nil` to keep the engine's default. They must match how the file was written:
/// a database made by SQLCipher 3 with its defaults opens on SQLCipher 4 with
/// `SQLCipherSettings(compatibility: 3)`, for example.
public struct SQLCipherSettings: Sendable, Hashable {
    /// The page size in bytes (`cipher_page_size`): a power of two from 512 to 65536.
    public var pageSize: Int?
    /// The PBKDF2 iteration count for passphrases (`kdf_iter`); unused with raw keys.
    public var kdfIterations: Int?
    /// Whether each page carries an HMAC that detects tampering (`cipher_use_hmac`).
    public var hmac: Bool?
    /// The SQLCipher major version whose defaults to use (`cipher_compatibility`, SQLCipher 4 and later).
    public var compatibility: Int?

    /// Settings; `nil` keeps the engine's default.
    public init(pageSize: Int? = nil, kdfIterations: Int? = nil, hmac: Bool? = nil, compatibility: Int? = nil) {
        self.pageSize = pageSize
        self.kdfIterations = kdfIterations
        self.hmac = hmac
        self.compatibility = compatibility
    }

    /// The engine's defaults.
    public static let `default` = SQLCipherSettings()

    /// Applies the settings to a freshly keyed `context`.
    ///
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) for a value out of range; `SQLError` (`SQLITE_ERROR`)
    ///   when the engine does not know a setting.
    func apply(to context: SQLContext, cipherVersion: String) throws {
        if let pageSize, !(512...65536).contains(pageSize) || pageSize & (pageSize - 1) != 0 {
            throw SQLError(code: .misuse, message: "cipher page size must be a power of two from 512 to 65536, not \(pageSize)")
        }
        if let kdfIterations, kdfIterations < 1 {
            throw SQLError(code: .misuse, message: "KDF iterations must be at least 1, not \(kdfIterations)")
        }
        if let compatibility {
            let major = Int(cipherVersion.prefix { $0 != "." }) ?? 0
            guard major >= 4 else {
                throw SQLError(code: .error, message: "cipher_compatibility needs SQLCipher 4 or later; this engine is SQLCipher \(cipherVersion)")
            }
            try context.exec(sql: "PRAGMA cipher_compatibility = \(compatibility)")
        }
        let pragmas: [(String, String?)] = [
            ("cipher_page_size", pageSize.map(String.init)),
            ("kdf_iter", kdfIterations.map(String.init)),
            ("cipher_use_hmac", hmac.map { $0 ? "ON" : "OFF" }),
        ]
        for case let (pragma, value?) in pragmas {
            try context.exec(sql: "PRAGMA \(pragma) = \(value)")
            guard try !context.selectAll(sql: "PRAGMA \(pragma)").isEmpty else {
                throw SQLError(code: .error, message: "this engine (SQLCipher \(cipherVersion)) does not know PRAGMA \(pragma)")
            }
        }
    }
}
