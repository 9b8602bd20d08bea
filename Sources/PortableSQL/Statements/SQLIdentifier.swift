extension String {
    /// The string as a quoted SQL identifier: `"name"`, with any `"` doubled.
    package var quotedIdentifier: String {
        // Most names hold no quote: no search-and-replace for them (a record query quotes each
        // of its columns every time it runs).
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
