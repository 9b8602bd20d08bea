// Fuzz target: `file:` URIs with keys, against SQLite's own reading of them. Each input is a
// URI (`URIGrammar`) that the system SQLite opens (`SQLITE_OPEN_URI`, in a folder of this
// process's); then, with the file name and parameters SQLite read:
// - the path check reads the file SQLite opened (`DatabaseURI.file(of:)`), or none for a
//   database in memory;
// - a parameter SQLite read whose name is `key`, `hexkey` or `textkey` in any case, with a
//   value, is found (`KeyStatements.containsURIKey`), and redaction
//   (`KeyStatements.withoutURIKeys`) leaves no trace of its value;
// - a URI of a file (not in memory) that `KeyStatements.unusableURIKey` passes gives
//   SQLCipher a key it uses: SQLite read `key=` with a value or `hexkey=` with pairs of hex
//   digits, in lower case;
// - the system engine refuses to open it (`SQLContext(path:)` throws) or to ATTACH it (as a
//   literal or a bound value), and neither the error nor the trace shows the key.
// A disagreement stops the program, naming the URI.
//
// Built with libFuzzer by `Scripts/fuzz` (`make fuzz`); built plainly, it replays its corpus.
import CSQLite
import Foundation
import FuzzDriver
import PortableSQL

/// The folder every database of this process is opened in.
let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("FuzzURIKeys-\(getpid())").path
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        fatalError("cannot make \(path): \(error)")
    }
    return path
}()

/// What the trace hook of `attaching` saw since it was last emptied.
nonisolated(unsafe) var traced: [String] = []

/// A database in memory on the system engine that URIs are attached to, traced.
nonisolated(unsafe) let attaching: SQLContext = {
    do {
        let context = try SQLContext(path: nil)
        context.trace { traced.append($0) }
        return context
    } catch {
        fatalError("cannot open a database in memory: \(error)")
    }
}()

/// What SQLite read from a URI: the file it opened ("" for memory) and its parameters.
struct SQLiteReading {
    let file: String
    let parameters: [(name: String, value: String)]

    /// Opens `uri` on the system SQLite and reads it; `nil` when SQLite refuses it.
    init?(uri: String) {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI, nil) == SQLITE_OK,
              let name = sqlite3_db_filename(handle, "main") else { return nil }
        file = String(cString: name)
        var parameters: [(String, String)] = []
        var index: Int32 = 0
        while let key = sqlite3_uri_key(name, index) {
            // Each value follows its key's NUL (sqlite3_uri_parameter would give the first
            // value of a name given twice).
            let value = String(cString: key + strlen(key) + 1)
            parameters.append((String(cString: key), value))
            index += 1
        }
        self.parameters = parameters
    }
}

