/// The file that a `file:` URI names, read the way SQLite's `sqlite3ParseUri` reads it.
///
/// SQLite treats a name that starts with `file:` as a URI when `SQLITE_OPEN_URI` is passed, and
/// also without it when it was built with `SQLITE_USE_URI` (Debian's system SQLite is), so the
/// path check must read such a name as a URI whatever the open flags say.
package enum DatabaseURI {
    /// The file of `uri`, percent-decoded: `nil` when `uri` does not start with `file:`, names
    /// an in-memory or temporary database (`mode=memory`, `:memory:`, an empty path), or has an
    /// authority other than empty or `localhost` (SQLite refuses those itself).
    package static func file(of uri: String) -> String? {
        var rest = Substring(uri)
        guard rest.hasPrefix("file:") else { return nil }
        rest = rest.dropFirst(5)
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let authority = rest.prefix { $0 != "/" }
            guard authority.isEmpty || authority == "localhost" else { return nil }
            rest = rest.dropFirst(authority.count)
        }
        let beforeFragment = rest.prefix { $0 != "#" }
        let pathPart = beforeFragment.prefix { $0 != "?" }
        let query = beforeFragment.dropFirst(pathPart.count).dropFirst()
        let file = decode(pathPart)
        // SQLite keeps the last `mode` it reads; a name and a value each end at their own `%00`.
        let modes = query.split(separator: "&").compactMap { parameter -> String? in
            let name = parameter.prefix { $0 != "=" }
            return parameterName(name) == "mode" ? decode(parameter.dropFirst(name.count + 1)) : nil
        }
        let asksForMemory = modes.last == "memory"
        guard !file.isEmpty, file != ":memory:", !asksForMemory else { return nil }
        return file
    }

    /// Whether `uri` is a `file:` URI that asks for a VFS of its own (`vfs=`, its name read
    /// as `parameterName` reads it, in any case: more than SQLite takes, never less).
    static func namesVFS(_ uri: String) -> Bool {
        guard uri.hasPrefix("file:"), let query = uri.prefix(while: { $0 != "#" }).firstIndex(of: "?") else { return false }
        return uri[uri.index(after: query)...].prefix { $0 != "#" }.split(separator: "&").contains { parameter in
            parameterName(parameter.prefix { $0 != "=" }).lowercased() == "vfs"
        }
    }

    /// A URI parameter's name as SQLite reads it: `%HH` decoded, and at `%00` the rest of the
    /// name dropped (`key%00x` is `key`); a `%` not followed by two hex digits is itself.
    static func parameterName(_ raw: Substring) -> String {
        let source = Array(raw.utf8)
        var name: [UInt8] = []
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
               let high = DatabaseURI.hexValue(source[index + 1]), let low = DatabaseURI.hexValue(source[index + 2]) {
                let octet = high << 4 | low
                if octet == 0 { break }
                name.append(octet)
                index += 3
            } else {
                name.append(source[index])
                index += 1
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// `text` with each `%HH` replaced by its byte; a `%` not followed by two hex digits stays.
    /// SQLite's parts of a URI are C strings, so a `%00` ends the text.
    private static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2,
               let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                if high << 4 | low == 0 { break }
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes that the pairs of hex digits `hex` spell, in either case; `nil` for an odd
    /// count or another byte (a blob literal's digits, a hex key).
    package static func bytes(ofHex hex: some Collection<UInt8>) -> [UInt8]? {
        guard hex.count % 2 == 0 else { return nil }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(hex.count / 2)
        var digits = hex.makeIterator()
        while let first = digits.next(), let second = digits.next() {
            guard let high = hexValue(first), let low = hexValue(second) else { return nil }
            decoded.append(high << 4 | low)
        }
        return decoded
    }

    /// The value of a hex digit (of a `%HH` escape, a hex key, …), in either case; `nil` for another byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
