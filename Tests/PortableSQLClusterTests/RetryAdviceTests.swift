import Foundation
import PortableSQL
@testable import PortableSQLCluster
import Testing

/// A node that answers garbage or nothing gets an error that says so, with retry advice that
/// is true: a malformed answer is not a change of leader, and is not retried.
@Suite struct RetryAdviceTests {
    private let quick = SQLClusterOptions(connectTimeout: 0.5, requestTimeout: 0.5, leaderSearchTimeout: 1)
    private static let garbage = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)

    /// A fake leader whose answer to `request` is `answer` (nothing, when `nil`); a PREPARE it
    /// is not asked about gets a statement without parameters, the rest EMPTY.
    private func node(answering request: WireCodes.Request, with answer: [UInt8]?) throws -> FakeNode {
        try FakeNode(.leader { type in
            if type == request.rawValue { return answer }
            return type == WireCodes.Request.prepare.rawValue ? FakeReply.statement(parameters: 0) : FakeReply.empty
        })
    }

    /// Runs `sql` on `node`; returns its error and how long it took.
    private func run(_ sql: String, on node: FakeNode) throws -> (error: SQLError?, seconds: Double) {
        let db = try SQLContext(cluster: [node.address], database: "app", options: quick)
        defer { try? db.close() }
        let started = Date()
        let error = #expect(throws: SQLError.self) { try db.exec(sql: sql) }
        return (error, Date().timeIntervalSince(started))
    }

    @Test func aGarbageAnswerIsReportedAsSuchAndIsNotRetried() throws {
        for request in [WireCodes.Request.prepare, .query] {
            let node = try node(answering: request, with: Self.garbage)
            let error = try run("SELECT 1", on: node).error
            #expect(error?.resultCode == .protocol)
            #expect(error?.message.contains("\(node.address) answered something that is not dqlite's protocol") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("the leader kept changing") == false)
            #expect(error?.clusterRetry == nil)
            // The connection that found the leader is the only one: nothing was tried again.
            #expect(node.connectionCount == 1)
        }
    }

    @Test func aGarbageAnswerToAWriteLeavesItsOutcomeUnknown() throws {
        let node = try node(answering: .exec, with: Self.garbage)
        let error = try run("CREATE TABLE t(a)", on: node).error
        #expect(error?.clusterRetry == .outcomeUnknown)
        #expect(error?.message.contains("answered something that is not dqlite's protocol") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("its outcome is unknown: check before retrying") == true)
        #expect(node.connectionCount == 1)
    }

    @Test func silencePastTheRequestTimeoutIsATimeOutReportedAtOnce() throws {
        for request in [WireCodes.Request.prepare, .query] {
            let node = try node(answering: request, with: nil)
            let (error, seconds) = try run("SELECT 1", on: node)
            #expect(error?.message.contains("\(node.address) did not answer within 0.5 s") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains("the leader kept changing") == false)
            // Nothing was committed: running it again is safe (another leader may answer).
            #expect(error?.clusterRetry == .safe)
            #expect(seconds < 1.5)
            #expect(node.connectionCount == 1)
        }
    }

    @Test func aClusterThatIsGoneIsReportedAsRefusedAndSafeToRetry() throws {
        var node: FakeNode? = try node(answering: .query, with: FakeReply.empty)
        let address = try #require(node?.address)
        let db = try SQLContext(cluster: [address], database: "app", options: quick)
        defer { try? db.close() }
        node = nil
        let started = Date()
        let error = #expect(throws: SQLError.self) { try db.exec(sql: "CREATE TABLE t(a)") }
        #expect(error?.message.contains("no leader found among \(address)") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("Connection refused") == true)
        #expect(error?.message.contains("the statement did not run and may be retried") == true)
        #expect(error?.clusterRetry == .safe)
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func silenceAfterAWriteWasSentLeavesItsOutcomeUnknown() throws {
        let node = try node(answering: .exec, with: nil)
        let (error, seconds) = try run("CREATE TABLE t(a)", on: node)
        #expect(error?.message.contains("\(node.address) did not answer within 0.5 s") == true, "\(error?.message ?? "")")
        #expect(error?.clusterRetry == .outcomeUnknown)
        #expect(seconds < 1.5)
    }
}
