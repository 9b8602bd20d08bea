import Foundation
import Testing

/// The folder of this test target and the package root, found from this file's path.
private let testFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
private let packageRoot = testFolder.deletingLastPathComponent().deletingLastPathComponent()

/// The keys of SkipSQL's public declarations, as `SkipSQLDeclarations.txt` holds them.
private func declarationKeys() throws -> [String] {
    let text = try String(contentsOf: testFolder.appendingPathComponent("SkipSQLDeclarations.txt"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
}

/// Every `⟦KEY⟧` mark in this target's Swift files.
private func markedKeys() throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(at: testFolder, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "DeclarationCoverageTests.swift" }
    var keys: [String] = []
    for file in files {
        let text = try String(contentsOf: file, encoding: .utf8)
        var rest = text[...]
        while let open = rest.range(of: "⟦"), let close = rest[open.upperBound...].range(of: "⟧") {
            keys.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
    }
    return keys
}

/// The names README's "SkipSQL declarations not provided" list gives, each in backticks; a
/// name covers itself and its members (`SQLiteLibrary` covers `SQLiteLibrary.sqlite3_step(_:)`).
private func namesNotProvided() throws -> [String] {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    // A README without the section fails here, rather than counting every listed name as missing.
    let start = try #require(readme.range(of: "### SkipSQL declarations not provided"), "README.md has no section \"SkipSQL declarations not provided\"")
    let section = readme[start.upperBound...]
    let body = section.range(of: "\n#").map { section[..<$0.lowerBound] } ?? section
    var names: [String] = []
    for line in body.split(separator: "\n") where line.hasPrefix("- ") {
        // The names come before the reason, which follows the first "`: ".
        let listed = line.range(of: "`: ").map { line[..<$0.lowerBound] + "`" } ?? line[...]
        names += listed.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
    return names
}

private func covered(_ key: String, by names: [String]) -> Bool {
    names.contains { key == $0 || key.hasPrefix($0 + ".") }
}

/// The copy of skip-sql to compare the list with: `SKIPSQL_MIRROR`, or `../.mirror/skiptools+skip-sql/repo`
/// beside the package (a local git copy of github.com/skiptools/skip-sql; see Scripts/skipsql-suite).
private let skipSQLMirror: String? = {
    let beside = packageRoot.deletingLastPathComponent().appendingPathComponent(".mirror/skiptools+skip-sql/repo").path
    let candidates: [String?] = [ProcessInfo.processInfo.environment["SKIPSQL_MIRROR"], beside]
    return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/HEAD") }
}()

@Suite struct DeclarationCoverageTests {
    @Test func everySkipSQLDeclarationIsUsedOrListedAsNotProvided() throws {
        let keys = try declarationKeys()
        let marked = Set(try markedKeys())
        let notProvided = try namesNotProvided()
        #expect(keys.count > 400, "the list should hold all of SkipSQL's declarations")
        let missing = keys.filter { !marked.contains($0) && !covered($0, by: notProvided) }
        #expect(missing.isEmpty, "no use in the conformance test and not in README's list: \(missing)")
        let both = keys.filter { marked.contains($0) && covered($0, by: notProvided) }
        #expect(both.isEmpty, "used in the conformance test but listed as not provided: \(both)")
    }

    @Test func everyMarkNamesASkipSQLDeclaration() throws {
        let keys = Set(try declarationKeys())
        let unknown = try markedKeys().filter { !keys.contains($0) }
        #expect(unknown.isEmpty, "marks that name no SkipSQL declaration: \(unknown)")
        let listedButUnknown = try namesNotProvided().filter { name in !keys.contains { $0 == name || $0.hasPrefix(name + ".") } }
        #expect(listedButUnknown.isEmpty, "README lists names SkipSQL does not have: \(listedButUnknown)")
    }

    @Test(.enabled(if: skipSQLMirror != nil, "no copy of skip-sql: clone github.com/skiptools/skip-sql and set SKIPSQL_MIRROR"))
    func theListIsSkipSQLsCurrentOne() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("Scripts/skipsql-declarations").path,
                             "--check", testFolder.appendingPathComponent("SkipSQLDeclarations.txt").path, skipSQLMirror ?? ""]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "SkipSQL's declarations changed: \(text)")
    }
}
