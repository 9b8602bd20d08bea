import Foundation
@testable import PortableSQL
@testable import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Every function of each engine table comes from its own library.
@Suite struct EngineIsolationTests {
    /// The mappings of this process: address ranges and the files mapped there.
    func mappings() throws -> [(range: ClosedRange<UInt>, file: String)] {
        // /proc files report no size: read until the end rather than by size.
        let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile()
        return String(decoding: maps, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            guard fields.count >= 6, bounds.count == 2 else { return nil }
            return (bounds[0]...bounds[1], String(fields[5]))
        }
    }

    /// The files that hold the functions of a table.
    func libraries(of functions: SQLiteFunctions) throws -> Set<String> {
        let maps = try mappings()
        // Every field of the table is a C function pointer, one word each; an absent one
        // (the key functions of an engine that does not encrypt) is zero.
        let count = Mirror(reflecting: functions).children.count
        #expect(MemoryLayout<SQLiteFunctions>.size == count * MemoryLayout<UInt>.size)
        let addresses = withUnsafeBytes(of: functions) { Array($0.bindMemory(to: UInt.self)) }.filter { $0 != 0 }
        return Set(addresses.map { address in maps.first { $0.range.contains(address) }?.file ?? "unmapped" })
    }

    @Test(arguments: CipherEngine.all)
    func tablesPointIntoTheirOwnLibraries(engine: CipherEngine) throws {
        let plus = SQLContext(configuration: engine.configuration)
        _ = try plus.selectAll(sql: "SELECT 1")
        let cipherEngine = try #require(plus.engine)
        let platform = try libraries(of: SQLiteEngine.system.functions)
        let cipher = try libraries(of: cipherEngine.functions)
        #expect(SQLiteEngine.system.functions.key == nil && SQLiteEngine.system.functions.rekey == nil)
        #expect(!SQLiteEngine.system.capabilities.contains(.encryption))
        #expect(cipherEngine.functions.key != nil && cipherEngine.functions.rekey != nil)
        #expect(cipherEngine.capabilities == [.localFiles, .changeReports, .encryption])
        #expect(platform.count == 1)
        #expect(platform.allSatisfy { $0.contains("libsqlite3") }, "\(platform)")
        #expect(cipher == [try #require(plus.cipherLibraryPath)], "\(cipher) against \(plus.cipherLibraryPath ?? "")")
        #expect(cipher.allSatisfy { $0.contains("libsqlcipher") }, "\(cipher)")
    }

    @Test func onlyLibrariesLinkedWithBsymbolicLoadWithoutDeepBind() throws {
        let projectBuilt = FileManager.default.fileExists(atPath: SQLCipherDiscovery.projectBuiltLibrary)
        #expect(SharedLibraryFile.bindsItsOwnSymbols(fileAt: SQLCipherDiscovery.projectBuiltLibrary) == projectBuilt)
        #expect(!SharedLibraryFile.bindsItsOwnSymbols(fileAt: systemSQLCipherLibrary))
        #expect(!SharedLibraryFile.bindsItsOwnSymbols(fileAt: systemSQLiteLibrary))
        let directory = try TemporaryDirectory()
        for (name, bytes) in [("empty", Data()), ("text", Data("not a library".utf8)), ("truncated", Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + Array(repeating: 0xFF, count: 80)))] {
            try bytes.write(to: URL(fileURLWithPath: directory.path(name)))
            #expect(!SharedLibraryFile.bindsItsOwnSymbols(fileAt: directory.path(name)), "\(name)")
        }
    }
}
