import Foundation
import PortableSQL
import PortableSQLCluster
import PortableSQLTestSupport
import Testing

/// Every reader of a column gives on a cluster what it gives on the system SQLite: a value
/// read as another storage class is converted as SQLite converts it.
@Suite struct ConversionTests {
    /// Values written in the SQL: every storage class, the edges of integers and reals,
    /// expressions that make an infinity or a NaN, texts whose number is only their start.
    private static let literals = [
        "NULL", "0", "1", "-1", "9223372036854775807", "-9223372036854775808", "(-9223372036854775807 - 1)",
        "0.0", "-0.0", "0.1", "1.0 / 3", "1.5", "-2.5", "1e15", "1e20", "-1e20", "1.5e300", "-1.5e300",
        "1e-300", "4.9e-324", "9.2e18", "9223372036854775807.0", "9223372036854775808.0",
        "-9223372036854775808.0", "-9223372036854775809.0", "123456789012345678.0", "1e308 * 10",
        "-1e308 * 10", "(1e308 * 10) - (1e308 * 10)", "(SELECT total(v) FROM (SELECT -1.8e19 AS v))",
        "'12abc'", "'0x1A'", "'inf'", "'-inf'", "'nan'", "'Infinity'", "'1e3'", "'1.9999999999999999'",
        "'9223372036854775808'", "'9223372036854775807'", "'-9223372036854775809'", "'  42  '",
        "char(9) || '7'", "'+5'", "'-0'", "'.5'", "'5.'", "'1e'", "'1e+'", "'1e400'", "'-1e400'",
        "'1e-400'", "'abc'", "''", "' '", "'0x'", "'1_000'", "'١٢'", "'３'", "'12.5e2xyz'", "'  -3.7e1'",
        "'0000012'", "'1,5'", "'00.5'", "'-'", "'e5'", "'1.0e+20'", "'4.9e-324'", "char(10) || '8' || char(13)",
        "x''", "x'3132'", "x'313261'", "x'00'", "x'2031'", "x'ff'", "CAST('1e3' AS BLOB)",
        "CAST('0x1A' AS BLOB)", "zeroblob(3)",
    ]

    /// Values bound as parameters, generated from `seed`: integers and reals of any bit
    /// pattern (subnormals, infinities, NaN), and texts and blobs made of the pieces numbers
    /// are written with.
    private static func generated(seed: UInt64) -> [SQLValue] {
        var random = SeededGenerator(seed: seed)
        let pieces = [" ", "\t", "+", "-", "0", "1", "7", "9", ".", "e", "E", "x", "a", "inf", "0x", "9223372036854775808"]
        func text() -> String { (0..<Int(random.next() % 6 + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
        var values: [SQLValue] = []
        values += (0..<50).map { _ in .long(Int64(bitPattern: random.next())) }
        values += (0..<10).map { _ in .long(Int64(bitPattern: random.next()) >> 40) }
        values += (0..<50).map { _ in .real(Double(bitPattern: random.next())) }
        values += [.real(.infinity), .real(-.infinity), .real(.nan), .real(.leastNonzeroMagnitude), .real(-.greatestFiniteMagnitude)]
        values += (0..<80).map { _ in .text(text()) }
        values += (0..<50).map { _ in .blob(Data(text().utf8)) }
        return values
    }

    @Test func everyReaderConvertsAsTheSystemSQLite() throws {
        let seed = testSeed()
        let parameters = Self.generated(seed: seed)
        #expect(parameters.count <= 255)
        let sql = "SELECT " + (Self.literals + Array(repeating: "?", count: parameters.count)).joined(separator: ", ")
        let cluster = try LocalCluster()
        let db = try cluster.context()
        defer { try? db.close() }
        let platform = SQLContext(configuration: .platform)
        defer { try? platform.close() }
        let expected = try Self.readings(of: sql, parameters, on: platform)
        let found = try Self.readings(of: sql, parameters, on: db)
        try #require(expected.count == Self.literals.count + parameters.count)
        try #require(found.count == expected.count)
        let names = Self.literals + parameters.map { "parameter \($0)" }
        for (index, name) in names.enumerated() where found[index] != expected[index] {
            Issue.record("\(name) (seed \(seed)): cluster \(found[index]), system SQLite \(expected[index])")
        }
    }

    /// What every reader gives for each column of the one row of `sql`, in one order (the
    /// kind of value first, which SQLite leaves undefined once a value was converted).
    private static func readings(of sql: String, _ parameters: [SQLValue], on db: SQLContext) throws -> [String] {
        let statement = try db.prepare(sql: sql)
        defer { try? statement.close() }
        try statement.bind(parameters: parameters)
        #expect(try statement.next())
        return (0..<statement.columnCount).map { column in
            [
                "type \(statement.type(at: column))", "null \(statement.isNull(at: Int(column)))",
                "value \(describe(statement.value(at: column)))", "long \(statement.long(at: column))",
                "real \(statement.real(at: column).bitPattern)", "text \(statement.text(at: column).debugDescription)",
                "textBytes \(hex(statement.textBytes(at: Int(column))))", "blob \(hex(statement.blob(at: column)))",
            ].joined(separator: ", ")
        }
    }

    /// A value with a real's exact bits (so that -0.0 and 0.0 differ).
    private static func describe(_ value: SQLValue) -> String {
        if case .real(let number) = value { return "real \(number) (bits \(number.bitPattern))" }
        return "\(value)"
    }

    private static func hex(_ data: Data?) -> String {
        data.map { $0.map { String(format: "%02x", $0) }.joined() } ?? "nil"
    }
}
