import Foundation
import PortableSQL
@testable import PortableSQLPlus
import PortableSQLTestSupport
import Testing

/// Opening and closing, preparing and finalizing, many times over leaves nothing behind.
@Suite struct LifetimeTests {
    @Test func tenThousandCyclesLeaveNoDescriptorOrMemoryBehind() throws {
        let helper = try builtProduct("PortableSQLTestHelper")
        let directory = try TemporaryDirectory()
        let cycles = 10_000 * soakFactor()
        let lines = try run(helper, ["cycles", directory.path("cycles.db"), "\(cycles)"]).split(separator: "\n").map { $0.split(separator: " ") }
        let descriptors = try #require(lines.first { $0.first == "descriptors" }).dropFirst().compactMap { Int($0) }
        let memory = try #require(lines.first { $0.first == "memory" }).dropFirst().compactMap { Int($0) }
        #expect(descriptors.count == 2 && descriptors[0] == descriptors[1], "file descriptors before and after: \(descriptors)")
        // Functions, aggregates, collations, hooks and observers registered and closed on both
        // engines: every closure SQLite held is freed.
        let registrations = try #require(lines.first { $0.first == "registrations" }).dropFirst().compactMap { Int($0) }
        #expect(registrations.count == 3 && registrations[0] == 0, "objects still captured after the cycles: \(registrations)")
        if SharedLibraryFile.sanitizerIsLoaded {
            // A sanitizer keeps freed memory resident (ASan's quarantine), so the resident size
            // says nothing; under `make sanitize` LeakSanitizer checks the helper instead (a leak
            // makes it exit non-zero, and `run` throw).
            print("lifetimes: resident memory not compared under a sanitizer: \(memory), \(registrations.dropFirst())")
        } else {
            // Allocator noise aside, nothing grows with the number of cycles.
            #expect(memory.count == 2 && memory[1] - memory[0] < 4_096, "resident KiB before and after: \(memory)")
            #expect(registrations.count == 3 && registrations[2] - registrations[1] < 4_096, "resident KiB before and after: \(registrations)")
        }
        print("lifetimes: \(cycles) open/close, \(cycles) prepare/finalize and \(cycles) register/close cycles; descriptors \(descriptors), resident KiB \(memory), with registrations \(registrations.dropFirst())")
    }

    @Test func statementsOfAClosedContextThrow() throws {
        let context = try SQLContext(path: nil)
        let cached = try context.prepare(sql: "SELECT 1")
        try context.exec(sql: "CREATE TABLE t (v)")
        try context.close()
        // reset() throws nothing (there is nothing to reset); the next use still throws, and reads
        // give SQLite's empty answers without touching the finalized statement.
        cached.reset()
        for attempt in [{ _ = try cached.next() }, { try cached.bind(1, at: 1) }] {
            let error = try #require(throws: SQLError.self) { try attempt() }
            #expect(error.code == .misuse)
        }
        #expect(cached.rowValues().isEmpty && cached.long(at: 0) == 0 && cached.text(at: 0) == nil)
        try cached.close()
    }

    @Test func closingFinalizesTheStatementsStillHeld() throws {
        let context = try SQLContext(path: nil)
        var kept: [SQLStatement] = []
        for number in 0..<100 {
            let statement = try context.prepare(sql: "SELECT \(number)")
            // One in ten is kept; the others are freed while the context is open.
            if number.isMultiple(of: 10) { kept.append(statement) }
        }
        #expect(try kept[3].next() && kept[3].long(at: 0) == 30)
        try context.close()
        #expect(kept.allSatisfy { $0.isClosed })
        #expect(throws: SQLError.self) { try kept[3].next() }
    }
}
