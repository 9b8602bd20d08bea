// Fuzz target: the statement splitter (`SQLScript`) against SQLite's own `sqlite3_complete` on
// the system SQLite. For any bytes, read as SQLite reads a C string (up to the first NUL):
// - the splitter says the text is complete exactly when `sqlite3_complete` does;
// - the text up to the end of each statement the splitter finds is complete to SQLite;
// except for text where the two are known to read differently
// (`SQLScript.readsDifferentlyFromSQLiteComplete`). A disagreement stops it with the text.
//
// Built with libFuzzer by `Scripts/fuzz` (`make fuzz`); built plainly (`swift build`), it
// replays the files and folders it is given, so that a finding can be kept as a test input.
import FuzzDriver
import PortableSQL

/// Checks one input; stops the program, naming the text, on a disagreement.
func check(_ input: UnsafeRawBufferPointer) {
    let bytes = Array(input.prefix { $0 != 0 })
    let text = String(decoding: bytes, as: UTF8.self)
    // Text that is not UTF-8 is read by the splitter as bytes and by the differences' rule as
    // repaired text; only valid text is compared, every text is split.
    let script = bytes.withUnsafeBytes { SQLScript($0) }
    guard Array(text.utf8) == bytes, !SQLScript.readsDifferentlyFromSQLiteComplete(text) else { return }
    let complete = SQLiteEngine.system.functions.complete
    let sqlite = (bytes + [0]).withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { complete($0.baseAddress) }
    }
    if script.isComplete != (sqlite == 1) {
        fatalError("isComplete \(script.isComplete), sqlite3_complete \(sqlite): \(text.debugDescription)")
    }
    for statement in script.statements {
        let prefix = Array(bytes[..<statement.range.upperBound]) + [0]
        let answer = prefix.withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { complete($0.baseAddress) } }
        if answer != 1 {
            fatalError("the statement ending at byte \(statement.range.upperBound) is not complete to SQLite: \(text.debugDescription)")
        }
    }
}

@main enum Main {
    static func main() {
        FuzzDriver.run("FuzzSQLScript", check: check)
    }
}
