extension String {
    /// The string as a quoted SQL identifier: `"name"`, with any `"` doubled.
    var quotedIdentifier: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
