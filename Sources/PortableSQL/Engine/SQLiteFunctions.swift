import CSQLite

/// The destructor argument of SQLite's `bind_text` and `bind_blob` calls.
package typealias SQLiteDestructor = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
package let sqliteTransient = unsafeBitCast(-1 as Int, to: SQLiteDestructor.self)

/// `sqlite3_key` and `sqlite3_rekey`: a connection, the key's bytes and their count.
package typealias SQLiteKeyFunction = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32) -> Int32
/// A scalar function's or an aggregate's step callback: the call's context, its argument count and arguments.
package typealias SQLiteFunctionCallback = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
/// An aggregate's final callback.
package typealias SQLiteFinalCallback = @convention(c) (OpaquePointer?) -> Void
/// A collation's comparison: its user data, then the two strings as lengths and bytes.
package typealias SQLiteCollationCallback = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?) -> Int32

/// The table of SQLite C functions that PortableSQL calls, one field per function.
///
/// Everything in PortableSQL reaches SQLite through one of these tables, never through a
/// global `sqlite3_*` symbol, so that two engines (the system SQLite and SQLCipher) can live in
/// one process without either calling into the other. `SQLiteEngine.system` holds the linked
/// system library's functions; PortableSQLPlus resolves a second table from SQLCipher loaded with
/// `dlopen`, through `init(resolve:)`.
@usableFromInline
package struct SQLiteFunctions: @unchecked Sendable {
    // Function pointers are immutable values: sharing them between threads is safe.
    package let libversion: @convention(c) () -> UnsafePointer<CChar>?
    package let libversionNumber: @convention(c) () -> Int32
    package let compileoptionGet: @convention(c) (Int32) -> UnsafePointer<CChar>?
    /// `sqlite3_complete`, which the tests hold `SQLScript.isComplete` to.
    package let complete: @convention(c) (UnsafePointer<CChar>?) -> Int32
    package let openV2: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    package let closeV2: @convention(c) (OpaquePointer?) -> Int32
    package let extendedResultCodes: @convention(c) (OpaquePointer?, Int32) -> Int32
    package let errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    package let errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    package let extendedErrcode: @convention(c) (OpaquePointer?) -> Int32
    package let busyTimeout: @convention(c) (OpaquePointer?, Int32) -> Int32
    package let changes: @convention(c) (OpaquePointer?) -> Int32
    package let totalChanges: @convention(c) (OpaquePointer?) -> Int32
    package let lastInsertRowid: @convention(c) (OpaquePointer?) -> Int64
    package let interrupt: @convention(c) (OpaquePointer?) -> Void
    package let dbMutex: @convention(c) (OpaquePointer?) -> OpaquePointer?
    package let mutexEnter: @convention(c) (OpaquePointer?) -> Void
    package let mutexLeave: @convention(c) (OpaquePointer?) -> Void
    package let progressHandler: @convention(c) (OpaquePointer?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?, UnsafeMutableRawPointer?) -> Void
    package let getAutocommit: @convention(c) (OpaquePointer?) -> Int32
    package let dbReadonly: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `sqlite3_txn_state`; `nil` on an engine without it (the cluster).
    package let txnState: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32)?
    /// `sqlite3_limit`; `nil` on an engine without it (the cluster).
    package let limit: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32)?
    package let traceV2: @convention(c) (OpaquePointer?, UInt32, (@convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32)?, UnsafeMutableRawPointer?) -> Int32
    package let updateHook: @convention(c) (OpaquePointer?, (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int64) -> Void)?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    package let prepareV2: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32
    package let sql: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    package let expandedSql: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    package let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    @usableFromInline package let step: @convention(c) (OpaquePointer?) -> Int32
    package let reset: @convention(c) (OpaquePointer?) -> Int32
    package let finalize: @convention(c) (OpaquePointer?) -> Int32
    package let clearBindings: @convention(c) (OpaquePointer?) -> Int32
    package let bindParameterCount: @convention(c) (OpaquePointer?) -> Int32
    package let bindParameterIndex: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    package let bindParameterName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    @usableFromInline package let bindNull: @convention(c) (OpaquePointer?, Int32) -> Int32
    @usableFromInline package let bindInt64: @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    @usableFromInline package let bindDouble: @convention(c) (OpaquePointer?, Int32, Double) -> Int32
    package let bindText: @convention(c) (OpaquePointer?, Int32, UnsafePointer<CChar>?, Int32, SQLiteDestructor?) -> Int32
    package let bindBlob: @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?, Int32, SQLiteDestructor?) -> Int32
    package let bindZeroblob: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    package let columnCount: @convention(c) (OpaquePointer?) -> Int32
    package let columnName: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    package let columnDecltype: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    package let columnType: @convention(c) (OpaquePointer?, Int32) -> Int32
    @usableFromInline package let columnInt64: @convention(c) (OpaquePointer?, Int32) -> Int64
    package let columnDouble: @convention(c) (OpaquePointer?, Int32) -> Double
    package let columnText: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    package let columnBlob: @convention(c) (OpaquePointer?, Int32) -> UnsafeRawPointer?
    package let columnBytes: @convention(c) (OpaquePointer?, Int32) -> Int32
    @usableFromInline package let columnValue: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    @usableFromInline package let valueType: @convention(c) (OpaquePointer?) -> Int32
    @usableFromInline package let valueInt64: @convention(c) (OpaquePointer?) -> Int64
    @usableFromInline package let valueDouble: @convention(c) (OpaquePointer?) -> Double
    package let valueText: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?
    package let valueBlob: @convention(c) (OpaquePointer?) -> UnsafeRawPointer?
    package let valueBytes: @convention(c) (OpaquePointer?) -> Int32
    package let createFunctionV2: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?, SQLiteFunctionCallback?, SQLiteFunctionCallback?, SQLiteFinalCallback?, SQLiteDestructor?) -> Int32
    package let createCollationV2: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?, SQLiteCollationCallback?, SQLiteDestructor?) -> Int32
    package let userData: @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    package let aggregateContext: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutableRawPointer?
    package let resultNull: @convention(c) (OpaquePointer?) -> Void
    package let resultInt64: @convention(c) (OpaquePointer?, Int64) -> Void
    package let resultDouble: @convention(c) (OpaquePointer?, Double) -> Void
    package let resultText: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, SQLiteDestructor?) -> Void
    package let resultBlob: @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int32, SQLiteDestructor?) -> Void
    package let resultError: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
    package let resultErrorCode: @convention(c) (OpaquePointer?, Int32) -> Void
    package let commitHook: @convention(c) (OpaquePointer?, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    package let rollbackHook: @convention(c) (OpaquePointer?, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    package let setAuthorizer: @convention(c) (OpaquePointer?, (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32)?, UnsafeMutableRawPointer?) -> Int32
    package let backupInit: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    package let backupStep: @convention(c) (OpaquePointer?, Int32) -> Int32
    package let backupFinish: @convention(c) (OpaquePointer?) -> Int32
    package let backupRemaining: @convention(c) (OpaquePointer?) -> Int32
    package let backupPagecount: @convention(c) (OpaquePointer?) -> Int32
    /// `sqlite3_status64`, `sqlite3_db_status` and `sqlite3_stmt_status`: the counters the
    /// shell's `.stats` prints; `nil` on an engine without them (the cluster).
    package let status64: (@convention(c) (Int32, UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?, Int32) -> Int32)?
    package let dbStatus: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, Int32) -> Int32)?
    package let stmtStatus: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32)?
    /// `sqlite3_column_database_name`, `_table_name` and `_origin_name`; `nil` on an engine
    /// built without column metadata, or without them (the cluster).
    package let columnDatabaseName: (@convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?)?
    package let columnTableName: (@convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?)?
    package let columnOriginName: (@convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?)?
    /// `sqlite3_key`: sets the key of a connection, before its first read; only an engine that
    /// encrypts (SQLCipher) has it.
    package let key: SQLiteKeyFunction?
    /// `sqlite3_rekey`: re-encrypts a keyed database under a new key; only an engine that
    /// encrypts has it.
    package let rekey: SQLiteKeyFunction?
}

