// swift-tools-version:6.1
// NotesServer: a Hummingbird 2 service over PortableSQLServer, and NotesLoad, the client that
// `make example` (Scripts/run-example) drives it with. A package of its own, so that the root
// package's `make test` never builds Hummingbird and SwiftNIO.
import PackageDescription

let package = Package(
    name: "NotesServer",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PortableSQL", path: "../..", traits: ["Server"]),
        // No default traits: the example needs neither swift-configuration nor URL-encoded forms.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "NotesServer",
            dependencies: [
                .product(name: "PortableSQLServer", package: "PortableSQL"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "NotesLoad"),
    ]
)
