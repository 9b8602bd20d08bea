extension String {
    /// The name with its ASCII letters in lower case and every other character as it is: how
    /// SQLite compares the names of tables, columns and other schema objects, so that `café`
    /// and `CAFÉ` are two names while `name` and `Name` are one.
    package var sqliteCaseFolded: String {
        guard utf8.contains(where: { (65...90).contains($0) }) else { return self }
        return String(decoding: utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The text with each character beyond ASCII written as its code point (`cafe\u{301}`):
    /// how an error shows two names that print alike but differ in their bytes.
    package var nonASCIISpelledOut: String {
        unicodeScalars.map { $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }
}