extension SQLiteFunctions {
    /// Builds a table by looking up each C symbol by name, as `dlsym` does.
    ///
    /// `key` and `rekey` are looked up too, and are `nil` when the library has not both (it
    /// does not encrypt).
    /// - Throws: what `resolve` throws for a symbol the library does not export, but for
    ///   `sqlite3_key` and `sqlite3_rekey`.
    package init(resolve: (String) throws -> UnsafeMutableRawPointer) throws {
        func function<Function>(_ symbol: String) throws -> Function {
            unsafeBitCast(try resolve(symbol), to: Function.self)
        }
        self.init(
            libversion: try function("sqlite3_libversion"),
            libversionNumber: try function("sqlite3_libversion_number"),
            compileoptionGet: try function("sqlite3_compileoption_get"),
            complete: try function("sqlite3_complete"),
            openV2: try function("sqlite3_open_v2"),
            closeV2: try function("sqlite3_close_v2"),
            extendedResultCodes: try function("sqlite3_extended_result_codes"),
            errmsg: try function("sqlite3_errmsg"),
            errstr: try function("sqlite3_errstr"),
            extendedErrcode: try function("sqlite3_extended_errcode"),
            busyTimeout: try function("sqlite3_busy_timeout"),
            changes: try function("sqlite3_changes"),
            totalChanges: try function("sqlite3_total_changes"),
            lastInsertRowid: try function("sqlite3_last_insert_rowid"),
            interrupt: try function("sqlite3_interrupt"),
            dbMutex: try function("sqlite3_db_mutex"),
            mutexEnter: try function("sqlite3_mutex_enter"),
            mutexLeave: try function("sqlite3_mutex_leave"),
            progressHandler: try function("sqlite3_progress_handler"),
            getAutocommit: try function("sqlite3_get_autocommit"),
            dbReadonly: try function("sqlite3_db_readonly"),
            txnState: try? function("sqlite3_txn_state"),
            limit: try? function("sqlite3_limit"),
            traceV2: try function("sqlite3_trace_v2"),
            updateHook: try function("sqlite3_update_hook"),
            prepareV2: try function("sqlite3_prepare_v2"),
            sql: try function("sqlite3_sql"),
            expandedSql: try function("sqlite3_expanded_sql"),
            free: try function("sqlite3_free"),
            step: try function("sqlite3_step"),
            reset: try function("sqlite3_reset"),
            finalize: try function("sqlite3_finalize"),
            clearBindings: try function("sqlite3_clear_bindings"),
            bindParameterCount: try function("sqlite3_bind_parameter_count"),
            bindParameterIndex: try function("sqlite3_bind_parameter_index"),
            bindParameterName: try function("sqlite3_bind_parameter_name"),
            bindNull: try function("sqlite3_bind_null"),
            bindInt64: try function("sqlite3_bind_int64"),
            bindDouble: try function("sqlite3_bind_double"),
            bindText: try function("sqlite3_bind_text"),
            bindBlob: try function("sqlite3_bind_blob"),
            bindZeroblob: try function("sqlite3_bind_zeroblob"),
            columnCount: try function("sqlite3_column_count"),
            columnName: try function("sqlite3_column_name"),
            columnDecltype: try function("sqlite3_column_decltype"),
            columnType: try function("sqlite3_column_type"),
            columnInt64: try function("sqlite3_column_int64"),
            columnDouble: try function("sqlite3_column_double"),
            columnText: try function("sqlite3_column_text"),
            columnBlob: try function("sqlite3_column_blob"),
            columnBytes: try function("sqlite3_column_bytes"),
            columnValue: try function("sqlite3_column_value"),
            valueType: try function("sqlite3_value_type"),
            valueInt64: try function("sqlite3_value_int64"),
            valueDouble: try function("sqlite3_value_double"),
            valueText: try function("sqlite3_value_text"),
            valueBlob: try function("sqlite3_value_blob"),
            valueBytes: try function("sqlite3_value_bytes"),
            createFunctionV2: try function("sqlite3_create_function_v2"),
            createCollationV2: try function("sqlite3_create_collation_v2"),
            userData: try function("sqlite3_user_data"),
            aggregateContext: try function("sqlite3_aggregate_context"),
            resultNull: try function("sqlite3_result_null"),
            resultInt64: try function("sqlite3_result_int64"),
            resultDouble: try function("sqlite3_result_double"),
            resultText: try function("sqlite3_result_text"),
            resultBlob: try function("sqlite3_result_blob"),
            resultError: try function("sqlite3_result_error"),
            resultErrorCode: try function("sqlite3_result_error_code"),
            commitHook: try function("sqlite3_commit_hook"),
            rollbackHook: try function("sqlite3_rollback_hook"),
            setAuthorizer: try function("sqlite3_set_authorizer"),
            backupInit: try function("sqlite3_backup_init"),
            backupStep: try function("sqlite3_backup_step"),
            backupFinish: try function("sqlite3_backup_finish"),
            backupRemaining: try function("sqlite3_backup_remaining"),
            backupPagecount: try function("sqlite3_backup_pagecount"),
            status64: try? function("sqlite3_status64"),
            dbStatus: try? function("sqlite3_db_status"),
            stmtStatus: try? function("sqlite3_stmt_status"),
            columnDatabaseName: try? function("sqlite3_column_database_name"),
            columnTableName: try? function("sqlite3_column_table_name"),
            columnOriginName: try? function("sqlite3_column_origin_name"),
            key: try? function("sqlite3_key"),
            rekey: try? function("sqlite3_rekey")
        )
    }

