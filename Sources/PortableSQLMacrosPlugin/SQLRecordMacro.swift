#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@SQLRecord`: writes a struct's `SQLCodable` conformance from its stored properties.
public struct SQLRecordMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: Syntax(node), message: RecordDiagnostic(message: "@SQLRecord applies to structs")))
            return []
        }
        let properties = RecordProperty.all(in: structure.memberBlock.members, context: context)
        let access = structure.modifiers.map(\.name.text).first { ["public", "package"].contains($0) }.map { $0 + " " } ?? ""
        let tableName = tableArgument(of: node) ?? structure.name.text
        let conformance = protocols.isEmpty ? "" : ": SQLCodable"

        var lines: [String] = []
        for property in properties {
            let arguments = ["name: \(literal(property.columnName))", "type: \(columnType(property))"] + property.columnArguments
            lines.append("\(access)static let \(property.identifier) = SQLColumn(\(arguments.joined(separator: ", ")))")
        }
        let columnList = properties.map { "Self.\($0.identifier)" }.joined(separator: ", ")
        lines.append("\(access)static let table = SQLTable(name: \(literal(tableName)), columns: [\(columnList)])")
        lines.append("\(access)init(row: SQLRow, context: SQLContext) throws {")
        lines.append("    let table = Self.table")
        lines += properties.enumerated().map { index, property in "    self.\(property.identifier) = \(reader(property, index))" }
        lines.append("}")
        lines.append("\(access)static func column(for keyPath: AnyKeyPath) -> SQLColumn? {")
        lines += properties.map { "    if keyPath == \\Self.\($0.identifier) { return Self.\($0.identifier) }" }
        lines.append("    return nil")
        lines.append("}")
        lines.append("\(access)func encode(row: inout SQLRow) throws {")
        // By position, as `init(row:context:)` reads: no look-up of each column by name.
        if !properties.isEmpty { lines.append("    let table = Self.table") }
        for (index, property) in properties.enumerated() {
            let assignment = "table.setValue(\(writer(property)), at: \(index), in: &row)"
            // A nil with a declared default is left out of the row, so that the default applies.
            lines.append(property.isOptional && property.hasDefault ? "    if self.\(property.identifier) != nil { \(assignment) }" : "    " + assignment)
        }
        lines.append("}")
        let body = lines.map { "    " + $0 }.joined(separator: "\n")
        return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: conformance) {\n\(raw: body)\n}")]
    }

    /// The `table:` argument of `@SQLRecord(table: "…")`, when it is a plain string literal.
    private static func tableArgument(of node: AttributeSyntax) -> String? {
        guard let arguments = node.arguments?.as(LabeledExprListSyntax.self),
              let table = arguments.first(where: { $0.label?.text == "table" })?.expression.as(StringLiteralExprSyntax.self),
              table.segments.count == 1, case .stringSegment(let segment)? = table.segments.first else { return nil }
        return segment.content.text
    }

    /// The column type: known for the types PortableSQL stores, asked of the compiler otherwise.
    private static func columnType(_ property: RecordProperty) -> String {
        switch property.storedType {
        case .direct(let direct): return StoredType.knownColumnTypes[direct.rawValue] ?? ".null"
        case .supported(let typeName): return StoredType.knownColumnTypes[typeName] ?? "SQLTable.columnType(of: \(typeName).self)"
        }
    }

    /// The expression that reads the property, column `index` of the table, from `row`.
    private static func reader(_ property: RecordProperty, _ index: Int) -> String {
        let optional = property.isOptional
        func read(_ reader: String) -> String {
            optional ? "table.\(reader)(at: \(index), in: row)" : "try table.\(reader)Required(at: \(index), in: row)"
        }
        switch property.storedType {
        case .direct(.int64): return read("longValue")
        case .direct(.int): return optional ? "\(read("longValue")).map { Int($0) }" : "Int(\(read("longValue")))"
        case .direct(.double): return read("realValue")
        case .direct(.bool): return optional ? "\(read("longValue")).map { $0 != 0 }" : "\(read("longValue")) != 0"
        case .direct(.string): return read("textValue")
        case .direct(.data): return read("blobValue")
        case .supported: return optional ? "try table.value(at: \(index), in: row)" : "try table.valueRequired(at: \(index), in: row)"
        }
    }

    /// The expression that writes the property into a row.
    private static func writer(_ property: RecordProperty) -> String {
        switch property.storedType {
        case .direct: return "SQLValue(self.\(property.identifier))"
        case .supported: return "try SQLTable.sqlValue(self.\(property.identifier))"
        }
    }

    /// `text` as a Swift string literal.
    private static func literal(_ text: String) -> String {
        "\"" + text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] } + "\""
    }
}
#endif
