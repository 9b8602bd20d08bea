import Foundation
import PortableSQL
import PortableSQLCluster
import Testing

/// The leader SIGKILLed again and again under a write loop: every acknowledged write is there
/// afterwards, once; no write refused as safe to retry was committed; the cluster serves again
/// within a bounded time.
@Suite(.serialized) struct FailoverTests {
    static let kills = 10
    /// The longest time the cluster may take to serve writes again after a kill.
    static let recoveryLimit = 10.0

    @Test func killingTheLeaderTenTimesLosesAndDuplicatesNothing() throws {
        let cluster = try LocalCluster(latencyMilliseconds: 20)
        let setup = try cluster.context()
        try setup.exec(sql: "CREATE TABLE w(v INTEGER)")
        try setup.close()
        let addresses = cluster.addresses
        let loop = WriteLoop {
            let context = try SQLContext(cluster: addresses, database: "app", options: testOptions)
            context.busyTimeout = 5
            return context
        }
        var recoveries: [Double] = []
        do {
            defer { #expect(loop.stop()) }
            for _ in 0..<Self.kills {
                let before = loop.record.withLock { $0.acknowledged.count }
                #expect(waitUntil(timeout: 20) { loop.record.withLock { $0.acknowledged.count } >= before + 20 })
                let leader = try cluster.leader()
                let killedAt = Date()
                cluster.kill(leader)
                let recovered = waitUntil(timeout: Self.recoveryLimit) { loop.record.withLock { $0.lastAcknowledgedAt } > killedAt }
                #expect(recovered, "no write acknowledged within \(Self.recoveryLimit) s of killing node \(leader.id)")
                recoveries.append(loop.record.withLock { $0.lastAcknowledgedAt }.timeIntervalSince(killedAt))
                try cluster.start(leader)
            }
        }
        let record = loop.record.withLock { $0 }
        let reader = try cluster.context()
        defer { try? reader.close() }
        var stored: [Int64: Int] = [:]
        for row in try reader.selectAll(sql: "SELECT v FROM w") { stored[row[0].longValue ?? -1, default: 0] += 1 }
        let lost = record.acknowledged.filter { stored[$0] == nil }
        let duplicated = stored.filter { $0.value > 1 }.map(\.key)
        let committedThoughSafe = record.safe.filter { stored[$0] != nil }
        let unknownCommitted = record.unknown.filter { stored[$0] != nil }.count
        let sorted = recoveries.sorted()
        print("""
            failover: \(Self.kills) leader kills, \(record.acknowledged.count) acknowledged writes, lost \(lost.count), \
            duplicated \(duplicated.count); \(record.safe.count) refused as safe to retry (committed: \(committedThoughSafe.count)), \
            \(record.unknown.count) of unknown outcome (committed: \(unknownCommitted)); time to recover: \
            median \(String(format: "%.3f", sorted[sorted.count / 2])) s, max \(String(format: "%.3f", sorted.last ?? 0)) s
            """)
        #expect(recoveries.count == Self.kills)
        // The kills cut writes on their way: the loop met them, not only quiet moments.
        #expect(record.safe.count + record.unknown.count > 0)
        #expect(lost.isEmpty)
        #expect(duplicated.isEmpty)
        #expect(committedThoughSafe.isEmpty)
        #expect(record.otherErrors.isEmpty, "\(record.otherErrors.prefix(5))")
        #expect((sorted.last ?? .infinity) < Self.recoveryLimit)
    }
}
