import Foundation
import PortableSQL
@testable import PortableSQLCluster
import Testing

/// The client's protocol layer against peers that misbehave, and the codes it reports.
@Suite struct WireClientTests {
    @Test func anAnswerOfTheWrongTypeClosesTheConnection() throws {
        // An EMPTY response (type 8, no body) where LEADER expects a NODE response.
        let peer = try FakeNode(.answer([0, 0, 0, 0, 8, 0, 0, 0]))
        let client = try WireClient(address: peer.address, connectTimeout: 1, requestTimeout: 2)
        defer { client.close() }
        #expect {
            _ = try client.leader()
        } throws: { error in
            if case WireError.malformed = error { return true }
            return false
        }
        let started = Date()
        #expect {
            _ = try client.leader()
        } throws: { error in
            if case WireError.closed = error { return true }
            return false
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }

    @Test func moreParametersThanTheProtocolCountsAreAClearError() throws {
        var writer = MessageWriter()
        let error = #expect(throws: ClusterFailure.self) { try writer.parameters(Array(repeating: .long(1), count: 300)) }
        #expect(error?.code == ClusterResultCodes.range)
        #expect(error?.message.contains("at most 255 parameters") == true)
        #expect(writer.bytes.isEmpty)
    }

    @Test func retryAdviceIsOnlyForTheClustersOwnCodes() {
        #expect(SQLError(code: SQLResultCode(rawValue: 10 | (32 << 8)), message: "IOERR_DATA").clusterRetry == nil)
        #expect(SQLError(code: SQLResultCode(rawValue: 10 | (33 << 8)), message: "IOERR_CORRUPTFS").clusterRetry == nil)
        #expect(SQLError(code: SQLResultCode(rawValue: 10 | (40 << 8)), message: "not leader").clusterRetry == .safe)
        #expect(SQLError(code: SQLResultCode(rawValue: 10 | (41 << 8)), message: "leadership lost").clusterRetry == .outcomeUnknown)
    }

    @Test func aRowFromAStatementSentAsAWriteIsAnErrorNotARow() {
        for code in [UInt64(0), 100, 101] {
            let failure = ClusterFailure(nodeCode: code, message: "")
            #expect(failure.code == ClusterResultCodes.error)
            #expect(failure.message.contains("answered a row"))
        }
        #expect(ClusterFailure(nodeCode: 19, message: "constraint").code == 19)
    }
}
