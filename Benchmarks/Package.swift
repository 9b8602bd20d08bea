// swift-tools-version:6.1
import PackageDescription

// The benchmarks of PortableSQL against the raw SQLite C API and GRDB, in one release-built
// executable. Never part of the library's dependency graph: the root package does not know it.
let package = Package(
    name: "PortableSQLBenchmarks",
    dependencies: [
        .package(name: "PortableSQL", path: "..", traits: ["Macros"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "PortableSQLBenchmarks",
            dependencies: [
                .product(name: "PortableSQL", package: "PortableSQL"),
                .product(name: "PortableSQLCodable", package: "PortableSQL"),
                .product(name: "PortableSQLPlus", package: "PortableSQL"),
                .product(name: "PortableSQLMacros", package: "PortableSQL"),
                .product(name: "PortableSQLCluster", package: "PortableSQL"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        )
    ]
)
