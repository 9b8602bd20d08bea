import Foundation
import PortableSQL
@testable import PortableSQLCluster
internal import PortableSQLSystem
import Testing

/// dqlite 1.11 answers PREPARE without first applying the log, so a leader just elected may
/// refuse a statement on a table created before the election: the client makes it apply its
/// log with a query and prepares again, once per leader connection.
@Suite struct StaleLeaderTests {
    private let quick = SQLClusterOptions(connectTimeout: 0.5, requestTimeout: 0.5, leaderSearchTimeout: 1)

    @Test func aPrepareRefusedByALeaderThatHasNotAppliedItsLogIsTriedAgainAfterAQuery() throws {
        let requests = Locked<[UInt8]>([])
        let node = try FakeNode(.leader { type in
            let seen = requests.withLock { log in
                log.append(type)
                return log
            }
            switch WireCodes.Request(rawValue: type) {
            case .prepare where seen.filter({ $0 == type }).count == 1:
                return FakeReply.failure(code: 1, message: "no such table: w")
            case .prepare: return FakeReply.statement(parameters: 0)
            case .query: return FakeReply.oneValue(type: WireCodes.integer) { $0.int64(1) }
            case .exec: return FakeReply.result(changes: 1)
            default: return FakeReply.empty
            }
        })
        let db = try SQLContext(cluster: [node.address], database: "app", options: quick)
        defer { try? db.close() }
        try db.exec(sql: "INSERT INTO w VALUES (1)")
        #expect(db.changes == 1)
        let order: [WireCodes.Request] = [.prepare, .prepare, .query, .finalize, .prepare, .exec]
        #expect(requests.withLock { $0 }.prefix(order.count) == order.map(\.rawValue)[...])
    }

    /// On a leader whose log is applied, SQL that names no table fails as it did, and only
    /// the first refusal on a connection asks for the log to be applied.
    @Test func aStatementOnAMissingTableFailsWithSQLitesError() throws {
        let requests = Locked<[UInt8]>([])
        let node = try FakeNode(.leader { type in
            requests.withLock { $0.append(type) }
            return type == WireCodes.Request.prepare.rawValue ? FakeReply.failure(code: 1, message: "no such table: nope") : FakeReply.empty
        })
        let db = try SQLContext(cluster: [node.address], database: "app", options: quick)
        defer { try? db.close() }
        for _ in 0..<2 {
            let error = #expect(throws: SQLError.self) { try db.exec(sql: "INSERT INTO nope VALUES (1)") }
            #expect(error?.message == "no such table: nope")
        }
        #expect(requests.withLock { $0 }.filter { $0 == WireCodes.Request.prepare.rawValue }.count == 3)
    }
}
