import Hummingbird

/// The HTTP API:
///
/// - `GET /health`: "ok"
/// - `GET /notes?limit=N`: the first N notes (default 100, at most 1000), oldest first
/// - `GET /notes/ID`: one note, or 404
/// - `POST /notes` with `{"title": …, "body": …}`: 201 and the note with its id; 400 for a body
///   that does not read or an empty title
/// - `GET /search?q=WORDS&limit=N`: the notes with every word, best match first; 400 without words
enum NotesRoutes {
    /// The routes above, over `store`.
    static func router(store: NotesStore) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("health") { _, _ in "ok" }
        router.get("notes") { request, _ in
            try await store.list(limit: try limit(request))
        }
        router.get("notes/:id") { _, context in
            let id = try context.parameters.require("id", as: Int64.self)
            guard let note = try await store.note(id: id) else { throw HTTPError(.notFound, message: "no note \(id)") }
            return note
        }
        router.post("notes") { request, context in
            let new = try await request.decode(as: NewNote.self, context: context)
            guard !new.title.isEmpty else { throw HTTPError(.badRequest, message: "a note needs a title") }
            return EditedResponse(status: .created, response: try await store.create(new))
        }
        router.get("search") { request, _ in
            let words = request.uri.queryParameters.get("q") ?? ""
            guard words.contains(where: { !$0.isWhitespace }) else { throw HTTPError(.badRequest, message: "search needs words: ?q=…") }
            return try await store.search(words, limit: try limit(request))
        }
        return router
    }

    /// The `limit` query parameter: 100 when absent.
    ///
    /// - Throws: `HTTPError` (400) for a limit that is not a number from 1 to 1000.
    static func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return 100 }
        guard let limit = Int(text), (1...1000).contains(limit) else { throw HTTPError(.badRequest, message: "limit is a number from 1 to 1000") }
        return limit
    }
}
