import PortableSQL

/// The notes database's schema, in `user_version` steps: the notes, and an FTS5 index of their
/// titles and bodies that a trigger keeps in step (notes are never edited or deleted here).
enum NotesSchema {
    static var migrations: [SQLMigration] {
        [
            SQLMigration(version: 1, sql: """
                CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL, created REAL NOT NULL);
                CREATE VIRTUAL TABLE note_search USING fts5(title, body, content='note', content_rowid='id');
                CREATE TRIGGER note_indexed AFTER INSERT ON note BEGIN
                    INSERT INTO note_search (rowid, title, body) VALUES (new.id, new.title, new.body);
                END
                """),
        ]
    }

    /// Brings the database at `path` up to date, on a connection of its own, before the pool
    /// opens (a pool's write is one transaction, and a migration makes its own).
    ///
    /// - Throws: `SQLError` when the file cannot be opened or a step fails.
    static func migrate(path: String) throws {
        let context = try SQLContext(path: path)
        defer { try? context.close() }
        try context.migrate(migrations)
    }
}
