import Foundation
import PortableSQL
import PortableSQLServer

/// The notes, read and written through the pool service (so that database errors are logged).
struct NotesStore: Sendable {
    let database: SQLContextPoolService

    /// The first `limit` notes, oldest first.
    ///
    /// - Throws: `SQLError`.
    func list(limit: Int) async throws -> [Note] {
        try await database.read { db in
            try db.selectAll(sql: "SELECT \(Note.columns) FROM note ORDER BY id LIMIT ?", parameters: [.long(Int64(limit))]).map(Note.init(row:))
        }
    }

    /// The note `id`; `nil` when there is none.
    ///
    /// - Throws: `SQLError`.
    func note(id: Int64) async throws -> Note? {
        try await database.read { db in
            try db.selectAll(sql: "SELECT \(Note.columns) FROM note WHERE id = ?", parameters: [.long(id)]).first.map(Note.init(row:))
        }
    }

    /// Stores `new` and returns it with its id, in one write (the search index follows by trigger).
    ///
    /// - Throws: `SQLError`.
    func create(_ new: NewNote) async throws -> Note {
        let created = Date().timeIntervalSince1970
        return try await database.write { db in
            try db.exec(sql: "INSERT INTO note (title, body, created) VALUES (?, ?, ?)", parameters: [.text(new.title), .text(new.body), .real(created)])
            return Note(row: [.long(db.lastInsertRowID), .text(new.title), .text(new.body), .real(created)])
        }
    }

    /// The notes with every word of `text` in their title or body, best match first (FTS5's
    /// rank), at most `limit`. Each word is searched as a quoted string, so no text a client
    /// sends is read as FTS5 query syntax.
    ///
    /// - Throws: `SQLError`.
    func search(_ text: String, limit: Int) async throws -> [Note] {
        let query = text.split(whereSeparator: \.isWhitespace).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
        return try await database.read { db in
            try db.selectAll(
                sql: """
                    SELECT \(Note.columns) FROM note_search JOIN note ON note.id = note_search.rowid
                    WHERE note_search MATCH ? ORDER BY rank LIMIT ?
                    """,
                parameters: [.text(query), .long(Int64(limit))]
            ).map(Note.init(row:))
        }
    }
}
