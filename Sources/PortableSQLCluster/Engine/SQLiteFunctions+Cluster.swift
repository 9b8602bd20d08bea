import CSQLite
import Foundation
import PortableSQL

extension SQLiteFunctions {
    /// The cluster engine: SQLite's C API over dqlite's wire protocol. Connections and
    /// statements are Swift objects behind the C handles; what a cluster cannot do fails with
    /// an error that names the limit (see `ClusterUnavailable`).
    static let cluster: SQLiteFunctions = {
        var table: [String: UnsafeMutableRawPointer] = [:]
        table["sqlite3_libversion"] = entry(\.libversion, { sqlite3_libversion() })
        table["sqlite3_libversion_number"] = entry(\.libversionNumber, { sqlite3_libversion_number() })
        table["sqlite3_compileoption_get"] = entry(\.compileoptionGet, { _ in nil })
        table["sqlite3_complete"] = entry(\.complete, { sql in sqlite3_complete(sql) })
        // A cluster connection opens through its engine, which knows the nodes (see `ClusterRegistry`).
        table["sqlite3_open_v2"] = entry(\.openV2, { _, handle, _, _ in
            handle?.pointee = nil
            return ClusterResultCodes.misuse
        })
        table["sqlite3_close_v2"] = entry(\.closeV2, { handle in
            guard let handle else { return ClusterResultCodes.ok }
            ClusterHandles.release(handle, as: ClusterConnection.self)
            return ClusterResultCodes.ok
        })
        table["sqlite3_extended_result_codes"] = entry(\.extendedResultCodes, { _, _ in ClusterResultCodes.ok })
        table["sqlite3_errmsg"] = entry(\.errmsg, { handle in ClusterHandles.connection(handle)?.errorMessage })
        table["sqlite3_errstr"] = entry(\.errstr, { code in sqlite3_errstr(code) })
        table["sqlite3_extended_errcode"] = entry(\.extendedErrcode, { handle in ClusterHandles.connection(handle)?.errorCode ?? ClusterResultCodes.misuse })
        table["sqlite3_busy_timeout"] = entry(\.busyTimeout, { handle, milliseconds in
            ClusterHandles.connection(handle)?.busyTimeout = Double(max(0, milliseconds)) / 1000
            return ClusterResultCodes.ok
        })
        table["sqlite3_changes"] = entry(\.changes, { handle in Int32(truncatingIfNeeded: ClusterHandles.connection(handle)?.changes ?? 0) })
        table["sqlite3_total_changes"] = entry(\.totalChanges, { handle in Int32(truncatingIfNeeded: ClusterHandles.connection(handle)?.totalChanges ?? 0) })
        table["sqlite3_last_insert_rowid"] = entry(\.lastInsertRowid, { handle in ClusterHandles.connection(handle)?.lastInsertRowID ?? 0 })
        table["sqlite3_interrupt"] = entry(\.interrupt, { handle in ClusterHandles.connection(handle)?.interrupt() })
        table["sqlite3_db_mutex"] = entry(\.dbMutex, { _ in nil })
        table["sqlite3_mutex_enter"] = entry(\.mutexEnter, { _ in })
        table["sqlite3_mutex_leave"] = entry(\.mutexLeave, { _ in })
        table["sqlite3_progress_handler"] = entry(\.progressHandler, { _, _, _, _ in })
        table["sqlite3_get_autocommit"] = entry(\.getAutocommit, { handle in ClusterHandles.connection(handle)?.isInTransaction == true ? 0 : 1 })
        table["sqlite3_db_readonly"] = entry(\.dbReadonly, { handle, _ in ClusterHandles.connection(handle)?.isReadOnly == true ? 1 : 0 })
        table["sqlite3_trace_v2"] = entry(\.traceV2, { handle, _, callback, _ in
            ClusterHandles.connection(handle)?.setUnavailable("trace", callback == nil ? nil : ClusterUnavailable.trace)
            return callback == nil ? ClusterResultCodes.ok : ClusterResultCodes.misuse
        })
        table["sqlite3_update_hook"] = entry(\.updateHook, { handle, callback, _ in
            ClusterHandles.connection(handle)?.setUnavailable("update", callback == nil ? nil : ClusterUnavailable.updateHook)
            return nil
        })
        table["sqlite3_prepare_v2"] = entry(\.prepareV2, { handle, sql, length, statement, tail in
            statement?.pointee = nil
            guard let connection = ClusterHandles.connection(handle), let sql else { return ClusterResultCodes.misuse }
            // Read in place: copying the rest of a script for each of its statements would take
            // time in the square of its length.
            let bytes = UnsafeRawBufferPointer(start: sql, count: length < 0 ? strlen(sql) : Int(length))
            let first = bytes[..<SQLStatementSplitter.firstStatementLength(bytes)]
            let end = first.firstIndex(of: 0) ?? first.endIndex
            tail?.pointee = sql + end
            return connection.prepare(String(decoding: bytes[..<end], as: UTF8.self)) { statement?.pointee = $0 }
        })
        table["sqlite3_sql"] = entry(\.sql, { handle in UnsafePointer(ClusterHandles.statement(handle)?.text) })
        table["sqlite3_expanded_sql"] = entry(\.expandedSql, { _ in nil })
        table["sqlite3_free"] = entry(\.free, { pointer in Foundation.free(pointer) })
        table["sqlite3_step"] = entry(\.step, { handle in ClusterHandles.statement(handle)?.step() ?? ClusterResultCodes.misuse })
        table["sqlite3_reset"] = entry(\.reset, { handle in
            ClusterHandles.statement(handle)?.reset()
            return ClusterResultCodes.ok
        })
        table["sqlite3_finalize"] = entry(\.finalize, { handle in
            guard let handle, let statement = ClusterHandles.statement(handle) else { return ClusterResultCodes.ok }
            statement.finalize()
            ClusterHandles.release(handle, as: ClusterStatement.self)
            return ClusterResultCodes.ok
        })
        table["sqlite3_clear_bindings"] = entry(\.clearBindings, { handle in
            guard let statement = ClusterHandles.statement(handle) else { return ClusterResultCodes.misuse }
            statement.bindings = Array(repeating: .null, count: statement.parameterCount)
            return ClusterResultCodes.ok
        })
        table["sqlite3_bind_parameter_count"] = entry(\.bindParameterCount, { handle in Int32(ClusterHandles.statement(handle)?.parameterCount ?? 0) })
        table["sqlite3_bind_parameter_index"] = entry(\.bindParameterIndex, { handle, name in
            guard let statement = ClusterHandles.statement(handle), let name else { return 0 }
            let wanted = String(cString: name)
            return Int32((1...max(1, statement.parameterCount)).first { statement.parameterName($0) == wanted } ?? 0)
        })
        table["sqlite3_bind_parameter_name"] = entry(\.bindParameterName, { handle, index in ClusterHandles.statement(handle)?.parameterNamePointer(Int(index)) })
        table["sqlite3_bind_null"] = entry(\.bindNull, { handle, index in ClusterHandles.statement(handle)?.bind(.null, at: index) ?? ClusterResultCodes.misuse })
        table["sqlite3_bind_int64"] = entry(\.bindInt64, { handle, index, value in ClusterHandles.statement(handle)?.bind(.long(value), at: index) ?? ClusterResultCodes.misuse })
        table["sqlite3_bind_double"] = entry(\.bindDouble, { handle, index, value in ClusterHandles.statement(handle)?.bind(.real(value), at: index) ?? ClusterResultCodes.misuse })
        table["sqlite3_bind_text"] = entry(\.bindText, { handle, index, text, count, _ in
            guard let text else { return ClusterHandles.statement(handle)?.bind(.null, at: index) ?? ClusterResultCodes.misuse }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: count < 0 ? strlen(text) : Int(count))
            guard let statement = ClusterHandles.statement(handle) else { return ClusterResultCodes.misuse }
            // dqlite carries text as UTF-8: other bytes would arrive changed, so they are refused.
            // (Validated as they are: Foundation's UTF-8 decoding would drop a leading BOM.)
            guard let string = String(validating: bytes, as: UTF8.self) else {
                return statement.connection.fail(
                    ClusterResultCodes.mismatch,
                    "dqlite cluster: a text parameter must be valid UTF-8 (dqlite's protocol carries text as UTF-8, and other bytes would be stored changed); bind them as a blob")
            }
            return statement.bind(.text(string), at: index)
        })
        table["sqlite3_bind_blob"] = entry(\.bindBlob, { handle, index, bytes, count, _ in
            let data = bytes.map { Data(bytes: $0, count: Int(max(0, count))) } ?? Data()
            return ClusterHandles.statement(handle)?.bind(bytes == nil ? .null : .blob(data), at: index) ?? ClusterResultCodes.misuse
        })
        table["sqlite3_bind_zeroblob"] = entry(\.bindZeroblob, { handle, index, count in
            ClusterHandles.statement(handle)?.bind(.blob(Data(count: Int(max(0, count)))), at: index) ?? ClusterResultCodes.misuse
        })
        table["sqlite3_column_count"] = entry(\.columnCount, { handle in Int32(ClusterHandles.statement(handle)?.columnNames.count ?? 0) })
        table["sqlite3_column_name"] = entry(\.columnName, { handle, column in
            guard let statement = ClusterHandles.statement(handle), column >= 0, Int(column) < statement.columnNamePointers.count else { return nil }
            return UnsafePointer(statement.columnNamePointers[Int(column)])
        })
        table["sqlite3_column_decltype"] = entry(\.columnDecltype, { _, _ in nil })
        table["sqlite3_column_type"] = entry(\.columnType, { handle, column in CellConversion.typeCode(ClusterHandles.statement(handle)?.value(at: column) ?? .null) })
        table["sqlite3_column_int64"] = entry(\.columnInt64, { handle, column in CellConversion.integer(ClusterHandles.statement(handle)?.value(at: column) ?? .null) })
        table["sqlite3_column_double"] = entry(\.columnDouble, { handle, column in CellConversion.real(ClusterHandles.statement(handle)?.value(at: column) ?? .null) })
        table["sqlite3_column_text"] = entry(\.columnText, { handle, column in
            guard let statement = ClusterHandles.statement(handle) else { return nil }
            let bytes = statement.cells.bytes(of: statement.value(at: column), column: Int(column))
            return bytes.map { UnsafePointer($0.pointer.assumingMemoryBound(to: UInt8.self)) }
        })
        table["sqlite3_column_blob"] = entry(\.columnBlob, { handle, column in
            guard let statement = ClusterHandles.statement(handle) else { return nil }
            return statement.cells.bytes(of: statement.value(at: column), column: Int(column)).map { UnsafeRawPointer($0.pointer) }
        })
        table["sqlite3_column_bytes"] = entry(\.columnBytes, { handle, column in
            guard let statement = ClusterHandles.statement(handle) else { return 0 }
            return Int32(statement.cells.bytes(of: statement.value(at: column), column: Int(column))?.count ?? 0)
        })
        table["sqlite3_column_value"] = entry(\.columnValue, { handle, column in
            guard let statement = ClusterHandles.statement(handle), let cells = statement.valueCells,
                  column >= 0, Int(column) < statement.columnNames.count
            else { return nil }
            return OpaquePointer(cells + Int(column))
        })
        table["sqlite3_value_type"] = entry(\.valueType, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return 5 }
            return CellConversion.typeCode(cell.owner.value(at: Int32(cell.column)))
        })
        table["sqlite3_value_int64"] = entry(\.valueInt64, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return 0 }
            return CellConversion.integer(cell.owner.value(at: Int32(cell.column)))
        })
        table["sqlite3_value_double"] = entry(\.valueDouble, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return 0 }
            return CellConversion.real(cell.owner.value(at: Int32(cell.column)))
        })
        table["sqlite3_value_text"] = entry(\.valueText, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return nil }
            let owner = cell.owner
            return owner.cells.bytes(of: owner.value(at: Int32(cell.column)), column: cell.column).map { UnsafePointer($0.pointer.assumingMemoryBound(to: UInt8.self)) }
        })
        table["sqlite3_value_blob"] = entry(\.valueBlob, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return nil }
            let owner = cell.owner
            return owner.cells.bytes(of: owner.value(at: Int32(cell.column)), column: cell.column).map { UnsafeRawPointer($0.pointer) }
        })
        table["sqlite3_value_bytes"] = entry(\.valueBytes, { cell in
            guard let cell = ClusterHandles.cell(cell) else { return 0 }
            let owner = cell.owner
            return Int32(owner.cells.bytes(of: owner.value(at: Int32(cell.column)), column: cell.column)?.count ?? 0)
        })
        table["sqlite3_create_function_v2"] = entry(\.createFunctionV2, { handle, _, _, _, userData, _, _, _, destroy in
            // As SQLite does when the call fails, the user data is handed to its destructor.
            destroy?(userData)
            return ClusterHandles.connection(handle)?.fail(ClusterResultCodes.misuse, ClusterUnavailable.functions) ?? ClusterResultCodes.misuse
        })
        table["sqlite3_create_collation_v2"] = entry(\.createCollationV2, { handle, _, _, _, _, _ in
            ClusterHandles.connection(handle)?.fail(ClusterResultCodes.misuse, ClusterUnavailable.functions) ?? ClusterResultCodes.misuse
        })
        table["sqlite3_user_data"] = entry(\.userData, { _ in nil })
        table["sqlite3_aggregate_context"] = entry(\.aggregateContext, { _, _ in nil })
        table["sqlite3_result_null"] = entry(\.resultNull, { _ in })
        table["sqlite3_result_int64"] = entry(\.resultInt64, { _, _ in })
        table["sqlite3_result_double"] = entry(\.resultDouble, { _, _ in })
        table["sqlite3_result_text"] = entry(\.resultText, { _, _, _, _ in })
        table["sqlite3_result_blob"] = entry(\.resultBlob, { _, _, _, _ in })
        table["sqlite3_result_error"] = entry(\.resultError, { _, _, _ in })
        table["sqlite3_result_error_code"] = entry(\.resultErrorCode, { _, _ in })
        table["sqlite3_commit_hook"] = entry(\.commitHook, { handle, callback, _ in
            ClusterHandles.connection(handle)?.setUnavailable("commit", callback == nil ? nil : ClusterUnavailable.observation)
            return nil
        })
        table["sqlite3_rollback_hook"] = entry(\.rollbackHook, { handle, callback, _ in
            ClusterHandles.connection(handle)?.setUnavailable("rollback", callback == nil ? nil : ClusterUnavailable.observation)
            return nil
        })
        table["sqlite3_set_authorizer"] = entry(\.setAuthorizer, { _, _, _ in ClusterResultCodes.ok })
        table["sqlite3_backup_init"] = entry(\.backupInit, { destination, _, _, _ in
            ClusterHandles.connection(destination)?.fail(ClusterResultCodes.misuse, ClusterUnavailable.backup)
            return nil
        })
        table["sqlite3_backup_step"] = entry(\.backupStep, { _, _ in ClusterResultCodes.misuse })
        table["sqlite3_backup_finish"] = entry(\.backupFinish, { _ in ClusterResultCodes.misuse })
        table["sqlite3_backup_remaining"] = entry(\.backupRemaining, { _ in 0 })
        table["sqlite3_backup_pagecount"] = entry(\.backupPagecount, { _ in 0 })
        // Every symbol is in the table but the key functions: a cluster does not encrypt.
        return try! SQLiteFunctions { symbol in
            guard let function = table[symbol] else { throw SQLError(code: .notFound, message: "a cluster has no \(symbol)") }
            return function
        }
    }()
}

/// The C function `function`, typed as the field of `SQLiteFunctions` it fills, as a pointer.
private func entry<Function>(_ field: KeyPath<SQLiteFunctions, Function>, _ function: Function) -> UnsafeMutableRawPointer {
    unsafeBitCast(function, to: UnsafeMutableRawPointer.self)
}