/// `text` with each `%HH` decoded, as SQLite decodes a URI's parts.
func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var rest = Array(text.utf8)[...]
    while let byte = rest.popFirst() {
        // Two hex digits (`UInt8(_:radix:)` alone would take a sign, `%+d`).
        let digits = String(decoding: rest.prefix(2), as: UTF8.self)
        if byte == UInt8(ascii: "%"), digits.count == 2, digits.allSatisfy(\.isHexDigit), let value = UInt8(digits, radix: 16) {
            bytes.append(value)
            rest = rest.dropFirst(2)
        } else {
            bytes.append(byte)
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// How many times `needle` is in `text`, without overlaps.
func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// The key values of `uri`'s query as it spells them (not decoded): after the first `?`, up
/// to a `#`, each `&`-separated parameter whose decoded name is a key's in any case.
func spelledKeys(_ uri: String) -> [String] {
    let beforeFragment = uri.prefix { $0 != "#" }
    guard let question = beforeFragment.firstIndex(of: "?") else { return [] }
    let query = beforeFragment[beforeFragment.index(after: question)...]
    return query.split(separator: "&").compactMap { (parameter: Substring) -> String? in
        guard let equals = parameter.firstIndex(of: "=") else { return nil }
        let name = String(percentDecoded(String(parameter[parameter.startIndex..<equals])).prefix { $0 != "\0" }).lowercased()
        return ["key", "hexkey", "textkey"].contains(name) ? String(parameter[parameter.index(after: equals)...]) : nil
    }
}

/// Removes what the last open left in the folder.
func emptyFolder() {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        try? FileManager.default.removeItem(atPath: folder + "/" + name)
    }
}

func check(_ bytes: UnsafeRawBufferPointer) {
    guard let uri = URIGrammar.uri(Array(bytes), folder: folder) else { return }
    defer { emptyFolder() }
    guard let sqlite = SQLiteReading(uri: uri) else { return }
    let ours = DatabaseURI.file(of: uri)
    guard ours ?? "" == sqlite.file else {
        fatalError("\(uri.debugDescription): the path check reads \(String(describing: ours)), SQLite opened \(sqlite.file.debugDescription)")
    }
    // A database in memory has no file to keep in clear, and SQLite shows no parameters for it.
    guard !sqlite.file.isEmpty else { return }
    let keys = sqlite.parameters.filter { ["key", "hexkey", "textkey"].contains($0.name.lowercased()) && !$0.value.isEmpty }
    if let key = keys.first {
        guard KeyStatements.containsURIKey(uri) else { fatalError("\(uri.debugDescription): SQLite read \(key.name)=\(key.value), containsURIKey says none") }
        // Each key's value is gone: the decoded text holds it as many times fewer as there are
        // keys with that value (it may be in the file's name too). The placeholder is counted
        // as a NUL, which no value holds.
        let redacted = KeyStatements.withoutURIKeys(uri)
        let left = percentDecoded(redacted.replacingOccurrences(of: "<redacted>", with: "\0"))
        for value in Set(keys.map(\.value)) {
            let keyCount = keys.filter { $0.value == value }.count
            if occurrences(of: value, in: left) > occurrences(of: value, in: percentDecoded(uri)) - keyCount {
                fatalError("\(uri.debugDescription): redacted as \(redacted.debugDescription), which still holds the key \(value.debugDescription)")
            }
        }
        // Opened, or attached by a literal or a bound value: refused, and nothing shows the key.
        let literal = "'" + uri.replacingOccurrences(of: "'", with: "''") + "'"
        let attempts: [(String, () throws -> Void)] = [
            ("opening", { _ = try SQLContext(path: uri) }),
            ("ATTACH of a literal", { try attaching.exec(sql: "ATTACH \(literal) AS other") }),
            ("ATTACH of a bound value", { try attaching.exec(sql: "ATTACH ? AS other", parameters: [.text(uri)]) }),
        ]
        for (what, attempt) in attempts {
            traced.removeAll()
            do {
                try attempt()
                fatalError("\(uri.debugDescription): the system engine took the \(what), with \(key.name)=\(key.value) unused")
            } catch {
                // A key's text, as the URI spells it, shows nowhere but where a message names
                // the file: the part before the ?, which may hold the same text, and which a
                // message may show whole (the key's text may then run on into the message) or
                // redacted (it may look like a query). So a key counts as shown when it is
                // still there with the file's name taken out, and more often than that name
                // has it. One of a few characters, such as `?`, is in any message, so only
                // longer ones are looked for.
                let shown = ["\(error)", String(reflecting: error)] + traced
                let file = String(uri.prefix { $0 != "?" })
                for value in spelledKeys(uri) where value.count >= 6 && shown.contains(where: {
                    $0.replacingOccurrences(of: file, with: "\0").contains(value) && occurrences(of: value, in: $0) > occurrences(of: value, in: file)
                }) {
                    fatalError("\(uri.debugDescription): the refused \(what) shows the key \(value.debugDescription): \(shown)")
                }
            }
        }
    }
    let usable = sqlite.parameters.contains { name, value in
        (name == "key" && !value.isEmpty)
            || (name == "hexkey" && !value.isEmpty && value.utf8.count % 2 == 0 && value.allSatisfy(\.isHexDigit))
    }
    if KeyStatements.containsURIKey(uri), KeyStatements.unusableURIKey(in: uri, inSQL: false) == nil, !usable {
        fatalError("\(uri.debugDescription): unusableURIKey passes it, but SQLCipher would read no key from \(sqlite.parameters)")
    }
}

@main enum Main {
    static func main() {
        FuzzDriver.run("FuzzURIKeys", check: check)
    }
}
