import Foundation

extension SQLContext {
    /// Registers a SQL function named `name` that runs `function` on its arguments; SQL then
    /// calls it like a built-in one (`SELECT slug(title) FROM post`).
    ///
    /// `argumentCount` `nil` accepts any number of arguments; SQLite keeps one function per
    /// name and argument count, and registering again replaces it. Mark a function
    /// `deterministic` when the same arguments always give the same result: SQLite may then
    /// compute it once, and it may appear in indexes and generated columns. What `function`
    /// throws becomes the statement's error: a `SQLError` with its code and message, anything
    /// else as `SQLITE_ERROR` with its description. The function lives until it is removed or
    /// the context closes; it runs on the thread that runs the statement and must not use the
    /// context.
    ///
    /// ```swift
    /// try db.createFunction("initials", argumentCount: 1, deterministic: true) { arguments in
    ///     .text(String((arguments[0].textValue ?? "").split(separator: " ").compactMap(\.first)))
    /// }
    /// ```
    /// - Throws: `SQLError` (`SQLITE_MISUSE`) for an argument count outside 0...127 or a name
    ///   SQLite refuses (empty, over 255 bytes); `SQLITE_BUSY` when a running statement uses a
    ///   function of that name; or when the context is closed.
    public func createFunction(
        _ name: String, argumentCount: Int? = nil, deterministic: Bool = false,
        _ function: @escaping (_ arguments: [SQLValue]) throws -> SQLValue
    ) throws {
        let (connection, engine) = try checkOpen()
        let trampolines = try engine.functionTrampolines()
        let box = ScalarFunction(engine: engine, activity: changeTracker.activity, body: function)
        try register(name, argumentCount: argumentCount, deterministic: deterministic, connection: connection, engine: engine) { flags, count in
            engine.functions.createFunctionV2(
                connection, name, count, flags, Unmanaged.passRetained(box).toOpaque(), trampolines.scalar, nil, nil, releaseRegisteredObject
            )
        }
    }

    /// Registers an aggregate SQL function named `name` (used like `sum` or `group_concat`):
    /// each group starts from `initialState()`, `step` folds each row's arguments into it, and
    /// `result` turns it into the group's value (also for an empty group).
    ///
    /// Arguments, replacement, `deterministic`, errors and lifetime are as in
    /// `createFunction(_:argumentCount:deterministic:_:)`.
    ///
    /// ```swift
    /// try db.createAggregate("product", argumentCount: 1, initialState: 1.0,
    ///     step: { product, arguments in product *= arguments[0].realValue ?? arguments[0].longValue.map(Double.init) ?? 1 },
    ///     result: { .real($0) })
    /// ```
    /// - Throws: as `createFunction(_:argumentCount:deterministic:_:)`.
    public func createAggregate<State>(
        _ name: String, argumentCount: Int? = nil, deterministic: Bool = false,
        initialState: @escaping @autoclosure () -> State,
        step: @escaping (_ state: inout State, _ arguments: [SQLValue]) throws -> Void,
        result: @escaping (_ state: State) throws -> SQLValue
    ) throws {
        let (connection, engine) = try checkOpen()
        let trampolines = try engine.functionTrampolines()
        let box = AggregateFunction(
            engine: engine, activity: changeTracker.activity,
            makeState: { AggregateState(initialState) },
            step: { state, arguments in try (state as! AggregateState<State>).fold { try step(&$0, arguments) } },
            result: { state in try result((state as! AggregateState<State>).result) }
        )
        try register(name, argumentCount: argumentCount, deterministic: deterministic, connection: connection, engine: engine) { flags, count in
            engine.functions.createFunctionV2(
                connection, name, count, flags, Unmanaged.passRetained(box).toOpaque(),
                nil, trampolines.step, trampolines.final, releaseRegisteredObject
            )
        }
    }

