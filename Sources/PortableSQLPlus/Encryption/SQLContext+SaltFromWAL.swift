import Foundation
import PortableSQL

extension SQLContext {
    /// Keys this context again with the salt of the last committed copy of page 1 in the
    /// database's WAL, when the key did not open the file and the file's first 16 bytes, where
    /// SQLCipher reads the salt from which it derives its keys, differ from that salt.
    ///
    /// A power cut while a checkpoint writes page 1 into the file can leave that sector
    /// half-written or garbled. Plain SQLite recovers: it reads page 1 from the WAL, and the
    /// next checkpoint writes it whole. SQLCipher reads the salt from the file itself, before
    /// the WAL, and no key would open it again. The salt is no secret, and the key is still
    /// checked against every page's HMAC, so a wrong key is refused as before.
    ///
    /// - Returns: whether the key opened the database with the WAL's salt; `false` when there
    ///   is no WAL, no committed page 1 in it, the same salt in the file, settings that give
    ///   the salt already, or the key does not open it either.
    func keyWithSaltFromWAL(_ key: SQLCipherKey, settings: SQLCipherSettings, library: SQLCipherLibrary) -> Bool {
        // With a plain header the salt is not in the file, and a 48-byte raw key carries its own.
        if case .raw(let bytes) = key, bytes.count == 48 { return false }
        guard settings.salt == nil, (settings.plaintextHeaderSize ?? 0) == 0, library.cipherMajorVersion >= 4,
              let file = try? databaseFile(of: "main"), !file.isEmpty,
              let page = WALFile.lastCommittedPage(1, inWALAt: file + "-wal"), page.count >= 16
        else { return false }
        let salt = page.prefix(16)
        guard fileStart() != salt else { return false }
        var withSalt = settings
        withSalt.salt = Data(salt)
        do {
            try self.key(key, settings: withSalt, library: library)
            return true
        } catch {
            return false
        }
    }

    /// The first 16 bytes of the database file, read by SQLCipher through SQLite's own file
    /// (`PRAGMA cipher_salt` answers them after a key that did not open the file): opening the
    /// file a second time and closing it would drop the POSIX locks SQLite holds on it.
    /// `nil` when SQLCipher does not answer.
    func fileStart() -> Data? {
        guard let hex = try? selectAll(sql: "PRAGMA cipher_salt").first?.first?.textValue, hex.count == 32 else { return nil }
        var bytes = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
