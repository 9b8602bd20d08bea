// NotesLoad: the client of `make example`.
//
//   NotesLoad wait URL SECONDS           until GET URL/health answers "ok" (exit 1 when it never does)
//   NotesLoad load URL CLIENTS NOTES     CLIENTS clients at once, each making NOTES notes and reading
//                                        them back, then whole-database checks; prints a summary,
//                                        exits 1 on any wrong answer
import Foundation

/// Stops the program with `message` on standard error and exit status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NotesLoad: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, let base = URL(string: arguments[1]) else {
    fail("usage: NotesLoad wait URL SECONDS | NotesLoad load URL CLIENTS NOTES")
}
let client = HTTPClient(base: base)

switch arguments[0] {
case "wait":
    guard let seconds = Double(arguments[2]) else { fail("SECONDS is not a number") }
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if let answer = try? await client.send("GET", "/health"), answer.status == 200, answer.body == Data("ok".utf8) { exit(0) }
        try await Task.sleep(for: .milliseconds(100))
    }
    fail("\(base) did not answer within \(arguments[2]) s")
case "load":
    guard arguments.count == 4, let clients = Int(arguments[2]), let notes = Int(arguments[3]), clients > 0, notes > 0 else {
        fail("CLIENTS and NOTES are numbers above 0")
    }
    let report = LoadReport()
    let checks = NotesChecks(client: client, report: report)
    let start = ContinuousClock.now
    await withTaskGroup(of: Void.self) { group in
        for index in 1...clients {
            group.addTask { await checks.runClient(index, count: notes) }
        }
    }
    await checks.checkEverything(clients: clients, count: notes)
    let elapsed = ContinuousClock.now - start
    let failures = await report.failures
    let requests = await report.latencies.count
    print("requests: \(requests) from \(clients) clients at once, \(failures.count) wrong, in \(elapsed.milliseconds)")
    print("latency: p50 \(await report.percentile(0.5).milliseconds), p99 \(await report.percentile(0.99).milliseconds), max \(await report.percentile(1).milliseconds)")
    print("notes written: \(clients * notes)")
    for failure in failures.prefix(20) { print("wrong: \(failure)") }
    exit(failures.isEmpty ? 0 : 1)
default:
    fail("unknown command \(arguments[0]); use wait or load")
}
