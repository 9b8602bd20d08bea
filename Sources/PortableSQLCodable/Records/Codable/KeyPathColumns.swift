import Foundation

/// Finds the column a key path of a plain `Codable` record reads: of the instances `SchemaProbe`
/// makes with one property varied at a time, the one whose value at the key path differs from
/// the all-zero instance's varies that key path's property, when the key path's values are
/// that property's own and it reads the property directly. Found once per key path.
///
/// Only a key path that reads a stored property directly reads its column: a struct's stored
/// property without observers, a final class's, a class's `let`. One that reads through
/// accessors (a computed property, a property with `didSet`, `willSet` or a wrapper, a `var`
/// of a class that is not final, which a subclass may override) reads none, even when it gives
/// the stored value on every sample: no number of samples shows that a getter
/// (`price == 42 ? 0 : price`) gives it for every value.
enum KeyPathColumns {
    /// The column `keyPath` reads, or `nil` when it reads no stored property directly (see
    /// the type) or the type cannot be a record.
    static func column(for keyPath: AnyKeyPath, of schema: CodableRecordSchema) -> SQLColumn? {
        guard schema.failure == nil else { return nil }
        let known = schema.keyPathLock.withLock { schema.keyPathPositions[keyPath] }
        if let known { return schema.table.columns[known] }
        guard let position = try? find(keyPath, schema) else { return nil }
        schema.keyPathLock.withLock { schema.keyPathPositions[keyPath] = position }
        return schema.table.columns[position]
    }

    private static func find(_ keyPath: AnyKeyPath, _ schema: CodableRecordSchema) throws -> Int? {
        guard type(of: keyPath).rootType == schema.recordType, isStoredComponent(keyPath) else { return nil }
        let base = try schema.probeInstance(varying: nil)
        guard let baseValue = read(keyPath, base) else { return nil }
        let valueType = type(of: keyPath).valueType
        for position in schema.names.indices where valueType == schema.declaredTypes[position] {
            let varied = try schema.probeInstance(varying: position)
            guard let variedValue = read(keyPath, varied) else { return nil }
            if differ(baseValue, variedValue) {
                return readsColumn(keyPath, values: (baseValue, variedValue), of: (base, varied)) ? position : nil
            }
        }
        return nil
    }

    /// The value `keyPath` reads in `instance`.
    private static func read(_ keyPath: AnyKeyPath, _ instance: Any) -> Any? {
        func open<Root>(_ root: Root) -> Any? { root[keyPath: keyPath] }
        return _openExistential(instance, do: open)
    }

    /// Whether `keyPath`, whose values in the two instances are `values`, reads the stored
    /// property decoded from the column: the column must move exactly one stored property (as
    /// `Mirror` lists them, a class's superclasses' included), and the key path give its values.
    /// A key path to a property of a property (`\.size.width`) gives other values; when the
    /// column moves several (an `init(from:)` that sets another from it), which one it was
    /// decoded into cannot be told, and none reads it.
    private static func readsColumn(_ keyPath: AnyKeyPath, values: (base: Any, varied: Any), of instances: (base: Any, varied: Any)) -> Bool {
        let moved = zip(storedChildren(instances.base), storedChildren(instances.varied)).filter { differ($0.0.value, $0.1.value) }
        guard moved.count == 1, let only = moved.first else { return false }
        return !differ(only.0.value, values.base) && !differ(only.1.value, values.varied)
    }

    /// The stored properties of `instance`, as `Mirror` lists them (a class's superclasses' included).
    private static func storedChildren(_ instance: Any) -> [Mirror.Child] {
        var children: [Mirror.Child] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            children += current.children
            mirror = current.superclassMirror
        }
        return children
    }

    /// Whether `keyPath` reads a stored property directly: a struct's has an offset, and a
    /// class's prints as its name (a final class's, or a `let`); one through accessors prints
    /// as `<computed …>`.
    private static func isStoredComponent(_ keyPath: AnyKeyPath) -> Bool {
        func offset<Root>(_: Root.Type) -> Int? {
            (keyPath as? PartialKeyPath<Root>).flatMap { MemoryLayout<Root>.offset(of: $0) }
        }
        if _openExistential(type(of: keyPath).rootType, do: offset) != nil { return true }
        return !String(describing: keyPath).contains("<computed")
    }

    /// Whether two values of one type differ: by `==` when they are `Equatable`, by their JSON
    /// when `Encodable`, by their description otherwise.
    private static func differ(_ first: Any, _ second: Any) -> Bool {
        if let equatable = first as? any Equatable {
            func differs<E: Equatable>(_ first: E) -> Bool { (second as? E).map { $0 != first } ?? true }
            return differs(equatable)
        }
        if let first = first as? any Encodable, let second = second as? any Encodable {
            return (try? StoredValueCoding.jsonEncoder.encode(first)) != (try? StoredValueCoding.jsonEncoder.encode(second))
        }
        return String(reflecting: first) != String(reflecting: second)
    }
}
