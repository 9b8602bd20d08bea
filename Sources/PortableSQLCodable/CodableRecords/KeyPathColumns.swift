import Foundation

/// Finds the column a key path of a `SQLCodableRecord` reads: of the instances `SchemaProbe`
/// makes with one property varied at a time, the one whose value at the key path differs from
/// the all-zero instance's varies that key path's property. Found once per key path; a key path
/// of a struct that is not to a stored property (a computed one, one with observers or a
/// property wrapper) reads no column.
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
        guard type(of: keyPath).rootType == schema.recordType, isStored(keyPath, in: schema.recordType), let baseValue = read(try schema.probeInstance(varying: nil)) else { return nil }
        let valueType = type(of: keyPath).valueType
        for position in schema.names.indices where isType(valueType, of: schema.types[position]) {
            guard let variedValue = read(try schema.probeInstance(varying: position)) else { return nil }
            if differ(baseValue, variedValue) { return position }
        }
        return nil
    }

    /// Whether `keyPath` reads a stored property of a struct, which has an offset in the
    /// struct's memory, rather than a computed one (which may read a stored property and so
    /// vary with it). A class's key paths have no offsets: for a class, every key path is left
    /// to the comparison of instances.
    private static func isStored<Root: SQLCodableRecord>(_ keyPath: AnyKeyPath, in root: Root.Type) -> Bool {
        guard !(Root.self is AnyObject.Type) else { return true }
        guard let partial = keyPath as? PartialKeyPath<Root> else { return false }
        return MemoryLayout<Root>.offset(of: partial) != nil
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
