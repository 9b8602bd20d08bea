import Foundation
import PortableSQL
@testable import PortableSQLCluster
import Testing

/// Every count and length a node sends is checked against the protocol's limits before
/// anything is made of it: a node that sends absurd ones gets a clear error (its answer is
/// malformed), never a trap or a huge allocation.
@Suite struct AnswerLimitTests {
    private let quick = SQLClusterOptions(connectTimeout: 0.5, requestTimeout: 0.5, leaderSearchTimeout: 1)

    /// The error of running `sql` (prepared, then stepped once) on a fake leader that answers
    /// PREPARE with `statement` and everything else with `reply`'s answer.
    private func failure(
        of sql: String, statement: [UInt8] = FakeReply.statement(parameters: 0), _ reply: @escaping @Sendable (UInt8) -> [UInt8]? = { _ in FakeReply.empty }
    ) throws -> SQLError? {
        let node = try FakeNode(.leader { type in type == WireCodes.Request.prepare.rawValue ? statement : reply(type) })
        let db = try SQLContext(cluster: [node.address], database: "app", options: quick)
        defer { try? db.close() }
        return #expect(throws: SQLError.self) {
            let prepared = try db.prepare(sql: sql)
            defer { try? prepared.close() }
            _ = try prepared.next()
        }
    }

    /// Checks that `error` says the answer was malformed, naming `what`.
    private func expectMalformed(_ error: SQLError?, naming what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(error?.resultCode == .protocol, sourceLocation: sourceLocation)
        #expect(error?.message.contains("not dqlite's protocol") == true, "\(error?.message ?? "no error")", sourceLocation: sourceLocation)
        #expect(error?.message.contains(what) == true, "\(error?.message ?? "no error")", sourceLocation: sourceLocation)
    }

    @Test func aParameterCountBeyondTheProtocolsIsAMalformedAnswer() throws {
        for count in [UInt64.max, 1 << 33, 256] {
            let error = try failure(of: "SELECT ?", statement: FakeReply.statement(parameters: count))
            expectMalformed(error, naming: "\(count) parameters")
        }
    }

    @Test func aColumnCountBeyondSQLitesOrItsMessageIsAMalformedAnswer() throws {
        for count in [UInt64.max, 1 << 33, 40_000] {
            let error = try failure(of: "SELECT 1") { _ in FakeReply.rows(columns: count) { $0.text("a") } }
            expectMalformed(error, naming: "\(count) columns")
        }
        // Within SQLite's limit, but more names than the message holds.
        let short = try failure(of: "SELECT 1") { _ in FakeReply.rows(columns: 3000) { $0.text("a") } }
        expectMalformed(short, naming: "3000 columns")
    }

    @Test func aBlobOrTextLongerThanItsMessageIsAMalformedAnswer() throws {
        for length in [UInt64.max, 1 << 33, 64] {
            let error = try failure(of: "SELECT 1") { _ in
                FakeReply.oneValue(type: WireCodes.blob) { body in
                    body.uint64(length)
                    body.uint64(0)
                }
            }
            expectMalformed(error, naming: "blob of \(length) bytes")
        }
        let unended = try failure(of: "SELECT 1") { _ in
            var header = FakeReply.header(words: 4, type: WireCodes.Response.rows.rawValue)
            var body = MessageWriter()
            body.uint64(1)
            body.text("v")
            body.uint64(UInt64(WireCodes.text))
            header += body.bytes + Array("12345678".utf8)
            return header
        }
        expectMalformed(unended, naming: "a text has no end")
    }

    /// A part (more batches follow) without a row could be followed by such parts for ever,
    /// each in time: it is refused at once, with columns or without.
    @Test func anEmptyBatchThatSaysMoreFollowIsAMalformedAnswer() throws {
        let withColumn = try failure(of: "SELECT 1") { _ in
            FakeReply.rows(columns: 1) { body in
                body.text("v")
                body.uint64(WireCodes.rowsPart)
            }
        }
        expectMalformed(withColumn, naming: "a batch of no rows that says more follow")
        let withoutColumns = try failure(of: "SELECT 1") { _ in FakeReply.rows(columns: 0) { $0.uint64(WireCodes.rowsPart) } }
        expectMalformed(withoutColumns, naming: "a batch of no rows that says more follow")
    }

    @Test func aValueOfAnUnknownTypeIsAMalformedAnswer() throws {
        let error = try failure(of: "SELECT 1") { _ in FakeReply.oneValue(type: 14) { $0.uint64(0) } }
        expectMalformed(error, naming: "a value of type 14")
    }

    @Test func aMessageLargerThanTheProtocolsIsRefusedBeforeItIsRead() throws {
        let error = try failure(of: "SELECT 1") { _ in FakeReply.header(words: .max, type: WireCodes.Response.rows.rawValue) }
        expectMalformed(error, naming: "a header announces \(UInt32.max) words")
    }

    @Test func aChangeCountBeyondInt64IsAMalformedAnswer() throws {
        let error = try failure(of: "CREATE TABLE t(a)") { _ in FakeReply.result(changes: .max) }
        #expect(error?.message.contains("not dqlite's protocol") == true)
        #expect(error?.message.contains("\(UInt64.max) rows changed") == true)
    }

    @Test func aFailureCodeBeyondSQLitesIsAMalformedAnswer() throws {
        // The low 32 bits spell SQLITE_IOERR_NOT_LEADER, which must not be read as a leader change.
        let code = UInt64(1) << 32 | UInt64(ClusterResultCodes.notLeader)
        let error = try failure(of: "SELECT 1") { _ in FakeReply.failure(code: code, message: "not leader") }
        expectMalformed(error, naming: "failure code \(code)")
        #expect(error?.clusterRetry == nil)
    }

    @Test func aMemberCountBeyondItsMessageIsAMalformedAnswer() throws {
        for count in [UInt64.max, 9_999] {
            let node = try FakeNode(.leader { _ in FakeReply.nodes(count: count) { $0.uint64(2) } })
            let error = #expect(throws: SQLError.self) { _ = try SQLClusterNode.members(of: [node.address], options: quick) }
            #expect(error?.message.contains("does not speak dqlite's protocol") == true)
            #expect(error?.message.contains("\(count) members") == true, "\(error?.message ?? "no error")")
        }
    }
}
