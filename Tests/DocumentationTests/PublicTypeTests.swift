// Every public type of the library modules (API/, written by Scripts/public-api and checked
// against the built modules by `make test`) is SkipSQL's or is justified, with one line, in
// Internals.md's "The public surface".

import Foundation
import Testing

@Suite struct PublicTypeTests {
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The type names (nested ones with their parent, `SQLContext.OpenFlags`) that `API/MODULE.txt` declares.
    static func typeNames(of module: String) throws -> [String] {
        let listing = try String(contentsOf: root.appending(path: "API/\(module).txt"), encoding: .utf8)
        let kinds = ["struct", "class", "enum", "protocol", "typealias", "actor"]
        return listing.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            let words = fields[1].split(separator: " ").drop { $0.hasPrefix("@") || ["final", "indirect"].contains($0) }
            return words.first.map { kinds.contains(String($0)) } == true ? String(fields[0]) : nil
        }
    }

    /// SkipSQL's declarations, by key (`SQLContext`, `SQLContext.OpenFlags`, `SQLContext.exec(sql:parameters:)`).
    static func skipSQLNames() throws -> Set<String> {
        let list = try String(contentsOf: root.appending(path: "Tests/SkipSQLConformanceTests/SkipSQLDeclarations.txt"), encoding: .utf8)
        return Set(list.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) })
    }

    /// The names Internals.md's "The public surface" justifies, each in backticks at the start of a list item.
    static func justifiedNames() throws -> Set<String> {
        let internals = try String(contentsOf: root.appending(path: "Sources/PortableSQL/PortableSQL.docc/Internals.md"), encoding: .utf8)
        let start = try #require(internals.range(of: "### The public surface"), "Internals.md has no section \"The public surface\"")
        let section = String(internals[start.upperBound...]).components(separatedBy: "\n### ").first ?? ""
        var names: Set<String> = []
        for item in section.components(separatedBy: "\n- ").dropFirst() {
            let head = item.prefix { $0 != ":" }
            for part in head.components(separatedBy: "`").enumerated() where part.offset % 2 == 1 {
                names.insert(part.element)
            }
        }
        return names
    }

    @Test func everyPublicTypeIsSkipSQLsOrJustified() throws {
        let modules = ["PortableSQL", "PortableSQLCodable", "PortableSQLPlus", "PortableSQLServer", "PortableSQLCluster", "PortableSQLMacros"]
        let skipSQL = try Self.skipSQLNames()
        let justified = try Self.justifiedNames()
        var ours: Set<String> = []
        for module in modules {
            let names = try Self.typeNames(of: module)
            #expect(module == "PortableSQLMacros" || !names.isEmpty, "API/\(module).txt lists no type")
            ours.formUnion(names.filter { !skipSQL.contains($0) })
        }
        let unjustified = ours.subtracting(justified).sorted()
        #expect(unjustified.isEmpty, "public types that are not SkipSQL's and not justified in Internals.md's \"The public surface\": \(unjustified)")
        let stale = justified.subtracting(ours).sorted()
        #expect(stale.isEmpty, "Internals.md's \"The public surface\" justifies types that are not public (or are SkipSQL's): \(stale)")
        let core = try Self.typeNames(of: "PortableSQL") + Self.typeNames(of: "PortableSQLCodable")
        print("public type names: \(core.count) in PortableSQL and PortableSQLCodable, \(core.filter { !skipSQL.contains($0) }.count) of them not SkipSQL's")
    }
}
