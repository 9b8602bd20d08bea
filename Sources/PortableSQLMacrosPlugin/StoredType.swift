#if Macros
import SwiftSyntax

/// How a property's type is stored: which reader and column type the generated code uses.
enum StoredType: Equatable {
    /// A type with a reader of its own on `SQLColumn` (`longValue(in:)`, …), named in Swift as
    /// `swiftName`.
    case direct(DirectType)
    /// Any other type, read and written through `SQLTable`'s generic functions: an
    /// `SQLColumnValue`, a `RawRepresentable` enum of one, or any other `Codable` value (an
    /// array, a dictionary, a nested struct), stored as JSON text; the compiler picks which.
    case supported(typeName: String)

    /// The types read with a column's own readers, as a hand-written record reads them.
    enum DirectType: String {
        case int64 = "Int64", int = "Int", double = "Double", bool = "Bool", string = "String", data = "Data"
    }

    /// The type names stored as `.supported` whose column type is known without asking the compiler.
    static let knownColumnTypes: [String: String] = [
        "Int64": ".long", "Int": ".long", "Int32": ".long", "Double": ".real", "Bool": ".long", "String": ".text",
        "Data": ".blob", "Date": ".real", "UUID": ".text", "URL": ".text",
        "Foundation.Date": ".real", "Foundation.UUID": ".text", "Foundation.URL": ".text", "Foundation.Data": ".blob",
        "Swift.Int64": ".long", "Swift.Int": ".long", "Swift.Int32": ".long", "Swift.Double": ".real", "Swift.Bool": ".long",
        "Swift.String": ".text",
    ]

    /// The stored type of `type` and whether it is optional; or why it cannot be stored.
    static func classify(_ type: TypeSyntax) -> Result<(StoredType, optional: Bool), RecordDiagnostic> {
        var base = type
        var optional = false
        if let wrapped = type.as(OptionalTypeSyntax.self) {
            base = wrapped.wrappedType
            optional = true
        } else if let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Optional",
                  let argument = generic.genericArgumentClause?.arguments.first, generic.genericArgumentClause?.arguments.count == 1,
                  case .type(let wrapped) = argument.argument {
            base = wrapped
            optional = true
        }
        if base.is(OptionalTypeSyntax.self) || base.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .failure(unsupported(type, "a column holds one optional level"))
        }
        if base.is(TupleTypeSyntax.self) || base.is(FunctionTypeSyntax.self) || base.is(SomeOrAnyTypeSyntax.self)
            || base.is(AttributedTypeSyntax.self) {
            return .failure(unsupported(type, "a column holds one value"))
        }
        let name = base.trimmedDescription
        let plainName = name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") ? String(name.split(separator: ".").last!) : name
        if let direct = DirectType(rawValue: plainName) { return .success((.direct(direct), optional)) }
        return .success((.supported(typeName: name), optional))
    }

    private static func unsupported(_ type: TypeSyntax, _ reason: String) -> RecordDiagnostic {
        RecordDiagnostic(message: """
            @SQLRecord cannot store \(type.trimmedDescription): \(reason). Store Int, Int64, Int32, Double, Bool, String, Data, Date, \
            UUID, URL, a SQLColumnValue, a RawRepresentable enum of one, or any Codable value (stored as JSON text), \
            or their optionals; keep anything else out of the table with @Transient
            """)
    }
}
#endif
