import Foundation

/// Finds the column a key path of a `SQLCodableRecord` reads: of the instances `SchemaProbe`
/// makes with one property varied at a time, the one whose value at the key path differs from
/// the all-zero instance's varies that key path's property, when the key path's values are
/// that property's own. Found once per key path; a computed property (even one that reads a
/// stored one, or agrees with it on the probe's samples) and a property wrapper's key path
/// read no column.
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
                guard isStoredProperty(values: (baseValue, variedValue), of: (base, varied)) else { return nil }
                return isStoredComponent(keyPath) || roundTrips(keyPath, in: varied) ? position : nil
            }
        }
        return nil
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
    /// class's prints as its name. A property with `didSet` or `willSet` reads through its
    /// accessors, as a computed one does; `roundTrips` tells them apart.
    private static func isStoredComponent(_ keyPath: AnyKeyPath) -> Bool {
        func offset<Root>(_: Root.Type) -> Int? {
            (keyPath as? PartialKeyPath<Root>).flatMap { MemoryLayout<Root>.offset(of: $0) }
        }
        if _openExistential(type(of: keyPath).rootType, do: offset) != nil { return true }
        return !String(describing: keyPath).contains("<computed")
    }

    /// Whether values written through `keyPath` into `instance` (a copy of it, for a struct)
    /// read back the same through it and land as they are in one stored property: true of a
    /// property with observers, false of a computed one that only agreed with a stored one on
    /// the probe's samples (`min(price, 100)`, `abs(price)`, `name.uppercased()`) or cannot be
    /// written. The values are far from the samples 0 and 1, negative where the type allows.
    private static func roundTrips(_ keyPath: AnyKeyPath, in instance: Any) -> Bool {
        func open<Root>(_ root: Root) -> Bool {
            func withValue<Value>(_: Value.Type) -> Bool {
                guard let writable = keyPath as? WritableKeyPath<Root, Value>, let samples = distinctSamples(of: Value.self) else { return false }
                for sample in samples {
                    var copy = root
                    copy[keyPath: writable] = sample
                    guard !differ(copy[keyPath: writable], sample) else { return false }
                    guard storedValues(copy).contains(where: { !differ($0, sample) }) else { return false }
                }
                return true
            }
            return _openExistential(type(of: keyPath).valueType, do: withValue)
        }
        return _openExistential(instance, do: open)
    }

    /// Two values of `Value` (or of the type it wraps in an optional) for `roundTrips`; `nil`
    /// for a type it has none of.
    private static func distinctSamples<Value>(of _: Value.Type) -> [Value]? {
        let candidates: [[Any]] = [
            [Int(113), Int(-7)], [Int64(113), Int64(-7)], [Int32(113), Int32(-7)], [Int16(113), Int16(-7)], [Int8(113), Int8(-7)],
            [UInt(113), UInt(7)], [UInt64(113), UInt64(7)], [UInt32(113), UInt32(7)], [UInt16(113), UInt16(7)], [UInt8(113), UInt8(7)],
            [Double(-2.5), Double(113.25)], [Float(-2.5), Float(113.25)], [" Ab c ", "x"], [true, false],
            [Date(timeIntervalSince1970: -7), Date(timeIntervalSince1970: 113)], [Data([1, 2, 3]), Data()],
        ]
        for candidate in candidates {
            let values = candidate.compactMap { $0 as? Value }
            if values.count == candidate.count { return values }
        }
        return nil
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
