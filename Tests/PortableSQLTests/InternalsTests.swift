import Foundation
@testable import PortableSQL
import PortableSQLTestSupport
import Testing

/// The statement cache and registry, checked from the inside.
@Suite struct InternalsTests {
    /// `count` different statements, each selecting its own number.
    static func distinctSQL(_ count: Int, from start: Int = 0) -> [String] {
        (start..<start + count).map { "SELECT \($0) AS n" }
    }

    @Test func theCacheKeepsTheNewest64AndFinalizesTheRest() throws {
        let context = try makeContext()
        defer { try? context.close() }
        let capacity = StatementCache.capacity
        #expect(capacity == 64)
        for (number, sql) in Self.distinctSQL(capacity + 10).enumerated() {
            #expect(try context.selectAll(sql: sql) == [[.long(Int64(number))]])
        }
        #expect(context.statementCache.count == capacity)
        #expect(context.liveStatements.count == capacity, "evicted statements are finalized, not leaked")
        let oldest = Self.distinctSQL(10)
        let newest = Self.distinctSQL(capacity, from: 10)
        #expect(oldest.allSatisfy { !context.statementCache.contains(.text($0)) })
        #expect(newest.allSatisfy { context.statementCache.contains(.text($0)) })
        // An evicted statement is prepared again on its next use.
        let log = ExecutedSQL(context)
        #expect(try context.selectAll(sql: oldest[0]) == [[.long(0)]])
        #expect(log.statements == [oldest[0]] && context.statementCache.contains(.text(oldest[0])))
    }

    @Test func theStatementsFoundLastAreTheCachedOnesEvenAsTheCacheTurnsOver() throws {
        let context = try makeContext()
        defer { try? context.close() }
        // More owners than recent places, alternating: each must find its own statement.
        let owners = (0..<StatementCache.recentCapacity + 3).map { _ in NSObject() }
        var statements: [ObjectIdentifier: SQLStatement] = [:]
        for round in 0..<3 {
            for (number, owner) in owners.enumerated() {
                let statement = try #require(try context.checkOutStatement(derivedFrom: owner, variant: 1) { "SELECT \(number)" })
                defer { context.checkIn(statement) }
                #expect(statement.sql == "SELECT \(number)")
                if round == 0 { statements[ObjectIdentifier(owner)] = statement } else { #expect(statements[ObjectIdentifier(owner)] === statement) }
                // A text key never answers for a derived one, nor the other way round.
                #expect(try context.selectAll(sql: "SELECT \(number)") == [[.long(Int64(number))]])
            }
        }
        // Once the cache has let go of a recent statement, it is neither found nor run again.
        let first = try #require(statements[ObjectIdentifier(owners[0])])
        for sql in Self.distinctSQL(StatementCache.capacity, from: 100) { _ = try context.selectAll(sql: sql) }
        #expect(first.isClosed)
        let again = try #require(try context.checkOutStatement(derivedFrom: owners[0], variant: 1) { "SELECT 0" })
        defer { context.checkIn(again) }
        #expect(again !== first && !again.isClosed)
        // A statement finalized while cached is replaced by the next check-out.
        let finalized = try #require(try context.checkOutStatement(derivedFrom: owners[1], variant: 2) { "SELECT 'two'" })
        context.checkIn(finalized)
        finalized.finalize()
        let replacement = try #require(try context.checkOutStatement(derivedFrom: owners[1], variant: 2) { "SELECT 'two'" })
        defer { context.checkIn(replacement) }
        #expect(replacement !== finalized && !replacement.isClosed)
        #expect(context.statementCache.statement(for: .derived(ObjectIdentifier(owners[1]), variant: 2)) === replacement)
    }

    @Test func aStatementInUseIsNeverEvicted() throws {
        let context = try makeContext(schema: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
        defer { try? context.close() }
        var seen: [Int64] = []
        // While the cached statement steps, the body runs more distinct statements than the cache holds.
        _ = try context.withCachedStatement("SELECT x FROM t ORDER BY x") { statement in
            while try statement.next() {
                seen.append(statement.long(at: 0))
                for sql in Self.distinctSQL(StatementCache.capacity + 1, from: Int(seen.count) * 1_000) {
                    _ = try context.selectAll(sql: sql)
                }
                #expect(!statement.isClosed)
            }
        }
        #expect(seen == [1, 2, 3])
        #expect(context.statementCache.count == StatementCache.capacity)
    }

    @Test func aCheckedOutStatementIsNotHandedOutTwice() throws {
        let context = try makeContext()
        defer { try? context.close() }
        let key = StatementKey.text("SELECT 1")
        let first = try #require(try context.checkOutStatement(key: key, owner: nil) { "SELECT 1" })
        let second = try #require(try context.checkOutStatement(key: key, owner: nil) { "SELECT 1" })
        #expect(first !== second && first.isInUse && second.isInUse)
        context.checkIn(second)
        context.checkIn(first)
        let third = try #require(try context.checkOutStatement(key: key, owner: nil) { "SELECT 1" })
        #expect(third === first, "the cached statement comes back once it is checked in")
        context.checkIn(third)
        #expect(try context.checkOutStatement(key: .text("-- nothing"), owner: nil) { "-- nothing" } == nil)
    }

    @Test func closeAllFinalizesCachedAndHeldStatements() throws {
        let context = try makeContext(schema: "CREATE TABLE t (x)")
        let cachedBefore = context.statementCache.count
        let held = try (0..<5).map { try context.prepare(sql: "SELECT x, \($0) FROM t") }
        _ = try context.selectAll(sql: "SELECT count(*) FROM t")
        #expect(context.liveStatements.count == cachedBefore + 6)
        context.liveStatements.closeAll()
        #expect(context.liveStatements.count == 0 && held.allSatisfy(\.isClosed))
        #expect(throws: SQLError.self) { try held[0].next() }
        // The cache's statement was closed too: it is prepared anew, not used closed.
        #expect(try context.selectAll(sql: "SELECT count(*) FROM t") == [[.long(0)]])
        try context.close()
        #expect(context.liveStatements.count == 0)
    }

    @Test func theOneBindingLoopBindsTakesAndCounts() throws {
        let context = try makeContext()
        defer { try? context.close() }
        let statement = try context.prepare(sql: "SELECT ?, ?, ?, typeof(?)")
        var values: [SQLValue?] = [.long(1), nil, .text("two"), .real(3.5), nil, .null]
        try statement.bind(presentValues: values)
        #expect(try statement.next() && statement.rowValues() == [.long(1), .text("two"), .real(3.5), .text("null")])
        try statement.bind(takingPresentValues: &values)
        #expect(values.allSatisfy { $0 == nil })
        #expect(try statement.next() && statement.rowValues() == [.long(1), .text("two"), .real(3.5), .text("null")])
        // Too many values: refused, and every value is still taken.
        var tooMany: [SQLValue?] = [.long(1), .long(2), .text("3"), .long(4), .blob(Data([5]))]
        let error = try #require(throws: SQLError.self) { try statement.bind(takingPresentValues: &tooMany) }
        #expect(error.code == .range && error.message.contains("5 given"), "\(error)")
        #expect(tooMany.allSatisfy { $0 == nil })
        var tooFew: [SQLValue?] = [nil, .long(1)]
        #expect(throws: SQLError.self) { try statement.bind(takingPresentValues: &tooFew) }
    }
}
