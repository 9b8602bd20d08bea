// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "PortableSQL",
    // SkipSQL's floor. Linux, Android and Windows need no entry. Locks and atomics come from
    // PortableSQLSystem (not Synchronization, which needs macOS 15), and API that needs newer
    // systems is marked @available; Scripts/portability-check holds both.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
    products: [
        .library(name: "PortableSQL", targets: ["PortableSQL"]),
        .library(name: "PortableSQLPlus", targets: ["PortableSQLPlus"]),
        .library(name: "PortableSQLCodable", targets: ["PortableSQLCodable"]),
        .library(name: "PortableSQLMacros", targets: ["PortableSQLMacros"]),
        .library(name: "PortableSQLServer", targets: ["PortableSQLServer"]),
        .library(name: "PortableSQLCluster", targets: ["PortableSQLCluster"]),
        .executable(name: "sqlctx", targets: ["sqlctx"]),
    ],
    // The products with remote dependencies each need a trait, none on by default, so that an
    // app of PortableSQL, PortableSQLPlus, PortableSQLCodable or PortableSQLCluster resolves no
    // remote package. This package's own builds turn them all on (`make`, `--enable-all-traits`).
    traits: [
        .trait(name: "Server", description: "PortableSQLServer, with swift-log and swift-service-lifecycle"),
        .trait(name: "Macros", description: "PortableSQLMacros (@SQLRecord), with swift-syntax"),
        .trait(name: "Tool", description: "the sqlctx tool, with swift-argument-parser"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only the macro product builds it; the other products never do. The macro builds and
        // passes its tests with 602.0.0 and 603.0.1 (Swift 6.3's), and not with 600.0.1.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        // `make docs` only: a command plugin, never linked into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Only the server product builds them; the other products never do.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Vendor/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Line editing and history for `sqlctx shell`; only the tool links it.
        .systemLibrary(
            name: "CEditLine",
            path: "Vendor/CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // Ctrl-C for `sqlctx shell`: a SIGINT handler that does only async-signal-safe work.
        .target(name: "CInterruptSignal"),
        // The one place that imports the platform's C library (Glibc, Musl, Bionic, Darwin, the
        // Windows CRT) and spells what differs between them; `Scripts/portability-check` holds it.
        .target(name: "PortableSQLSystem", dependencies: ["CAtomicWord"]),
        // C11 atomics on one word, for what the Synchronization module would do on newer systems.
        .target(name: "CAtomicWord"),
        .target(name: "PortableSQL", dependencies: ["CSQLite", "PortableSQLSystem"]),
        .target(name: "PortableSQLPlus", dependencies: ["PortableSQL", "PortableSQLSystem"]),
        .target(name: "PortableSQLCodable", dependencies: ["PortableSQL", "PortableSQLSystem"]),
        // The dqlite cluster engine (a client of dqlite's wire protocol) and the embedded node,
        // which loads libdqlite at run time: no other product reaches dqlite.
        .target(name: "PortableSQLCluster", dependencies: ["PortableSQL", "CSQLite", "PortableSQLSystem"]),
        .macro(
            name: "PortableSQLMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftDiagnostics", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ]
        ),
        .target(name: "PortableSQLMacros", dependencies: ["PortableSQLCodable", "PortableSQLMacrosPlugin"]),
        .target(
            name: "PortableSQLServer",
            dependencies: [
                "PortableSQL",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])),
            ]
        ),
        // How sqlctx's shell reads CSV files and splits dot-commands: a module of its own so that
        // a fuzz target can hold it to sqlite3's.
        .target(name: "ShellSyntax"),
        .executableTarget(
            name: "sqlctx",
            dependencies: [
                "PortableSQL", "PortableSQLPlus", "PortableSQLCodable", "PortableSQLCluster", "PortableSQLSystem", "CEditLine", "CInterruptSignal",
                "ShellSyntax",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),
        // Test-only: a program the tests run in a child process, and the fixtures and engine matrix
        // every test target shares.
        .executableTarget(name: "PortableSQLTestHelper", dependencies: ["PortableSQLPlus", "PortableSQLSystem"], path: "Tests/PortableSQLTestHelper"),
        // The fuzz targets (`Fuzz/`, run by `make fuzz`); built plainly, each replays inputs.
        .target(name: "FuzzDriver", path: "Fuzz/Driver"),
        .executableTarget(name: "FuzzSQLScript", dependencies: ["FuzzDriver", "PortableSQL"], path: "Fuzz/SQLScript"),
        .executableTarget(name: "FuzzRecordValues", dependencies: ["FuzzDriver", "PortableSQLCodable"], path: "Fuzz/RecordValues"),
        .executableTarget(name: "FuzzShellSyntax", dependencies: ["FuzzDriver", "ShellSyntax"], path: "Fuzz/ShellSyntax"),
        .executableTarget(name: "FuzzURIKeys", dependencies: ["FuzzDriver", "PortableSQL", "CSQLite"], path: "Fuzz/URIKeys"),
        .executableTarget(name: "FuzzHostileNode", dependencies: ["FuzzDriver", "PortableSQLCluster"], path: "Fuzz/HostileNode"),
        .target(name: "PortableSQLTestSupport", dependencies: ["PortableSQL", "PortableSQLPlus", "PortableSQLSystem"], path: "Tests/TestSupport"),
        .testTarget(name: "PortableSQLTests", dependencies: ["PortableSQL", "PortableSQLPlus", "PortableSQLSystem", "PortableSQLTestSupport", "PortableSQLTestHelper"]),
        .testTarget(name: "PortableSQLPlusTests", dependencies: ["PortableSQLPlus", "PortableSQLSystem", "PortableSQLTestSupport", "PortableSQLTestHelper"]),
        .testTarget(
            name: "PortableSQLClusterTests",
            dependencies: ["PortableSQLCluster", "PortableSQLCodable", "PortableSQLSystem", "PortableSQLTestSupport", "sqlctx"]
        ),
        .testTarget(name: "PortableSQLCodableTests", dependencies: ["PortableSQLCodable", "PortableSQLPlus", "PortableSQLTestSupport"]),
        .testTarget(name: "sqlctxTests", dependencies: ["sqlctx", "PortableSQLTestSupport"]),
        .testTarget(
            name: "PortableSQLMacrosTests",
            dependencies: [
                "PortableSQLMacros", "PortableSQLMacrosPlugin", "PortableSQLTestSupport",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["PortableSQLPlus", "PortableSQLCodable", "PortableSQLTestSupport", "PortableSQLTestHelper"]
        ),
        .testTarget(
            name: "PortableSQLServerTests",
            dependencies: [
                "PortableSQLServer", "PortableSQLPlus", "PortableSQLSystem", "PortableSQLTestSupport",
                .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: ["Server"])),
            ]
        ),
        // SkipSQL's every public declaration used once with SkipSQL's types written out, compiled
        // with warnings as errors: `try db.close()` where nothing throws would fail the build.
        .testTarget(
            name: "SkipSQLConformanceTests",
            dependencies: ["PortableSQLCodable", "PortableSQLPlus"],
            exclude: ["SkipSQLDeclarations.txt"],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
        ),
        // Builds README's and the DocC articles' Swift samples as a package of their own, and runs them.
        .testTarget(name: "DocumentationTests"),
    ]
)
