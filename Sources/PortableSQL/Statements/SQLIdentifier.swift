extension String {
    /// The string as a quoted SQL identifier: `"name"`, with any `"` doubled.
    package var quotedIdentifier: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
