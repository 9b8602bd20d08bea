import Foundation
import PortableSQL

extension SQLContext {
    /// Checks `key` and `settings` on a private connection to this context's file when the
    /// settings in force give pages no HMAC (SQLCipher 1's format, `hmac: false`).
    ///
    /// Without a page HMAC SQLCipher cannot tell a wrong key: it decrypts page 1 into garbage
    /// whose header SQLite then takes in (its page size among others), and the connection stays
    /// unable to read the file under any later key. So the key is tried first where a failure
    /// costs nothing, and this context, whose key is already set, reads no page under a wrong
    /// key and takes another one after a failure, as with an HMAC. Databases with an HMAC, new
    /// files and in-memory databases are not checked here (one key derivation is saved).
    /// - Throws: `SQLError` (`SQLITE_NOTADB`) when the key does not open the file; `SQLError`
    ///   when the private connection cannot be opened.
    func checkKeyWithoutHMAC(_ key: SQLCipherKey, settings: SQLCipherSettings, library: SQLCipherLibrary) throws {
        // SQLCipher answers the pragma in text.
        let hmac = try selectAll(sql: "PRAGMA cipher_use_hmac").first?.first
        guard hmac?.longValue == 0 || hmac?.textValue == "0",
              let file = try databaseFile(of: "main"),
              let size = try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber, size.intValue > 0
        else { return }
        let probe = try SQLContext(path: file, on: library.engine)
        defer { probe.closeConnection() }
        try library.applyKey(key, to: try probe.checkOpen().connection)
        try settings.apply(to: probe, library: library)
        try probe.checkKey()
    }
}
