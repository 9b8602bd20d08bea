// Every ```swift block of the Markdown files at the repository's root (README.md, CONTRIBUTING.md)
// and of the DocC articles (Sources/*/*.docc/**/*.md) compiles and runs as written.
//
// The test extracts the blocks, writes them into one SwiftPM package of its own
// (.build-doc-samples/package, one executable target per block, depending on this repository by
// path), builds it once with the scratch folder .build-doc-samples/scratch (so a second run is
// incremental; the first, from a fresh clone, builds PortableSQL and swift-syntax again and takes
// a few minutes), then runs each executable twice in a row, each time in a fresh temporary working
// directory, and expects exit status 0 both times. Paths in the samples are not rewritten.
//
// Conventions the documentation follows:
// - A ```swift block is a whole program: it has its own imports (the products it imports are the
//   target's dependencies), top-level code runs as `main.swift` (top-level `await` is allowed), and
//   it stops by itself. A sample never depends on another block. Besides PortableSQL's products, a
//   sample may import those of its dependencies that `DocumentationSample.dependencyProducts`
//   lists (swift-log's `Logging` and swift-service-lifecycle's `ServiceLifecycle`, which server
//   code needs beside PortableSQLServer): the samples package then depends on that package at the
//   exact version PortableSQL's Package.swift names.
// - A block whose first line starts with `// swift-tools-version` is a package manifest: it is
//   written as the Package.swift of a folder of its own and checked with
//   `swift package dump-package`, which compiles and evaluates it without fetching anything.
// - Anything that is not Swift (commands, output) takes another fence language (```sh, ```text),
//   and every fence names its language, so no Swift block can pass unchecked as plain text.
// - A sample that writes to a fixed path (/tmp/…) must run twice in a row: it creates its tables
//   with IF NOT EXISTS, removes the files it is about to create, or uses a fresh path.
// - Samples that need SQLCipher use `configuration: .plus` (SQLCipher 4, from Scripts/bootstrap).
//
// The test counts the blocks it checked and fails unless that equals the number extracted. The
// number of blocks on each page is listed in `DocumentationPages.expectedSampleCounts`, and a page
// with another number fails, so that a sample lost while text moves between pages is noticed.

import Foundation
import Testing

/// One fenced ```swift block of a documentation page.
struct DocumentationSample {
    /// The page, relative to the repository root.
    var page: String
    /// The 1-based line of the opening fence.
    var line: Int
    /// The code between the fences.
    var code: String
    /// The executable target's name in the samples package.
    var targetName: String

    /// A manifest is checked with `swift package dump-package` instead of being run.
    var isManifest: Bool { code.hasPrefix("// swift-tools-version") }

    /// The modules the sample imports.
    var importedModules: [String] {
        code.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count >= 2 && words[0] == "import" ? String(words[1]) : nil
        }
    }

    /// The PortableSQL products the sample imports.
    var importedProducts: [String] {
        let products = ["PortableSQL", "PortableSQLPlus", "PortableSQLCodable", "PortableSQLMacros", "PortableSQLServer", "PortableSQLCluster"]
        return products.filter(importedModules.contains)
    }

    /// The products of PortableSQL's own dependencies that the sample imports (`import Logging`
    /// beside `import PortableSQLServer`), each with its package's identity.
    var importedDependencyProducts: [(product: String, package: String)] {
        DocumentationSample.dependencyProducts.filter { importedModules.contains($0.product) }
    }

    /// The products of PortableSQL's dependencies that samples may import.
    static let dependencyProducts = [(product: "Logging", package: "swift-log"), (product: "ServiceLifecycle", package: "swift-service-lifecycle")]
}

