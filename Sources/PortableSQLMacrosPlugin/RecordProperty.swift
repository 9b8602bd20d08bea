#if Macros
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A stored property of an `@SQLRecord` struct, as its column.
struct RecordProperty {
    /// The Swift identifier, as written (with backticks where it has them).
    let identifier: String
    /// The column name.
    let columnName: String
    let storedType: StoredType
    let isOptional: Bool
    /// The arguments of `SQLColumn(…)` after `name:` and `type:`, from `@Column`.
    let columnArguments: [String]
    /// Whether `@Column` gives a default value.
    let hasDefault: Bool

    /// The stored properties of `members`, in order; reports at each property what cannot be
    /// stored, and leaves it out.
    static func all(in members: MemberBlockItemListSyntax, context: some MacroExpansionContext) -> [RecordProperty] {
        var properties: [RecordProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = Set(variable.modifiers.map(\.name.text))
            if modifiers.contains("static") || modifiers.contains("class") { continue }
            let attributes = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
            let column = attributes.first { $0.attributeName.trimmedDescription == "Column" }
            let transient = attributes.contains { $0.attributeName.trimmedDescription == "Transient" }
            // In `var a, b: Int`, only the last binding spells the type: each takes the next one's.
            var sharedTypes: [TypeSyntax?] = []
            var following: TypeSyntax?
            for binding in variable.bindings.reversed() {
                if binding.typeAnnotation != nil || binding.initializer != nil { following = binding.typeAnnotation?.type }
                sharedTypes.insert(binding.typeAnnotation?.type ?? (binding.initializer == nil ? following : nil), at: 0)
            }
            for (binding, sharedType) in zip(variable.bindings, sharedTypes) {
                if let accessors = binding.accessorBlock, isComputed(accessors) { continue }
                func report(_ message: String) {
                    context.diagnose(Diagnostic(node: Syntax(binding), message: RecordDiagnostic(message: message)))
                }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    report("@SQLRecord stores properties one name at a time; declare each with its own var")
                    continue
                }
                if transient {
                    if binding.initializer == nil { report("a @Transient property needs a default value, which records read from the database get") }
                    continue
                }
                if modifiers.contains("lazy") {
                    report("@SQLRecord cannot store a lazy property; make it a plain var, or keep it out of the table with @Transient")
                    continue
                }
                if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil {
                    report("a let with a value cannot be read from a row; make it a var, or keep it out of the table with @Transient")
                    continue
                }
                guard let type = sharedType else {
                    report("give \(pattern.identifier.text) a type: @SQLRecord reads the column type from the declaration")
                    continue
                }
                let classified: (StoredType, optional: Bool)
                switch StoredType.classify(type) {
                case .success(let result): classified = result
                case .failure(let diagnostic):
                    context.diagnose(Diagnostic(node: Syntax(type), message: diagnostic))
                    continue
                }
                let identifier = pattern.identifier.text
                let plainName = identifier.filter { $0 != "`" }
                if plainName == "table" && column == nil {
                    report("a stored property named table would clash with SQLCodable's static table; rename it, and name its column with @Column(\"table\")")
                    continue
                }
                guard let options = ColumnOptions(column, context: context) else { continue }
                properties.append(RecordProperty(
                    identifier: identifier, columnName: options.name ?? plainName, storedType: classified.0,
                    isOptional: classified.optional, columnArguments: options.arguments(nullable: classified.optional),
                    hasDefault: options.defaultValue != nil
                ))
            }
        }
        return properties
    }

    /// Whether an accessor block makes the property computed (observers alone keep it stored).
    private static func isComputed(_ accessors: AccessorBlockSyntax) -> Bool {
        switch accessors.accessors {
        case .getter:
            return true
        case .accessors(let list):
            return list.contains { ["get", "set", "_read", "_modify", "unsafeAddress", "unsafeMutableAddress"].contains($0.accessorSpecifier.text) }
        }
    }
}

/// The arguments of a property's `@Column(…)`.
struct ColumnOptions {
    var name: String?
    var primaryKey: String?
    var autoincrement: String?
    var unique: String?
    var defaultValue: String?
    var index: String?
    var references: (table: String, column: String)?
    var onDelete: String?
    var onUpdate: String?

    /// The options of `attribute`, or `nil` (after reporting why) when they cannot be read.
    init?(_ attribute: AttributeSyntax?, context: some MacroExpansionContext) {
        guard let arguments = attribute?.arguments?.as(LabeledExprListSyntax.self) else { return }
        for argument in arguments {
            let expression = argument.expression.trimmedDescription
            switch argument.label?.text {
            case nil:
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                      case .stringSegment(let segment)? = literal.segments.first else {
                    context.diagnose(Diagnostic(node: Syntax(argument), message: RecordDiagnostic(message: "give the column name as a plain string literal")))
                    return nil
                }
                name = segment.content.text
            case "primaryKey": primaryKey = expression
            case "autoincrement": autoincrement = expression
            case "unique": unique = expression
            case "default": defaultValue = expression
            case "index": index = expression
            case "onDelete": onDelete = expression
            case "onUpdate": onUpdate = expression
            case "references":
                guard let keyPath = argument.expression.as(KeyPathExprSyntax.self), let root = keyPath.root,
                      keyPath.components.count == 1, let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self) else {
                    context.diagnose(Diagnostic(node: Syntax(argument), message: RecordDiagnostic(
                        message: "references: takes a key path to a stored property of another @SQLRecord type, such as \\Author.id")))
                    return nil
                }
                let type = root.trimmedDescription
                references = (type, "\(type).\(property.declName.baseName.text)")
            default:
                break
            }
        }
    }

    /// `SQLColumn`'s arguments after `name:` and `type:`, defaults left out.
    func arguments(nullable: Bool) -> [String] {
        var arguments: [String] = []
        if let primaryKey { arguments.append("primaryKey: \(primaryKey)") }
        if let autoincrement { arguments.append("autoincrement: \(autoincrement)") }
        if let unique { arguments.append("unique: \(unique)") }
        // A primary key is left nullable, as SkipSQL declares one: the database assigns it.
        if !nullable, primaryKey != "true" { arguments.append("nullable: false") }
        if let defaultValue { arguments.append("defaultValue: \(defaultValue)") }
        if let index { arguments.append("index: \(index)") }
        if let references {
            var foreignKey = "SQLForeignKey(table: \(references.table).table, column: \(references.column)"
            if let onDelete { foreignKey += ", onDelete: \(onDelete)" }
            if let onUpdate { foreignKey += ", onUpdate: \(onUpdate)" }
            arguments.append("references: \(foreignKey))")
        }
        return arguments
    }
}
#endif
