#if Tool
import PortableSQLPlus

/// The SQLCipher engine that `.plus` runs on, in one line: its version, the SQLite version under
/// it and the library file; or why there is none.
func describeCipherEngine() -> String {
    let context = SQLContext(configuration: .plus)
    defer { try? context.close() }
    guard let version = context.cipherVersion, let path = context.cipherLibraryPath else {
        do {
            _ = try context.selectAll(sql: "SELECT 1")
            return "unavailable"
        } catch let error as SQLError {
            return "unavailable: \(error.message)"
        } catch {
            return "unavailable: \(error)"
        }
    }
    return "SQLCipher \(version) (SQLite \(context.version)) from \(path)"
}
#endif
