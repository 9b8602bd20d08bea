// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PortableSQL",
    products: [
        .library(name: "PortableSQL", targets: ["PortableSQL"]),
        .library(name: "PortableSQLPlus", targets: ["PortableSQLPlus"]),
        .library(name: "PortableSQLCodable", targets: ["PortableSQLCodable"]),
        .executable(name: "sqlctx", targets: ["sqlctx"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Vendor/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "PortableSQL", dependencies: ["CSQLite"]),
        .target(name: "PortableSQLPlus", dependencies: ["PortableSQL"]),
        .target(name: "PortableSQLCodable", dependencies: ["PortableSQL"]),
        .executableTarget(
            name: "sqlctx",
            dependencies: [
                "PortableSQL", "PortableSQLPlus", "PortableSQLCodable",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "PortableSQLTestHelper", dependencies: ["PortableSQLPlus"]),
        .target(name: "PortableSQLTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PortableSQLTests", dependencies: ["PortableSQL", "PortableSQLTestSupport"]),
        .testTarget(name: "PortableSQLPlusTests", dependencies: ["PortableSQLPlus", "PortableSQLTestSupport", "PortableSQLTestHelper"]),
        .testTarget(name: "PortableSQLCodableTests", dependencies: ["PortableSQLCodable", "PortableSQLPlus", "PortableSQLTestSupport"]),
        .testTarget(name: "sqlctxTests", dependencies: ["sqlctx", "PortableSQLTestSupport"]),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: ["PortableSQLPlus", "PortableSQLCodable", "PortableSQLTestSupport", "PortableSQLTestHelper"]
        ),
    ]
)
