/// The default table name of a plain `Codable` record type: the type's name, after the names of
/// the types it is nested in, joined by `_` (`Alpha.Item` is `Alpha_Item`), so that two types
/// of one name in different enclosing types never share a table. A type at the top level of its
/// module, or declared inside a function, keeps its plain name (`Item`, `Box<Int>`).
enum RecordTypeName {
    /// `type`'s default table name.
    static func tableName(of type: Any.Type) -> String {
        let name = String(describing: type)
        let enclosing = enclosingTypeNames(String(reflecting: type))
        return enclosing.isEmpty ? name : (enclosing + [name]).joined(separator: "_")
    }

    /// The enclosing types' names in a fully qualified type name such as
    /// `Module.Alpha.Item`, `Module.(unknown context at $1f2).Item` or
    /// `Module.(Alpha in _5A1B).Item`: the module and generic arguments dropped, a private
    /// type's discriminator dropped, and nothing from before a function's local context.
    static func enclosingTypeNames(_ qualified: String) -> [String] {
        var components = withoutGenericArguments(qualified).split(separator: ".").map(String.init)
        guard components.count > 2 else { return [] }
        components.removeFirst()
        if let local = components.lastIndex(where: { $0.hasPrefix("(unknown context") }) {
            components.removeSubrange(...local)
        }
        return components.dropLast().map { component in
            guard component.hasPrefix("("), let end = component.range(of: " in ") else { return component }
            return String(component[component.index(after: component.startIndex)..<end.lowerBound])
        }
    }

    /// `name` without the text between `<` and its matching `>`.
    private static func withoutGenericArguments(_ name: String) -> String {
        var depth = 0
        var result = ""
        for character in name {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if depth == 0 { result.append(character) }
        }
        return result
    }
}
