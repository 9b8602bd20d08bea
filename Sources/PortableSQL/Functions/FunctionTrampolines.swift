import Foundation

/// The C callbacks of Swift functions registered on one engine.
///
/// SQLite hands a function its registration data only through `sqlite3_user_data`, which must
/// be the function of the engine that runs the statement: calling the system SQLite's on a
/// SQLCipher context would read another library's structures. A C callback cannot capture which
/// engine it belongs to, so each engine that registers a function takes one of a fixed number of
/// slots, and the callbacks of slot *n* read the function table stored in slot *n*.
package struct FunctionTrampolines: Sendable {
    let scalar: SQLiteFunctionCallback
    let step: SQLiteFunctionCallback
    let final: SQLiteFinalCallback

    /// How many engines in one process can run Swift functions.
    static let slotCount = 8

    /// Takes the next free slot for `functions`; `nil` when all are taken (the engine then
    /// refuses to register functions, with a clear error).
    static func assign(_ functions: UnsafePointer<SQLiteFunctions>) -> FunctionTrampolines? {
        slotLock.lock()
        defer { slotLock.unlock() }
        guard nextSlot < slotCount else { return nil }
        slotTables[nextSlot] = functions
        defer { nextSlot += 1 }
        return all[nextSlot]
    }

    private init(slot: Int) {
        switch slot {
        case 0: self.init({ ScalarFunction.call(slotTables[0], $0, $1, $2) }, { AggregateFunction.step(slotTables[0], $0, $1, $2) }, { AggregateFunction.final(slotTables[0], $0) })
        case 1: self.init({ ScalarFunction.call(slotTables[1], $0, $1, $2) }, { AggregateFunction.step(slotTables[1], $0, $1, $2) }, { AggregateFunction.final(slotTables[1], $0) })
        case 2: self.init({ ScalarFunction.call(slotTables[2], $0, $1, $2) }, { AggregateFunction.step(slotTables[2], $0, $1, $2) }, { AggregateFunction.final(slotTables[2], $0) })
        case 3: self.init({ ScalarFunction.call(slotTables[3], $0, $1, $2) }, { AggregateFunction.step(slotTables[3], $0, $1, $2) }, { AggregateFunction.final(slotTables[3], $0) })
        case 4: self.init({ ScalarFunction.call(slotTables[4], $0, $1, $2) }, { AggregateFunction.step(slotTables[4], $0, $1, $2) }, { AggregateFunction.final(slotTables[4], $0) })
        case 5: self.init({ ScalarFunction.call(slotTables[5], $0, $1, $2) }, { AggregateFunction.step(slotTables[5], $0, $1, $2) }, { AggregateFunction.final(slotTables[5], $0) })
        case 6: self.init({ ScalarFunction.call(slotTables[6], $0, $1, $2) }, { AggregateFunction.step(slotTables[6], $0, $1, $2) }, { AggregateFunction.final(slotTables[6], $0) })
        default: self.init({ ScalarFunction.call(slotTables[7], $0, $1, $2) }, { AggregateFunction.step(slotTables[7], $0, $1, $2) }, { AggregateFunction.final(slotTables[7], $0) })
        }
    }

    private init(_ scalar: SQLiteFunctionCallback, _ step: SQLiteFunctionCallback, _ final: SQLiteFinalCallback) {
        self.scalar = scalar
        self.step = step
        self.final = final
    }

    private static let all = (0..<slotCount).map(FunctionTrampolines.init(slot:))
}

/// The function table of each slot's engine; a slot is written once, before its callbacks can
/// be registered, and an engine that registered functions lives as long as the process.
nonisolated(unsafe) private let slotTables: UnsafeMutablePointer<UnsafePointer<SQLiteFunctions>?> = {
    let tables = UnsafeMutablePointer<UnsafePointer<SQLiteFunctions>?>.allocate(capacity: FunctionTrampolines.slotCount)
    tables.initialize(repeating: nil, count: FunctionTrampolines.slotCount)
    return tables
}()
private let slotLock = NSLock()
nonisolated(unsafe) private var nextSlot = 0