    /// Removes the function (scalar or aggregate) named `name` with `argumentCount` arguments
    /// (`nil`: the one that takes any number). Removing one that does not exist does nothing.
    ///
    /// - Throws: `SQLError` (`SQLITE_BUSY`) while a running statement uses it, or when the context is closed.
    public func removeFunction(_ name: String, argumentCount: Int? = nil) throws {
        let (connection, engine) = try checkOpen()
        try register(name, argumentCount: argumentCount, deterministic: false, connection: connection, engine: engine) { flags, count in
            engine.functions.createFunctionV2(connection, name, count, flags, nil, nil, nil, nil, nil)
        }
    }

    /// Registers a collation named `name`, for `ORDER BY … COLLATE name`, `COLLATE` in column
    /// definitions and indexes. `compare` must be a total order and give the same answer for the
    /// same strings each time, or indexes built with it become inconsistent. Registering again
    /// replaces it; it lives until removed or the context closes.
    ///
    /// ```swift
    /// try db.createCollation("localized") { $0.localizedStandardCompare($1) }
    /// ```
    /// - Throws: `SQLError` (`SQLITE_BUSY`) while a running statement uses a collation of that
    ///   name, `SQLITE_MISUSE` for a name SQLite refuses, or when the context is closed.
    public func createCollation(_ name: String, _ compare: @escaping (String, String) -> ComparisonResult) throws {
        let (connection, engine) = try checkOpen()
        let box = Unmanaged.passRetained(Collation(activity: changeTracker.activity, compare: compare))
        let result = engine.functions.createCollationV2(
            connection, name, utf8TextEncoding, box.toOpaque(), Collation.compare, releaseRegisteredObject
        )
        // Unlike a function's, a collation's destructor is not called when registering fails.
        if result != SQLResultCode.ok.rawValue { box.release() }
        try checkRegistration(result, of: "collation \(name)", connection: connection, engine: engine)
    }

    /// Removes the collation named `name`; removing one that does not exist does nothing.
    ///
    /// - Throws: `SQLError` (`SQLITE_BUSY`) while a running statement uses it, or when the context is closed.
    public func removeCollation(_ name: String) throws {
        let (connection, engine) = try checkOpen()
        let result = engine.functions.createCollationV2(connection, name, utf8TextEncoding, nil, nil, nil)
        try checkRegistration(result, of: "collation \(name)", connection: connection, engine: engine)
    }

    /// Checks the argument count, then calls SQLite's `create_function_v2` through `create` with
    /// the text-encoding flags and SQLite's argument count.
    private func register(
        _ name: String, argumentCount: Int?, deterministic: Bool, connection: OpaquePointer, engine: SQLiteEngine,
        _ create: (_ flags: Int32, _ count: Int32) -> Int32
    ) throws {
        if let argumentCount, !(0...maximumFunctionArguments).contains(argumentCount) {
            throw SQLError(code: .misuse, message: "function \(name) cannot take \(argumentCount) arguments; SQL functions take 0 to \(maximumFunctionArguments), or nil for any number")
        }
        let flags = utf8TextEncoding | (deterministic ? deterministicFunction : 0)
        let result = create(flags, Int32(argumentCount ?? -1))
        try checkRegistration(result, of: "function \(name)", connection: connection, engine: engine)
    }

    private func checkRegistration(_ result: Int32, of what: String, connection: OpaquePointer, engine: SQLiteEngine) throws {
        guard result != SQLResultCode.ok.rawValue else { return }
        let error = SQLError(engine: engine, connection: connection, resultCode: result, sql: nil)
        throw SQLError(code: error.extendedCode, message: "cannot register \(what): \(error.message)")
    }
}

/// The most arguments a SQL function takes (SQLite's `SQLITE_MAX_FUNCTION_ARG` default).
private let maximumFunctionArguments = 127
/// `SQLITE_UTF8`.
private let utf8TextEncoding: Int32 = 1
/// `SQLITE_DETERMINISTIC`.
private let deterministicFunction: Int32 = 0x800
