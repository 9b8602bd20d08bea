import Foundation
@testable import PortableSQLCluster
import Testing

/// What the client reads from SQL text without a SQLite to parse it: whether it returns rows,
/// how it moves the transaction, its parameters, its limits. Where the first statement ends is
/// the core's splitter's (`SQLStatementSplitterTests`).
@Suite struct StatementShapeTests {
    @Test func queriesAreToldFromWrites() {
        let queries = ["SELECT 1", "  values (1)", "EXPLAIN INSERT INTO t VALUES (1)", "WITH x AS (SELECT 1) SELECT * FROM x",
                       "PRAGMA table_info(t)", "PRAGMA journal_mode = WAL", "/* c */ select 1", "PRAGMA busy_timeout = 5000",
                       "PRAGMA main.index_list(t)", "PRAGMA user_version"]
        let writes = ["INSERT INTO t VALUES (1)", "WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "PRAGMA user_version = 3",
                      "CREATE TABLE t(a)", "UPDATE t SET a = (SELECT 1)", "BEGIN", "PRAGMA user_version(5)", "PRAGMA main.application_id = 1",
                      "PRAGMA optimize", "PRAGMA incremental_vacuum"]
        #expect(queries.filter { !StatementShape($0).returnsRows }.isEmpty)
        #expect(writes.filter { StatementShape($0).returnsRows }.isEmpty)
        #expect(StatementShape(" ; -- nothing\n").isBlank)
    }

    @Test func transactionEffectsAndParameters() {
        #expect(StatementShape("BEGIN IMMEDIATE TRANSACTION").transactionEffect == .begin)
        #expect(StatementShape("END").transactionEffect == .commit)
        #expect(StatementShape("ROLLBACK TRANSACTION").transactionEffect == .rollback)
        #expect(StatementShape("ROLLBACK TO SAVEPOINT a").transactionEffect == StatementShape.TransactionEffect.none)
        #expect(StatementShape("SAVEPOINT \"Sp 1\"").transactionEffect == .savepoint("sp 1"))
        #expect(StatementShape("RELEASE SAVEPOINT SP").transactionEffect == .release("sp"))
        #expect(StatementShape("SELECT ?, :a, ?5, :a, @b, ?, '?'").parameterNames == [nil, ":a", nil, nil, "?5", "@b", nil])
    }

    @Test func whatAClusterCannotRunIsNamed() {
        #expect(StatementShape("ATTACH 'x.db' AS x").unavailable?.contains("ATTACH and DETACH") == true)
        #expect(StatementShape("VACUUM").unavailable?.contains("VACUUM") == true)
        #expect(StatementShape("DELETE FROM t RETURNING *").unavailable?.contains("RETURNING") == true)
        #expect(StatementShape("INSERT INTO t(\"returning\") VALUES (1)").unavailable == nil)
        #expect(StatementShape("SELECT " + Array(repeating: "?", count: 256).joined(separator: ", ")).unavailable?.contains("at most 255") == true)
    }
}
