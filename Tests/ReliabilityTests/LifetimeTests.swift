import Foundation
import PortableSQL
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
        // Allocator noise aside, nothing grows with the number of cycles.
        #expect(memory.count == 2 && memory[1] - memory[0] < 4_096, "resident KiB before and after: \(memory)")
        print("lifetimes: \(cycles) open/close and \(cycles) prepare/finalize cycles; descriptors \(descriptors), resident KiB \(memory)")
    }

    @Test func statementsOfAClosedContextThrow() throws {
        let context = try SQLContext(path: nil)
        let cached = try context.prepare(sql: "SELECT 1")
        try context.exec(sql: "CREATE TABLE t (v)")
        context.close()
        for attempt in [{ _ = try cached.next() }, { try cached.bind(1, at: 1) }, { try cached.reset() }, { _ = try cached.rowValues() }] {
            let error = try #require(throws: SQLError.self) { try attempt() }
            #expect(error.code == .misuse)
        }
        cached.close()
    }
}
