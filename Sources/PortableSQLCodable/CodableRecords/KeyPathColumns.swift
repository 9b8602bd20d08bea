import Foundation

/// Finds the column a key path of a `SQLCodableRecord` reads: of the instances `SchemaProbe`
/// makes with one property varied at a time, the one whose value at the key path differs from
/// the all-zero instance's varies that key path's property, when the key path's values are
/// that property's own. Found once per key path; a computed property (even one that reads a
/// stored one) and a property wrapper's key path read no column.
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
        func read<Root>(_ root: Root) -> Any? { root[keyPath: keyPath] }
        guard type(of: keyPath).rootType == schema.recordType else { return nil }
        let base = try schema.probeInstance(varying: nil)
        guard let baseValue = read(base) else { return nil }
        let valueType = type(of: keyPath).valueType
        for position in schema.names.indices where isType(valueType, of: schema.types[position]) {
            let varied = try schema.probeInstance(varying: position)
            guard let variedValue = read(varied) else { return nil }
            if differ(baseValue, variedValue) {
                return isStoredProperty(values: (baseValue, variedValue), of: (base, varied)) ? position : nil
            }
        }
        return nil
    }

    /// Whether `values`, a key path's in two instances, are those of one stored property of
    /// the instances (as `Mirror` lists them, a class's superclasses' included): a computed
    /// property that reads a stored one (`price * 2`) varies with it, but not as it does.
    private static func isStoredProperty(values: (base: Any, varied: Any), of instances: (base: Any, varied: Any)) -> Bool {
        func storedValues(_ instance: Any) -> [Any] {
            var values: [Any] = []
            var mirror: Mirror? = Mirror(reflecting: instance)
            while let current = mirror {
                values += current.children.map(\.value)
                mirror = current.superclassMirror
            }
            return values
        }
        return zip(storedValues(instances.base), storedValues(instances.varied)).contains { base, varied in
            !differ(base, values.base) && !differ(varied, values.varied)
        }
    }

    /// Whether a key path whose value is of `valueType` can read a property of `propertyType`
    /// (or its optional): a key path into a property's own properties reads no column.
    private static func isType(_ valueType: Any.Type, of propertyType: Any.Type) -> Bool {
        func optional<T>(_ type: T.Type) -> Any.Type { T?.self }
        return valueType == propertyType || valueType == optional(propertyType)
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
