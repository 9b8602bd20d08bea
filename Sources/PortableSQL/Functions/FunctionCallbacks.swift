import Foundation

/// The destructor SQLite calls when a function or collation is replaced, removed or its
/// connection closes: it balances the retain taken when the object was registered.
let releaseRegisteredObject: SQLiteDestructor = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// What a registered function needs in its C callbacks: the engine's functions, to read the
/// arguments and set the result, and the activity of its connection, to run through.
class RegisteredFunction {
    /// Kept so that `functions` stays valid.
    let engine: SQLiteEngine
    let functions: UnsafePointer<SQLiteFunctions>
    /// The activity of the connection the function is registered on; every call runs through it.
    let activity: ConnectionActivity

    init(engine: SQLiteEngine, activity: ConnectionActivity) {
        self.engine = engine
        self.functions = engine.functionTable
        self.activity = activity
    }

    /// The function registered with the call's user data, read through `functions`, the table
    /// of the engine running the call.
    static func registered<Function: RegisteredFunction>(_ context: OpaquePointer?, _ functions: UnsafePointer<SQLiteFunctions>?) -> Function? {
        guard let pointer = functions?.pointee.userData(context) else { return nil }
        return Unmanaged<Function>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The call's arguments as values.
    func arguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> [SQLValue] {
        guard let values, count > 0 else { return [] }
        return (0..<Int(count)).map { SQLStatement.readValue(functions, values[$0]) }
    }

    /// Sets the result of the call in `context` to what `body` returns, or to the error it throws.
    func setResult(_ context: OpaquePointer?, _ body: () throws -> SQLValue) {
        let table = functions.pointee
        let value: SQLValue
        do {
            value = try body()
        } catch {
            let sqlError = error as? SQLError
            let message = sqlError?.message ?? String(describing: error)
            table.resultError(context, message, -1)
            if let sqlError, sqlError.code != .error { table.resultErrorCode(context, sqlError.extendedCode.rawValue) }
            return
        }
        switch value {
        case .null:
            table.resultNull(context)
        case .long(let integer):
            table.resultInt64(context, integer)
        case .real(let double):
            table.resultDouble(context, double)
        case .text(var text):
            guard let length = Int32(exactly: text.utf8.count) else { return setTooBig(context, text.utf8.count) }
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress else { return table.resultText(context, "", 0, sqliteTransient) }
                table.resultText(context, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), length, sqliteTransient)
            }
        case .blob(let data):
            guard let length = Int32(exactly: data.count) else { return setTooBig(context, data.count) }
            data.withUnsafeBytes { bytes in
                // A zero-length blob needs a non-null pointer to stay a blob rather than NULL.
                table.resultBlob(context, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), length, sqliteTransient)
            }
        }
    }

    private func setTooBig(_ context: OpaquePointer?, _ count: Int) {
        functions.pointee.resultError(context, "a result of \(count) bytes is too large", -1)
        functions.pointee.resultErrorCode(context, SQLResultCode.tooBig.rawValue)
    }
}

/// A scalar function registered by `SQLContext.createFunction`.
final class ScalarFunction: RegisteredFunction {
    let body: ([SQLValue]) throws -> SQLValue

    init(engine: SQLiteEngine, activity: ConnectionActivity, body: @escaping ([SQLValue]) throws -> SQLValue) {
        self.body = body
        super.init(engine: engine, activity: activity)
    }

    /// SQLite's `xFunc`, through the trampoline of the engine whose `functions` run the call.
    static func call(_ functions: UnsafePointer<SQLiteFunctions>?, _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let function: ScalarFunction = registered(context, functions) else { return }
        function.activity.inCallback {
            let arguments = function.arguments(count, values)
            function.setResult(context) { try function.body(arguments) }
        }
    }
}

