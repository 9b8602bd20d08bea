import Foundation

/// A note as the server shows it.
struct Note: Codable, Equatable, Sendable {
    var id: Int64
    var title: String
    var body: String
    var created: Double
}

/// Sends the requests of a load run and checks each answer's status and body.
struct NotesChecks: Sendable {
    let client: HTTPClient
    let report: LoadReport

    /// The body of client `client`'s note `index`: a word of its own (`c3n7`), a word of the
    /// client's (`client3`) and a word every note has (`zebra`), for the searches to count.
    static func body(client: Int, index: Int) -> String {
        "c\(client)n\(index) written by client\(client) about a zebra"
    }

    /// Sends one request and returns its answer when it has `status`; otherwise notes the failure.
    func expect(_ status: Int, _ method: String, _ path: String, json: Data? = nil) async -> Answer? {
        do {
            let answer = try await client.send(method, path, json: json)
            await report.record(answer.latency)
            guard answer.status == status else {
                await report.fail("\(method) \(path): status \(answer.status), expected \(status): \(String(decoding: answer.body, as: UTF8.self))")
                return nil
            }
            return answer
        } catch {
            await report.fail("\(method) \(path): no answer: \(error)")
            return nil
        }
    }

    /// Sends one request expecting 200 and a JSON body of type `T`, and returns it.
    func fetch<T: Decodable>(_ type: T.Type, _ path: String) async -> T? {
        guard let answer = await expect(200, "GET", path) else { return nil }
        return await decode(type, answer, "GET \(path)")
    }

    /// `answer`'s body as `T`; `nil`, with the failure noted, when it does not read.
    func decode<T: Decodable>(_ type: T.Type, _ answer: Answer, _ request: String) async -> T? {
        do {
            return try JSONDecoder().decode(type, from: answer.body)
        } catch {
            await report.fail("\(request): body does not read as \(type): \(String(decoding: answer.body, as: UTF8.self))")
            return nil
        }
    }

    /// Notes a failure unless `condition` holds.
    func check(_ condition: Bool, _ failure: @autoclosure () -> String) async {
        if !condition { await report.fail(failure()) }
    }

    /// One client: makes `count` notes, reading each back at once and listing now and then,
    /// then finds its own notes by search, all of them and only them.
    func runClient(_ client: Int, count: Int) async {
        for index in 1...count {
            let new = try! JSONEncoder().encode(["title": "note \(client)-\(index)", "body": Self.body(client: client, index: index)])
            guard let answer = await expect(201, "POST", "/notes", json: new), let note = await decode(Note.self, answer, "POST /notes") else { continue }
            await check(note.title == "note \(client)-\(index)" && note.body == Self.body(client: client, index: index) && note.id > 0, "POST /notes gave \(note)")
            let read = await fetch(Note.self, "/notes/\(note.id)")
            await check(read == note, "GET /notes/\(note.id) gave \(String(describing: read)), not \(note)")
            if index % 5 == 0 {
                let some = await fetch([Note].self, "/notes?limit=5")
                await check(some?.count == 5, "GET /notes?limit=5 gave \(some?.count ?? -1) notes")
            }
        }
        let mine = await fetch([Note].self, "/search?q=client\(client)&limit=1000")
        let titles = Set((mine ?? []).map(\.title))
        await check(titles == Set((1...count).map { "note \(client)-\($0)" }), "search for client\(client) found \(titles.count) of its \(count) notes")
    }

    /// After every client: the list and the searches see every note once, and bad requests are
    /// refused with the right status.
    func checkEverything(clients: Int, count: Int) async {
        let total = clients * count
        let all = await fetch([Note].self, "/notes?limit=1000")
        await check(all?.count == total && Set(all?.map(\.id) ?? []).count == total, "GET /notes gave \(all?.count ?? -1) notes, expected \(total) different ones")
        let zebras = await fetch([Note].self, "/search?q=zebra&limit=1000")
        await check(zebras?.count == total, "search for zebra found \(zebras?.count ?? -1) of \(total)")
        let one = await fetch([Note].self, "/search?q=c1n1%20zebra")
        await check(one?.map(\.title) == ["note 1-1"], "search for c1n1 zebra gave \(one?.map(\.title) ?? [])")
        let tricky = await fetch([Note].self, "/search?q=%22zebra%20OR%20NEAR(")
        await check(tricky?.isEmpty == true, "a search with FTS5 syntax in it gave \(tricky?.count ?? -1) notes")
        _ = await expect(404, "GET", "/notes/999999999")
        _ = await expect(400, "POST", "/notes", json: Data("{\"title\": ".utf8))
        _ = await expect(400, "POST", "/notes", json: Data("{\"title\": \"\", \"body\": \"x\"}".utf8))
        _ = await expect(400, "GET", "/search?q=%20")
        _ = await expect(400, "GET", "/notes?limit=0")
    }
}
