import Foundation
import PortableSQLCodable
import PortableSQLPlus
import Testing

// SkipSQLPlus's additions: `.plus`, key, rekey, export, attach and detach with SQLCipher.
@Suite struct PlusConformanceTests {
    @Test func keyExportAttachDetach() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-plus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("secret.db").path
        let configuration: SQLiteConfiguration = .plus // ⟦SQLiteConfiguration⟧ ⟦SQLiteConfiguration.plus⟧
        let db = try SQLContext(path: path, flags: [.readWrite, .create], configuration: configuration)
        try db.key("first") // ⟦SQLContext.key(_:rekey:)⟧
        try db.exec(sql: "CREATE TABLE T (X)")
        try db.exec(sql: "INSERT INTO T VALUES ('kept')")
        try db.key("second", rekey: true)
        let exported = folder.appendingPathComponent("exported.db").path
        try db.export(exported, key: "third") // ⟦SQLContext.export(_:key:)⟧
        try db.attach(location: exported, as: "other", key: "third") // ⟦SQLContext.attach(location:as:key:)⟧
        #expect(try db.selectAll(sql: "SELECT X FROM other.T") == [[.text("kept")]])
        try db.detach("other") // ⟦SQLContext.detach(_:)⟧
        try db.close()

        let reopened = try SQLContext(path: path, configuration: .plus)
        try reopened.key("second")
        #expect(try reopened.selectAll(sql: "SELECT X FROM T") == [[.text("kept")]])
        try reopened.close()
        // A wrong key throws, at the latest when the first statement reads (here key() checks it).
        let wrong = try SQLContext(path: exported, configuration: .plus)
        #expect(throws: SQLError.self) {
            try wrong.key("first")
            _ = try wrong.selectAll(sql: "SELECT X FROM T")
        }
        try wrong.close()
    }
}
