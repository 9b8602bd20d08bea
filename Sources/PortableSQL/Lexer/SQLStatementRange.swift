/// Where one complete statement of SQL text is, in bytes.
package struct SQLStatementRange: Equatable, Sendable {
    /// From the end of the statement before it (or the start of the text) through its closing
    /// `;`: the white space and comments before it included.
    package let range: Range<Int>
    /// From its first token through its closing `;`; only the `;` for an empty statement.
    package let tokens: Range<Int>

    /// Whether the statement holds nothing but its `;`.
    package var isEmpty: Bool { tokens.count == 1 }
}
