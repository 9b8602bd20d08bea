import PortableSQL

extension SQLError {
    /// The codes whose failure `sqlcipher_export` hides: those of the disk and the file.
    private static let exportCodes: [SQLResultCode] = [
        .full, .ioError, .readOnly, .perm, .busy, .locked, .noMemory, .corrupt, .cantOpen, .notADatabase, .tooBig, .interrupt,
    ]

    /// This error of `sqlcipher_export`, with the code of the failure behind it.
    ///
    /// `sqlcipher_export` reports every failure of the statements it runs as `SQLITE_ERROR`
    /// with their message, so a full disk would read as a SQL error. When the message is
    /// SQLite's own text for one of the codes of the disk and the file (`engine`'s
    /// `sqlite3_errstr`: "database or disk is full" is `SQLITE_FULL`), the error gets that
    /// code; any other error is returned as it is.
    package func recoveringExportCode(on engine: SQLiteEngine) -> SQLError {
        guard extendedCode == .error else { return self }
        for code in Self.exportCodes {
            if let text = engine.functions.errstr(code.rawValue), String(cString: text) == message {
                return SQLError(code: code, message: message, sql: sql)
            }
        }
        return self
    }
}
