import Foundation
import PortableSQLCodable
import Testing

// SQLValue and SQLType with SkipSQL's cases, raw values, accessors and conformances.
@Suite struct ValueConformanceTests {
    @Test func valuesAndTheirAccessors() {
        let values: [SQLValue] = [.long(1), .real(2.5), .text("t"), .blob(Data([0xAB])), .null] // ⟦SQLValue⟧ ⟦SQLValue.long⟧ ⟦SQLValue.real⟧ ⟦SQLValue.text⟧ ⟦SQLValue.blob⟧ ⟦SQLValue.null⟧
        let types: [SQLType] = values.map(\.type) // ⟦SQLValue.type⟧
        #expect(types == [.long, .real, .text, .blob, .null]) // ⟦SQLType⟧ ⟦SQLType.long⟧ ⟦SQLType.real⟧ ⟦SQLType.text⟧ ⟦SQLType.blob⟧ ⟦SQLType.null⟧
        let longValue: Int64? = values[0].longValue // ⟦SQLValue.longValue⟧
        let realValue: Double? = values[1].realValue // ⟦SQLValue.realValue⟧
        let textValue: String? = values[2].textValue // ⟦SQLValue.textValue⟧
        let blobValue: Data? = values[3].blobValue // ⟦SQLValue.blobValue⟧
        #expect(longValue == 1 && realValue == 2.5 && textValue == "t" && blobValue == Data([0xAB]))
        let descriptions: [String] = values.map(\.description) // ⟦SQLValue.description⟧
        let literals: [String] = values.map(\.literalValue) // ⟦SQLValue.literalValue⟧
        #expect(descriptions == ["1", "2.5", "t", "1 bytes", "null"])
        #expect(literals == ["1", "2.5", "\"t\"", "x'ab'", "NULL"])
        let defaultKey: SQLValue = SQLValue.defaultPrimaryKeyValue // ⟦SQLValue.defaultPrimaryKeyValue⟧
        #expect(defaultKey == .long(0))
        let set: Set<SQLValue> = Set(values)
        #expect(set.count == 5)
        let sendable: any Sendable & Hashable & CustomStringConvertible = SQLValue.null
        #expect(sendable.description == "null")
    }

    /// Printed as SkipSQL's print, which apps log: a value in an array or an optional by its
    /// description (SkipSQL's `SQLValue` has no debug description), an expression as Swift shows
    /// SkipSQL's pieces (it has no description of its own).
    @Test func valuesAndExpressionsPrintAsSkipSQLs() {
        let row: [SQLValue] = [.long(1), .text("it's"), .null]
        #expect("\(row)" == "[1, it's, null]")
        #expect(String(describing: Optional(SQLValue.real(2.5))) == "Optional(2.5)")
        #expect(String(describing: SQLExpression(#"CREATE TABLE "T" (x)"#)) == #"SQLExpression(parts: [("CREATE TABLE \"T\" (x)", nil)])"#)
        #expect("\(SQLExpression("SELECT ?, ?", [.long(1), .text("a")]))" == #"SQLExpression(parts: [("SELECT ?, ?", nil), ("", Optional(1)), ("", Optional(a))])"#)
    }

    @Test func typesAndTheirNames() {
        let raw: [Int32] = SQLType.allCases.map(\.rawValue)
        #expect(raw == [1, 2, 3, 4, 5])
        let names: [String] = SQLType.allCases.map(\.typeName) // ⟦SQLType.typeName⟧
        #expect(names == ["INTEGER", "REAL", "TEXT", "BLOB", "NULL"])
        #expect(SQLType(rawValue: 3) == .text)
        let sendable: any Sendable & Hashable = SQLType.blob
        #expect(sendable.hashValue == SQLType.blob.hashValue)
    }

    @available(*, deprecated, message: "uses SkipSQL's deprecated spellings")
    @Test func deprecatedSpellingsAreTheNewOnes() {
        let float: SQLType = .float // ⟦SQLType.float⟧
        let integer: SQLType = .integer // ⟦SQLType.integer⟧
        #expect(float == .real && integer == .long)
        let floatValue: SQLValue = .float(1.5) // ⟦SQLValue.float(_:)⟧
        let integerValue: SQLValue = .integer(2) // ⟦SQLValue.integer(_:)⟧
        #expect(floatValue == .real(1.5) && integerValue == .long(2))
        let floatAccessor: Double? = floatValue.floatValue // ⟦SQLValue.floatValue⟧
        let integerAccessor: Int64? = integerValue.integerValue // ⟦SQLValue.integerValue⟧
        #expect(floatAccessor == 1.5 && integerAccessor == 2)
    }
}