/// Extracts the ```swift blocks of the documentation pages and reports fences without a language.
struct DocumentationPages {
    /// The repository root, found from this file's path.
    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The number of ```swift blocks on each page that has any. A page with another number fails
    /// `everyPageHasTheSamplesListed`: change this list with the samples, so that a block lost in a
    /// move between pages cannot go unnoticed.
    static let expectedSampleCounts: [String: Int] = [
        "README.md": 3,
        "Sources/PortableSQL/PortableSQL.docc/AttachingDatabases.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/BackupAndIntegrity.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/ComingFromSkipSQL.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/GettingStarted.md": 4,
        "Sources/PortableSQL/PortableSQL.docc/ObservingChanges.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/PortableSQL.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/ReadingTheSchema.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/SwiftFunctions.md": 1,
        "Sources/PortableSQL/PortableSQL.docc/UsingAPool.md": 2,
        "Sources/PortableSQLCluster/PortableSQLCluster.docc/PortableSQLCluster.md": 1,
        "Sources/PortableSQLCluster/PortableSQLCluster.docc/RunningACluster.md": 1,
        "Sources/PortableSQLCodable/PortableSQLCodable.docc/CodableRecords.md": 1,
        "Sources/PortableSQLCodable/PortableSQLCodable.docc/HandWrittenRecords.md": 2,
        "Sources/PortableSQLCodable/PortableSQLCodable.docc/PortableSQLCodable.md": 2,
        "Sources/PortableSQLCodable/PortableSQLCodable.docc/RecordsWithSQLRecord.md": 1,
        "Sources/PortableSQLMacros/PortableSQLMacros.docc/PortableSQLMacros.md": 1,
        "Sources/PortableSQLPlus/PortableSQLPlus.docc/EncryptedDatabases.md": 1,
        "Sources/PortableSQLPlus/PortableSQLPlus.docc/PortableSQLPlus.md": 1,
        "Sources/PortableSQLServer/PortableSQLServer.docc/PortableSQLServer.md": 1,
        "Sources/PortableSQLServer/PortableSQLServer.docc/RunningInAService.md": 1,
    ]

    /// Every `*.md` at the root (README.md, CONTRIBUTING.md), then every `.md` inside a
    /// `Sources/*/*.docc` catalog (its subfolders included), relative to the root, in a stable order.
    static func pages() throws -> [String] {
        let files = FileManager.default
        var pages = try files.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".md") }.sorted()
        let sources = root.appending(path: "Sources")
        for module in try files.contentsOfDirectory(atPath: sources.path).sorted() {
            let moduleFolder = sources.appending(path: module)
            let catalogs = (try? files.contentsOfDirectory(atPath: moduleFolder.path)) ?? []
            for catalog in catalogs.sorted() where catalog.hasSuffix(".docc") {
                let articles = try #require(files.subpaths(atPath: moduleFolder.appending(path: catalog).path))
                pages += articles.filter { $0.hasSuffix(".md") }.sorted().map { "Sources/\(module)/\(catalog)/\($0)" }
            }
        }
        return pages
    }

    /// The Swift blocks of every page, and the places of fences that name no language.
    static func extract() throws -> (samples: [DocumentationSample], unlabeledFences: [String]) {
        var samples: [DocumentationSample] = []
        var unlabeled: [String] = []
        for page in try pages() {
            let text = try String(contentsOf: root.appending(path: page), encoding: .utf8)
            var open: (line: Int, isSwift: Bool, lines: [Substring])?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("```") else {
                    open?.lines.append(line)
                    continue
                }
                if let block = open {
                    if block.isSwift {
                        let name = page.replacingOccurrences(of: ".docc", with: "").map { $0.isLetter || $0.isNumber ? $0 : "_" }
                        samples.append(DocumentationSample(
                            page: page, line: block.line, code: block.lines.joined(separator: "\n") + "\n",
                            targetName: "Sample_\(String(name))_\(block.line)"))
                    }
                    open = nil
                } else {
                    let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                    if language.isEmpty { unlabeled.append("\(page):\(index + 1)") }
                    open = (index + 1, language == "swift", [])
                }
            }
        }
        return (samples, unlabeled)
    }
}

/// The outcome of running a program.
struct ProgramRun {
    /// The exit status, or nil when the program was stopped for running too long.
    var status: Int32?
    /// Standard output and standard error together.
    var output: String

    /// Runs `arguments` in `directory`, stopping it after `timeLimit` seconds.
    static func run(_ arguments: [String], in directory: URL, timeLimit: TimeInterval) throws -> ProgramRun {
        let outputFile = FileManager.default.temporaryDirectory.appending(path: "doc-sample-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let handle = try FileHandle(forWritingTo: outputFile)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(timeLimit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        var stopped = false
        if process.isRunning {
            process.terminate()
            stopped = true
        }
        process.waitUntilExit()
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        return ProgramRun(status: stopped ? nil : process.terminationStatus, output: output)
    }
}

@Suite struct DocumentationSampleTests {
    /// The samples package's manifest: one executable per program block. A sample that imports a
    /// product of one of PortableSQL's dependencies gets it from that package, at the exact version
    /// PortableSQL's manifest names (`packageDeclarations()`).
    func manifest(for programs: [DocumentationSample]) throws -> String {
        let rootIdentity = DocumentationPages.root.lastPathComponent.lowercased()
        let targets = programs.map { sample in
            let dependencies = sample.importedProducts.map { ".product(name: \"\($0)\", package: \"\(rootIdentity)\")" }
                + sample.importedDependencyProducts.map { ".product(name: \"\($0.product)\", package: \"\($0.package)\")" }
            return "        .executableTarget(name: \"\(sample.targetName)\", dependencies: [\(dependencies.joined(separator: ", "))]),"
        }
        let declarations = try Self.packageDeclarations()
        // The traits of the products the samples import (Package.swift: none is on by default).
        let imported = Set(programs.flatMap(\.importedProducts))
        let traits = [("PortableSQLServer", "Server"), ("PortableSQLMacros", "Macros")].filter { imported.contains($0.0) }.map { "\"\($0.1)\"" }
        var packages = [".package(path: \"\(DocumentationPages.root.path)\", traits: [\(traits.joined(separator: ", "))])"]
        for package in Set(programs.flatMap { $0.importedDependencyProducts.map(\.package) }).sorted() {
            packages.append(try #require(declarations[package], "Package.swift declares no package \(package)"))
        }
        return """
            // swift-tools-version:6.1
            // Written by DocumentationSampleTests: one executable per ```swift block of the documentation.
            import PackageDescription

            let package = Package(
                name: "DocumentationSamples",
                dependencies: [\(packages.joined(separator: ", "))],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    /// Each `.package(url: "…", …)` line of PortableSQL's Package.swift, by the identity
    /// of the package it names (the URL's last part).
    static func packageDeclarations() throws -> [String: String] {
        let manifest = try String(contentsOf: DocumentationPages.root.appending(path: "Package.swift"), encoding: .utf8)
        var declarations: [String: String] = [:]
        for line in manifest.split(separator: "\n") {
            let declaration = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            guard declaration.hasPrefix(".package(url: \""),
                  let url = declaration.split(separator: "\"").dropFirst().first else { continue }
            let identity = url.split(separator: "/").last.map { String($0.lowercased().replacingOccurrences(of: ".git", with: "")) }
            if let identity { declarations[identity] = declaration }
        }
        return declarations
    }

    /// Writes `text` to `file` unless it already holds exactly that (so unchanged samples are not rebuilt).
    func write(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// Writes the samples package, removing the targets of blocks that no longer exist.
    func writePackage(_ programs: [DocumentationSample], at package: URL) throws {
        let sources = package.appending(path: "Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let names = Set(programs.map(\.targetName))
        for stale in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !names.contains(stale) {
            try FileManager.default.removeItem(at: sources.appending(path: stale))
        }
        for sample in programs {
            try write(sample.code, to: sources.appending(path: "\(sample.targetName)/main.swift"))
        }
        try write(try manifest(for: programs), to: package.appending(path: "Package.swift"))
    }

    /// A fresh, empty temporary folder.
    func freshFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "doc-sample-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func everyPageHasTheSamplesListed() throws {
        let pages = try DocumentationPages.pages()
        #expect(pages.contains("README.md") && pages.contains("CONTRIBUTING.md"), "pages: \(pages)")
        let (samples, _) = try DocumentationPages.extract()
        let found = Dictionary(grouping: samples, by: \.page).mapValues(\.count)
        let expected = DocumentationPages.expectedSampleCounts
        for page in Set(found.keys).union(expected.keys).sorted() where found[page] != expected[page] {
            Issue.record("\(page): \(found[page] ?? 0) ```swift blocks, DocumentationPages.expectedSampleCounts says \(expected[page] ?? 0)")
        }
        #expect(samples.count == expected.values.reduce(0, +))
    }

    @Test func everySwiftBlockCompilesAndRuns() throws {
        let (samples, unlabeledFences) = try DocumentationPages.extract()
        #expect(unlabeledFences.isEmpty, "fences without a language: \(unlabeledFences)")
        #expect(samples.contains { $0.page == "README.md" })
        #expect(Set(samples.map(\.targetName)).count == samples.count, "two blocks share a target name")
        var checked = 0

        for sample in samples where sample.isManifest {
            let folder = try freshFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try write(sample.code, to: folder.appending(path: "Package.swift"))
            let result = try ProgramRun.run(["swift", "package", "dump-package"], in: folder, timeLimit: 300)
            #expect(result.status == 0, "\(sample.page):\(sample.line): the manifest does not evaluate:\n\(result.output)")
            if result.status == 0 { checked += 1 }
        }

        let programs = samples.filter { !$0.isManifest }
        let buildFolder = DocumentationPages.root.appending(path: ".build-doc-samples")
        let package = buildFolder.appending(path: "package")
        try writePackage(programs, at: package)
        let scratch = buildFolder.appending(path: "scratch")
        let build = try ProgramRun.run(
            ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path], in: package, timeLimit: 1200)
        try #require(build.status == 0, "the samples package does not build:\n\(build.output.suffix(20_000))")

        for sample in programs {
            let executable = scratch.appending(path: "debug/\(sample.targetName)").path
            var passed = true
            for run in 1...2 {
                let folder = try freshFolder()
                defer { try? FileManager.default.removeItem(at: folder) }
                let result = try ProgramRun.run([executable], in: folder, timeLimit: 60)
                #expect(result.status == 0, "\(sample.page):\(sample.line), run \(run): status \(result.status.map(String.init) ?? "none (stopped after 60 s)")\n\(result.output)")
                passed = passed && result.status == 0
            }
            if passed { checked += 1 }
        }

        print("Documentation samples: \(checked) of \(samples.count) Swift blocks checked (\(programs.count) programs run twice, \(samples.count - programs.count) manifests)")
        #expect(checked == samples.count)
    }
}