/// The state of one group of an aggregate, boxed so that SQLite's aggregate memory can hold it.
///
/// A step takes the value out, folds the row into it and puts it back, so that the step's
/// closure holds no access to the box while it runs: a re-entrant call that reads the box (the
/// statement reset or finalized from inside the step) sees no value rather than a conflicting access.
final class AggregateState<State> {
    private var value: State?
    private let makeValue: () -> State

    init(_ makeValue: @escaping () -> State) {
        self.makeValue = makeValue
    }

    /// Folds one row into the value with `step`.
    ///
    /// - Throws: what `step` throws (the value is kept as `step` left it).
    func fold(_ step: (inout State) throws -> Void) rethrows {
        var current = value.take() ?? makeValue()
        defer { value = current }
        try step(&current)
    }

    /// The value, or a fresh one when no row was folded in.
    var result: State { value ?? makeValue() }
}

/// An aggregate function registered by `SQLContext.createAggregate`.
final class AggregateFunction: RegisteredFunction {
    let makeState: () -> AnyObject
    let stepBody: (AnyObject, [SQLValue]) throws -> Void
    let resultBody: (AnyObject) throws -> SQLValue

    init(
        engine: SQLiteEngine, activity: ConnectionActivity, makeState: @escaping () -> AnyObject,
        step: @escaping (AnyObject, [SQLValue]) throws -> Void, result: @escaping (AnyObject) throws -> SQLValue
    ) {
        self.makeState = makeState
        self.stepBody = step
        self.resultBody = result
        super.init(engine: engine, activity: activity)
    }

    /// SQLite's `xStep`: the group's state lives in SQLite's aggregate memory as a retained pointer.
    static func step(_ functions: UnsafePointer<SQLiteFunctions>?, _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let function: AggregateFunction = registered(context, functions) else { return }
        function.activity.inCallback { function.step(context, count, values) }
    }

    private func step(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        let table = functions.pointee
        guard let slot = table.aggregateContext(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size))?
            .assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        else {
            table.resultErrorCode(context, SQLResultCode.noMemory.rawValue)
            return
        }
        if slot.pointee == nil {
            slot.pointee = Unmanaged.passRetained(makeState()).toOpaque()
        }
        let state = Unmanaged<AnyObject>.fromOpaque(slot.pointee!).takeUnretainedValue()
        do {
            try stepBody(state, arguments(count, values))
        } catch {
            setResult(context) { throw error }
        }
    }

    /// SQLite's `xFinal`, called once per group, also when the statement stops early: it frees
    /// the state. A group with no rows never had memory, and starts from a fresh state.
    static func final(_ functions: UnsafePointer<SQLiteFunctions>?, _ context: OpaquePointer?) {
        guard let function: AggregateFunction = registered(context, functions) else { return }
        function.activity.inCallback { function.final(context) }
    }

    private func final(_ context: OpaquePointer?) {
        let slot = functions.pointee.aggregateContext(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        let state: AnyObject
        if let stored = slot?.pointee {
            state = Unmanaged<AnyObject>.fromOpaque(stored).takeRetainedValue()
            slot?.pointee = nil
        } else {
            state = makeState()
        }
        setResult(context) { try self.resultBody(state) }
    }
}

/// A collation registered by `SQLContext.createCollation`.
final class Collation {
    let compare: (String, String) -> ComparisonResult
    /// The activity of the connection the collation is registered on; every comparison runs through it.
    let activity: ConnectionActivity

    init(activity: ConnectionActivity, compare: @escaping (String, String) -> ComparisonResult) {
        self.activity = activity
        self.compare = compare
    }

    /// SQLite's `xCompare`: the strings come as UTF-8 bytes without a terminating NUL.
    static let compare: SQLiteCollationCallback = { pointer, leftCount, left, rightCount, right in
        guard let pointer else { return 0 }
        let collation = Unmanaged<Collation>.fromOpaque(pointer).takeUnretainedValue()
        func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
            guard let bytes, count > 0 else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
        }
        let order = collation.activity.inCallback { collation.compare(text(left, leftCount), text(right, rightCount)) }
        switch order {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }
}
