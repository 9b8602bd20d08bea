import Foundation
import Testing

/// `Scripts/portability-check`, which `make test` runs first: the package passes it, and each
/// kind of violation planted in a copy of a file is reported with its place, while the same
/// words in comments and messages are not.
@Suite struct PortabilityCheckTests {
    /// Runs the check on `root`; returns its exit status and what it printed.
    private func check(_ root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/bash")
        process.arguments = [DocumentationPages.root.appending(path: "Scripts/portability-check").path, root.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    private func write(_ text: String, to path: String, in root: URL) throws {
        let file = root.appending(path: path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func thePackagePasses() throws {
        let result = try check(DocumentationPages.root)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty)
    }

    @Test func eachPlantedViolationIsReportedWithItsPlace() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "portability-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // The planted words are split here so that the check, run on this package, does not find them in this file.
        let glibc = "Gl" + "ibc", noSignal = "MSG_" + "NOSIGNAL", multiarch = "/usr/lib/" + "x86_64-linux-gnu"
        try write("""
            import Foundation
            import \(glibc)
            /// \(noSignal) and \(multiarch), in a comment: not read.
            let flags = Int32(\(noSignal))
            let message = "needs RTLD_" + "DEEPBIND"
            """, to: "Sources/Feature/Socket.swift", in: root)
        try write("""
            let library = "\(multiarch)/libsqlite3.so.0"
            let kind = Int32(SOCK_STREAM.raw\("Value"))
            """, to: "Tests/FeatureTests/Paths.swift", in: root)
        try write("@_exported import \(glibc)\nlet flags = Int32(SOCK_" + "CLOEXEC.rawValue)\n", to: "Sources/PortableSQLSystem/CLibrary.swift", in: root)
        let synchronization = "Synchro" + "nization", mutex = "Mu" + "tex", pack = "ea" + "ch"
        try write("""
            import \(synchronization)
            let shared = \(mutex)<Int>(0)
            @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
            struct Checked<\(pack) V> {}
            struct Unchecked<\(pack) V> {}
            func use(_ query: Checked<Int>) {}
            @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
            func usedWithAvailability(_ query: Checked<Int>) {}
            // \(mutex)<Int> in a comment: not read.
            """, to: "Sources/Feature/Newer.swift", in: root)
        let result = try check(root)
        #expect(result.status == 1)
        let reported = result.output.split(separator: "\n").map { $0.split(separator: ": ").prefix(2).joined(separator: ": ") }
        #expect(reported == [
            "portability-check: Sources/Feature/Newer.swift:1",
            "portability-check: Sources/Feature/Newer.swift:2",
            "portability-check: Sources/Feature/Newer.swift:5",
            "portability-check: Sources/Feature/Newer.swift:6",
            "portability-check: Sources/Feature/Socket.swift:2",
            "portability-check: Sources/Feature/Socket.swift:4",
            "portability-check: Tests/FeatureTests/Paths.swift:1",
            "portability-check: Tests/FeatureTests/Paths.swift:2",
        ])
        #expect(result.output.contains("\"import \(glibc)\" outside PortableSQLSystem"))
        #expect(result.output.contains("glibc's \(noSignal)"))
        #expect(result.output.contains("multiarch folder \(multiarch.dropFirst(4))"))
        #expect(result.output.contains("uses the \(synchronization) module"))
        #expect(result.output.contains("parameter pack without @available(macOS 14"))
    }
}
