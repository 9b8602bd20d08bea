import CSQLite

/// SQLite's error log (`SQLITE_CONFIG_LOG`) of the system library: each error and warning
/// SQLite reports (a statement that fails to prepare, an automatic index, …) with its result
/// code, as the `sqlite3` shell's `.log` prints them.
///
/// SQLite takes the log only while it is stopped: before it starts, or after `sqlite3_shutdown`,
/// which is allowed only while none of its connections is open. SQLCipher, which PortableSQLPlus
/// starts as it loads it and keeps started, cannot take one.
package enum SQLiteErrorLog {
    /// Receives each message: its result code and text.
    package typealias Receiver = (Int32, String) -> Void

    /// The receiver, kept for as long as the process runs once installed.
    private final class Box {
        let receiver: Receiver
        init(_ receiver: @escaping Receiver) { self.receiver = receiver }
    }

    /// Sends the system SQLite's log to `receiver` (on the thread of the call that logs). A
    /// SQLite that has started is stopped first, so call this only while no connection of the
    /// system SQLite is open (at a program's start, say): it starts again with the next one.
    ///
    /// - Returns: whether SQLite took the log.
    package static func install(_ receiver: @escaping Receiver) -> Bool {
        let box = Unmanaged.passRetained(Box(receiver))
        let log: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?) -> Void = { context, code, message in
            guard let context, let message else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().receiver(code, String(cString: message))
        }
        var result = portablesql_config_log(log, box.toOpaque())
        if result == SQLITE_MISUSE, sqlite3_shutdown() == SQLITE_OK {
            result = portablesql_config_log(log, box.toOpaque())
        }
        guard result == SQLITE_OK else {
            box.release()
            return false
        }
        return true
    }
}