    /// The functions of the system SQLite this package links (`libsqlite3`).
    static let linkedSystemLibrary = SQLiteFunctions(
        libversion: sqlite3_libversion,
        libversionNumber: sqlite3_libversion_number,
        compileoptionGet: sqlite3_compileoption_get,
        complete: sqlite3_complete,
        openV2: sqlite3_open_v2,
        closeV2: sqlite3_close_v2,
        extendedResultCodes: sqlite3_extended_result_codes,
        errmsg: sqlite3_errmsg,
        errstr: sqlite3_errstr,
        extendedErrcode: sqlite3_extended_errcode,
        busyTimeout: sqlite3_busy_timeout,
        changes: sqlite3_changes,
        totalChanges: sqlite3_total_changes,
        lastInsertRowid: sqlite3_last_insert_rowid,
        interrupt: sqlite3_interrupt,
        dbMutex: sqlite3_db_mutex,
        mutexEnter: sqlite3_mutex_enter,
        mutexLeave: sqlite3_mutex_leave,
        progressHandler: sqlite3_progress_handler,
        getAutocommit: sqlite3_get_autocommit,
        dbReadonly: sqlite3_db_readonly,
        txnState: sqlite3_txn_state,
        limit: sqlite3_limit,
        traceV2: sqlite3_trace_v2,
        updateHook: sqlite3_update_hook,
        prepareV2: sqlite3_prepare_v2,
        sql: sqlite3_sql,
        expandedSql: sqlite3_expanded_sql,
        free: sqlite3_free,
        step: sqlite3_step,
        reset: sqlite3_reset,
        finalize: sqlite3_finalize,
        clearBindings: sqlite3_clear_bindings,
        bindParameterCount: sqlite3_bind_parameter_count,
        bindParameterIndex: sqlite3_bind_parameter_index,
        bindParameterName: sqlite3_bind_parameter_name,
        bindNull: sqlite3_bind_null,
        bindInt64: sqlite3_bind_int64,
        bindDouble: sqlite3_bind_double,
        bindText: sqlite3_bind_text,
        bindBlob: sqlite3_bind_blob,
        bindZeroblob: sqlite3_bind_zeroblob,
        columnCount: sqlite3_column_count,
        columnName: sqlite3_column_name,
        columnDecltype: sqlite3_column_decltype,
        columnType: sqlite3_column_type,
        columnInt64: sqlite3_column_int64,
        columnDouble: sqlite3_column_double,
        columnText: sqlite3_column_text,
        columnBlob: sqlite3_column_blob,
        columnBytes: sqlite3_column_bytes,
        columnValue: sqlite3_column_value,
        valueType: sqlite3_value_type,
        valueInt64: sqlite3_value_int64,
        valueDouble: sqlite3_value_double,
        valueText: sqlite3_value_text,
        valueBlob: sqlite3_value_blob,
        valueBytes: sqlite3_value_bytes,
        createFunctionV2: sqlite3_create_function_v2,
        createCollationV2: sqlite3_create_collation_v2,
        userData: sqlite3_user_data,
        aggregateContext: sqlite3_aggregate_context,
        resultNull: sqlite3_result_null,
        resultInt64: sqlite3_result_int64,
        resultDouble: sqlite3_result_double,
        resultText: sqlite3_result_text,
        resultBlob: sqlite3_result_blob,
        resultError: sqlite3_result_error,
        resultErrorCode: sqlite3_result_error_code,
        commitHook: sqlite3_commit_hook,
        rollbackHook: sqlite3_rollback_hook,
        setAuthorizer: sqlite3_set_authorizer,
        backupInit: sqlite3_backup_init,
        backupStep: sqlite3_backup_step,
        backupFinish: sqlite3_backup_finish,
        backupRemaining: sqlite3_backup_remaining,
        backupPagecount: sqlite3_backup_pagecount,
        status64: sqlite3_status64,
        dbStatus: sqlite3_db_status,
        stmtStatus: sqlite3_stmt_status,
        columnDatabaseName: sqlite3_column_database_name,
        columnTableName: sqlite3_column_table_name,
        columnOriginName: sqlite3_column_origin_name,
        key: nil,
        rekey: nil
    )
}
