import Foundation
internal import PortableSQLSystem

/// What a plain `Codable` record type's `Codable` conformance says about its table: the columns,
/// how each property is stored, and which column a key path reads. Made once per type, the
/// first time the type's `table` is read, and kept for the life of the process.
@usableFromInline
final class CodableRecordSchema: @unchecked Sendable {
    /// The table: one column per property, in decoding order; `id` is the primary key.
    let table: SQLTable
    /// How each column's property is stored, by position.
    let kinds: [StoredKind]
    /// The column names, by position.
    let names: [String]
    /// Each property's declared type (with the optional), by position.
    let declaredTypes: [Any.Type]
    /// Each column's position, by name.
    let positions: [String: Int]
    /// Finds columns by name for the coders, without reference counting.
    let finder: ColumnFinder
    /// The encoder kept for the type's records, lent to one record at a time.
    let encoder: Borrowable<RecordRowEncoder>
    /// Why the type cannot be a record, when it cannot.
    let failure: SQLError?
    /// The positions of the key paths whose column is known, found by `KeyPathColumns` as
    /// they are used; under `keyPathLock`. (The rest of the schema never changes.)
    var keyPathPositions: [AnyKeyPath: Int] = [:]
    let keyPathLock = NSLock()
    /// The record type.
    let recordType: any CodableRecord.Type

    /// Whether the table is named by default, after the type (`RecordTypeName`).
    let namedByDefault: Bool

    init<T: CodableRecord>(_ type: T.Type) {
        recordType = type
        namedByDefault = T.tableName == RecordTypeName.tableName(of: type)
        var properties: [SchemaProbe.Property] = []
        do {
            properties = try SchemaProbe.properties(of: type)
            guard !properties.isEmpty else {
                throw SQLError(code: .misuse, message: "it has no stored property")
            }
            try Self.checkNamesDiffer(properties.map(\.name))
            let columns = properties.map { property in
                let key = property.name == "id"
                return SQLColumn(name: property.name, type: property.kind.columnType, primaryKey: key, nullable: !key)
            }
            table = SQLTable(recordNamed: T.tableName, columns: columns)
            failure = nil
        } catch {
            let reason = (error as? SQLError)?.message ?? "\(error)"
            let failure = SQLError(code: .misuse, message: "\(T.self) cannot be stored as a record through Codable: \(reason)")
            properties = []
            table = SQLTable(recordNamed: T.tableName, failure: failure)
            self.failure = failure
        }
        kinds = properties.map(\.kind)
        names = properties.map(\.name)
        declaredTypes = properties.map { property in
            func optional<Wrapped>(_: Wrapped.Type) -> Any.Type { Wrapped?.self }
            return property.optional ? _openExistential(property.type, do: optional) : property.type
        }
        positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let finder = ColumnFinder(names: names, positions: positions)
        self.finder = finder
        encoder = Borrowable(RecordRowEncoder(writing: .take(finder: finder, kinds: kinds, tableName: table.name)))
        table.layout.codableSchema = self
    }

    /// Throws when two of `names` differ only in the case of ASCII letters: SQLite compares
    /// column names that way, so the two would be one column declared twice.
    private static func checkNamesDiffer(_ names: [String]) throws {
        var seen: [String: String] = [:]
        for name in names {
            let folded = name.sqliteCaseFolded
            if let first = seen[folded] {
                throw SQLError(code: .misuse, message: "properties \(first) and \(name) would be one column, since SQLite's column names ignore case; give one of them another coding key")
            }
            seen[folded] = name
        }
    }

    /// The schema of `type`, found through `row`'s layout when the row is laid out as its
    /// table (as every row read from the table's statements is), else through the registry.
    @usableFromInline
    static func of<T: CodableRecord>(_ type: T.Type, row: SQLRow) -> CodableRecordSchema {
        if let schema = row.layout.codableSchema, schema.recordType == T.self { return schema }
        return CodableRecordRegistry.schema(of: type)
    }

