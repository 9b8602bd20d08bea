/// A test hook: the steps of PortableSQL's whole-file rewrites and copies, for the tests that
/// kill a process at each of them (`Tests/ReliabilityTests/KilledRewriteTests.swift`, through
/// `PortableSQLTestHelper`).
///
/// The steps are the moments just before each `unlink`, `fsync`, `link` and `rename` that a
/// rewrite or copy makes itself, and, while SQLite copies the pages, every few thousand of its
/// virtual machine's instructions ("copying"). Unset, as it always is outside those tests, a
/// step costs one load and a comparison; no progress handler is installed.
package enum FileSteps {
    /// Called with each step's name when set. Set it before the operation starts, from the
    /// process's only thread that does file work; it is read, never written, by the operations.
    nonisolated(unsafe) package static var observer: ((String) -> Void)?

    /// How many of SQLite's virtual machine instructions make one "copying" step.
    package static let instructionsPerCopyingStep: Int32 = 1_000

    /// Tells the observer, when there is one, that `step` comes next.
    @inline(__always)
    package static func reach(_ step: String) {
        observer?(step)
    }
}

extension SQLContext {
    /// Runs `body`; while the test hook `FileSteps.observer` is set, tells it "copying" every
    /// `FileSteps.instructionsPerCopyingStep` instructions of SQLite's virtual machine on this
    /// connection. Unset, it only runs `body`.
    ///
    /// - Throws: what `body` throws, and `SQLError` when the context is closed.
    package func reportingCopySteps<Result>(_ body: () throws -> Result) throws -> Result {
        guard FileSteps.observer != nil else { return try body() }
        let (connection, engine) = try checkOpen()
        engine.functions.progressHandler(connection, FileSteps.instructionsPerCopyingStep, { _ in
            FileSteps.reach("copying")
            return 0
        }, nil)
        defer { if !isClosed { engine.functions.progressHandler(connection, 0, nil, nil) } }
        return try body()
    }
}
