#if Tool
import Foundation
import PortableSQL

/// Values and names written as SQL, as sqlite3's quote, insert and json modes write them.
struct SQLiteLiterals {
    /// The context whose SQLite formats reals (`printf('%!.20g', …)`), so that the digits are
    /// that library's own.
    let context: SQLContext

    /// A REAL with up to 20 significant digits and always a decimal point or exponent
    /// (`0.10000000000000000555`, `3.0`, `1.0e+20`); an infinity as `infinity` gives it.
    func real(_ value: Double, infinity: (Double) -> String) -> String {
        if value.isInfinite { return infinity(value) }
        let formatted = try? context.selectAll(sql: "SELECT printf('%!.20g', ?)", parameters: [.real(value)]).first?.first?.textValue
        return formatted ?? String(value)
    }

    /// `text` as a SQL string literal: in single quotes, each one doubled.
    static func string(_ text: [UInt8]) -> [UInt8] {
        var quoted: [UInt8] = [0x27]
        for byte in text {
            quoted.append(byte)
            if byte == 0x27 { quoted.append(0x27) }
        }
        return quoted + [0x27]
    }

    /// `text` in double quotes, each byte for which `escape` gives text written as that text.
    static func doubleQuoted(_ text: [UInt8], escape: (UInt8) -> String?) -> [UInt8] {
        var quoted: [UInt8] = [0x22]
        for byte in text {
            if let escaped = escape(byte) { quoted += Array(escaped.utf8) } else { quoted.append(byte) }
        }
        return quoted + [0x22]
    }

    /// The escape of `byte` in a C string as sqlite3 writes one (tcl mode, `.show`): `\\`,
    /// `\"`, `\t`, `\n`, `\r`, and octal for the other bytes below 0x20; `nil` for the rest.
    static func cEscape(_ byte: UInt8) -> String? {
        switch byte {
        case 0x5C: "\\\\"
        case 0x22: "\\\""
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0D: "\\r"
        case ..<0x20: String(format: "\\%03o", byte)
        default: nil
        }
    }

    /// `bytes` as a SQL blob literal: `X'` and lower-case hex digits.
    static func blob(_ bytes: Data) -> [UInt8] {
        Array("X'".utf8) + Array(bytes.map { String(format: "%02x", $0) }.joined().utf8) + [0x27]
    }

    /// `name` as insert mode writes a table or column name: as it is when it is a plain name
    /// (letters, digits and `_`, not starting with a digit) that is no keyword, else in double
    /// quotes with each one doubled.
    static func name(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let plain = !bytes.isEmpty && !(0x30...0x39).contains(bytes[0])
            && bytes.allSatisfy { $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & ~0x20) }
        if plain, !SQLKeywords.isKeyword(name) { return name }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
#endif
