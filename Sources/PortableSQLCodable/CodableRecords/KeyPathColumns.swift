import Foundation

/// Finds the column a key path of a `SQLCodableRecord` reads: of the instances `SchemaProbe`
/// makes with one property varied at a time, the one whose value at the key path differs from
/// the all-zero instance's varies that key path's property, when the key path's values are
/// that property's own. Found once per key path.
///
/// A key path that reads a stored property directly reads its column. One that reads through
/// accessors (a property with `didSet` or `willSet`, a non-final class's property, a computed
/// property) reads the column only when it gives the property's value in instances whose other
/// properties are all 1 and whose own value is far from the probe's 0 and 1 (`farSamples`): a
/// computed property that reads other properties too (`price + tax`) or changes some values
/// (`min(price, 1000)`, `abs(price)`, `name.uppercased()`) reads no column, setter or not.
/// The test is by samples: a computed property that agrees with a stored one on all of them
/// (an alias, `get { price } set { price = newValue }`) reads its column.
enum KeyPathColumns {
    /// The column `keyPath` reads, or `nil` when it reads no stored property (a computed
    /// property, a property of a property) or the type cannot be a record.
    static func column(for keyPath: AnyKeyPath, of schema: CodableRecordSchema) -> SQLColumn? {
        guard schema.failure == nil else { return nil }
        let known = schema.keyPathLock.withLock { schema.keyPathPositions[keyPath] }
        if let known { return schema.table.columns[known] }
        guard let position = try? find(keyPath, schema) else { return nil }
        schema.keyPathLock.withLock { schema.keyPathPositions[keyPath] = position }
        return schema.table.columns[position]
    }

    private static func find(_ keyPath: AnyKeyPath, _ schema: CodableRecordSchema) throws -> Int? {
        guard type(of: keyPath).rootType == schema.recordType else { return nil }
        let base = try schema.probeInstance(varying: nil)
        guard let baseValue = read(keyPath, base) else { return nil }
        let valueType = type(of: keyPath).valueType
        for position in schema.names.indices where valueType == schema.declaredTypes[position] {
            let varied = try schema.probeInstance(varying: position)
            guard let variedValue = read(keyPath, varied) else { return nil }
            if differ(baseValue, variedValue) {
                guard isStoredProperty(values: (baseValue, variedValue), of: (base, varied)) else { return nil }
                return try isStoredComponent(keyPath) || givesValues(keyPath, of: position, schema, one: variedValue) ? position : nil
            }
        }
        return nil
    }

    /// The value `keyPath` reads in `instance`.
    private static func read(_ keyPath: AnyKeyPath, _ instance: Any) -> Any? {
        func open<Root>(_ root: Root) -> Any? { root[keyPath: keyPath] }
        return _openExistential(instance, do: open)
    }

    /// Whether `values`, a key path's in two instances, are those of one stored property of
    /// the instances (as `Mirror` lists them, a class's superclasses' included): a computed
    /// property that reads a stored one (`price * 2`) varies with it, but not as it does.
    private static func isStoredProperty(values: (base: Any, varied: Any), of instances: (base: Any, varied: Any)) -> Bool {
        zip(storedValues(instances.base), storedValues(instances.varied)).contains { base, varied in
            !differ(base, values.base) && !differ(varied, values.varied)
        }
    }

    /// Whether `keyPath` reads a stored property directly: a struct's has an offset, and a
    /// class's prints as its name (a final class's, or a `let`). Other key paths read through
    /// accessors, as a computed property's does; `givesValues` tells them apart.
    private static func isStoredComponent(_ keyPath: AnyKeyPath) -> Bool {
        func offset<Root>(_: Root.Type) -> Int? {
            (keyPath as? PartialKeyPath<Root>).flatMap { MemoryLayout<Root>.offset(of: $0) }
        }
        if _openExistential(type(of: keyPath).rootType, do: offset) != nil { return true }
        return !String(describing: keyPath).contains("<computed")
    }

    /// Whether `keyPath` reads the value of the property at `position` in the instances whose
    /// other properties are all 1: with the property at 1 (where it reads `one`), then at each
    /// of its type's far samples. Nothing is written through the key path.
    ///
    /// - Throws: what decoding a probe instance throws.
    private static func givesValues(_ keyPath: AnyKeyPath, of position: Int, _ schema: CodableRecordSchema, one: Any) throws -> Bool {
        let allOnes = try schema.probeInstance(varying: position, to: .one, others: .one)
        guard let value = read(keyPath, allOnes), !differ(value, one) else { return false }
        for (index, sample) in SchemaProbe.farSamples(of: schema.types[position]).enumerated() {
            let instance = try schema.probeInstance(varying: position, to: .far(index), others: .one)
            guard let value = read(keyPath, instance), !differ(value, sample) else { return false }
        }
        return true
    }

    /// The stored values of `instance`, as `Mirror` lists them (a class's superclasses' included).
    private static func storedValues(_ instance: Any) -> [Any] {
        var values: [Any] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            values += current.children.map(\.value)
            mirror = current.superclassMirror
        }
        return values
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
