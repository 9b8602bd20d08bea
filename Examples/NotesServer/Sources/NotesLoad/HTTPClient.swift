import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer of the server: its status, body, and how long the request took.
struct Answer: Sendable {
    var status: Int
    var body: Data
    var latency: Duration
}

/// Sends requests to the server at `base` (http://127.0.0.1:PORT), each with a 10 s limit.
struct HTTPClient: Sendable {
    let base: URL

    /// Sends `method` to `path` (with its query) with `body` as JSON.
    ///
    /// - Throws: `URLError` when no answer came (refused, timed out).
    func send(_ method: String, _ path: String, json body: Data? = nil) async throws -> Answer {
        guard let url = URL(string: path, relativeTo: base) else { throw URLError(.badURL) }
        var request = URLRequest(url: url, timeoutInterval: 10)
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let start = ContinuousClock.now
        let (data, response) = try await URLSession.shared.data(for: request)
        let latency = ContinuousClock.now - start
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data, latency: latency)
    }
}