    /// An instance of the record type made of sample values, the one at `variantIndex` varied
    /// (see `SchemaProbe`).
    ///
    /// - Throws: as `SchemaProbe.instance(of:varying:)`.
    func probeInstance(varying variantIndex: Int?) throws -> Any {
        func instance<T: CodableRecord>(_ type: T.Type) throws -> Any {
            try SchemaProbe.instance(of: type, varying: variantIndex)
        }
        return try instance(recordType)
    }

}

/// Finds the position of a column by name, first where the order of the properties puts it.
/// The names and positions are copied into memory of their own that is never freed (a schema
/// lives as long as the process), so that the coders, which look up each property of each
/// record, copy and read it with no reference counting. Sendable: the memory never changes.
struct ColumnFinder: @unchecked Sendable {
    /// A finder of no column.
    static let empty = ColumnFinder(names: [], positions: [:])

    /// The column names, by position.
    let names: UnsafeBufferPointer<String>
    private let positions: UnsafePointer<[String: Int]>

    init(names: [String], positions: [String: Int]) {
        let storedNames = UnsafeMutableBufferPointer<String>.allocate(capacity: names.count)
        _ = storedNames.initialize(from: names)
        self.names = UnsafeBufferPointer(storedNames)
        let storedPositions = UnsafeMutablePointer<[String: Int]>.allocate(capacity: 1)
        storedPositions.initialize(to: positions)
        self.positions = UnsafePointer(storedPositions)
    }

    /// The position of the column named `name`, trying `hint` (where the properties coded in
    /// order put it) before the look-up by name.
    @inline(__always)
    func position(of name: String, hint: Int) -> Int? {
        if hint < names.count, names[hint] == name { return hint }
        return positions.pointee[name]
    }
}

/// The schema of each plain `Codable` record type, made on first use.
///
/// Read without a lock (`T.table` is read for each record inserted): the schemas are in an
/// immutable dictionary that an addition replaces whole. A replaced dictionary is kept (in
/// `additions`) for the life of the process, since a reader may still hold it; there are as
/// many as record types, each small.
@usableFromInline
enum CodableRecordRegistry {
    private final class Schemas: Sendable {
        let byType: [ObjectIdentifier: CodableRecordSchema]

        init(_ byType: [ObjectIdentifier: CodableRecordSchema]) {
            self.byType = byType
        }
    }

    /// The address of the current `Schemas` (0 before the first), which `additions` keeps alive.
    private static let current = AtomicWord()
    /// Every `Schemas` made, the current one last; its lock serializes additions.
    private static let additions = Locked<[Schemas]>([])
    /// The address of the schema handed out last (0 before the first), which `additions` keeps
    /// alive: a loop over records of one type finds it again without hashing.
    private static let last = AtomicWord()

    /// `type`'s schema, made now when it is the first use.
    @usableFromInline
    static func schema<T: CodableRecord>(of type: T.Type) -> CodableRecordSchema {
        if let raw = UnsafeRawPointer(bitPattern: last.load()) {
            let schema = Unmanaged<CodableRecordSchema>.fromOpaque(raw).takeUnretainedValue()
            if schema.recordType == T.self { return schema }
        }
        let schema = findOrMake(type)
        last.store(UInt(bitPattern: Unmanaged.passUnretained(schema).toOpaque()))
        return schema
    }

    /// `type`'s schema from the registry, made now when it is the first use.
    private static func findOrMake<T: CodableRecord>(_ type: T.Type) -> CodableRecordSchema {
        let id = ObjectIdentifier(type)
        if let schema = schemas()[id] { return schema }
        // Made outside the lock: probing runs the type's own initializer.
        let made = CodableRecordSchema(type)
        return additions.withLock { kept in
            var byType = schemas()
            if let schema = byType[id] { return schema }
            byType[id] = made
            let replacement = Schemas(byType)
            kept.append(replacement)
            current.store(UInt(bitPattern: Unmanaged.passUnretained(replacement).toOpaque()))
            return made
        }
    }

    private static func schemas() -> [ObjectIdentifier: CodableRecordSchema] {
        guard let raw = UnsafeRawPointer(bitPattern: current.load()) else { return [:] }
        return Unmanaged<Schemas>.fromOpaque(raw).takeUnretainedValue().byType
    }
}
