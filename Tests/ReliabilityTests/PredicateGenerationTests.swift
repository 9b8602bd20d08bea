import Foundation
@testable import PortableSQLCodable
import PortableSQLTestSupport
import Testing

/// A row of the generated table.
struct Sample: SQLCodable, Equatable {
    var id: Int64
    var amount: Int64?
    var ratio: Double?
    var label: String?

    static let id = SQLColumn(name: "id", type: .long, primaryKey: true)
    static let amount = SQLColumn(name: "amount", type: .long)
    static let ratio = SQLColumn(name: "ratio", type: .real)
    static let label = SQLColumn(name: "label", type: .text)
    static let table = SQLTable(name: "sample", columns: [id, amount, ratio, label])

    init(id: Int64, amount: Int64?, ratio: Double?, label: String?) {
        (self.id, self.amount, self.ratio, self.label) = (id, amount, ratio, label)
    }

    init(row: SQLRow, context: SQLContext) throws {
        id = try Self.id.longValueRequired(in: row)
        amount = Self.amount.longValue(in: row)
        ratio = Self.ratio.realValue(in: row)
        label = Self.label.textValue(in: row)
    }

    func encode(row: inout SQLRow) throws {
        row[Self.id] = SQLValue(id)
        row[Self.amount] = SQLValue(amount)
        row[Self.ratio] = SQLValue(ratio)
        row[Self.label] = SQLValue(label)
    }

    func value(of column: SQLColumn) -> SQLValue {
        switch column.name {
        case "id": return .long(id)
        case "amount": return SQLValue(amount)
        case "ratio": return SQLValue(ratio)
        default: return SQLValue(label)
        }
    }
}

/// SQL's three-valued truth.
enum Truth {
    case yes, no, unknown

    static func from(_ value: Bool) -> Truth { value ? .yes : .no }
}

/// Generated predicates over generated rows: the SQL holds no value, only placeholders, and
/// returns exactly the rows that the same predicate evaluated in Swift accepts.
@Suite struct PredicateGenerationTests {
    static let texts = ["a", "b", "A", "%", "_", "'", "\"", "x y", "é", "--", ";", "0"]

    static func text(_ random: inout SeededGenerator, maxLength: UInt64) -> String {
        (0..<Int(random.next() % (maxLength + 1))).map { _ in texts[Int(random.next() % UInt64(texts.count))] }.joined()
    }

    static func value(for column: SQLColumn, _ random: inout SeededGenerator) -> SQLValue {
        switch column.name {
        case "id", "amount": return .long(Int64(random.next() % 41) - 20)
        case "ratio": return .real(Double(Int64(random.next() % 81) - 40) / 4)
        default: return .text(text(&random, maxLength: 3))
        }
    }

    static func predicate(_ random: inout SeededGenerator, depth: Int) -> SQLPredicate {
        let columns = [Sample.id, Sample.amount, Sample.ratio, Sample.label]
        if depth > 0, random.next() % 3 == 0 {
            switch random.next() % 3 {
            case 0: return predicate(&random, depth: depth - 1).and(predicate(&random, depth: depth - 1))
            case 1: return predicate(&random, depth: depth - 1).or(predicate(&random, depth: depth - 1))
            default: return .not(predicate(&random, depth: depth - 1))
            }
        }
        let column = columns[Int(random.next() % 4)]
        // A second operand of the same type: the column itself, its twin (id and amount are both
        // integers), or the column under the table's name as alias.
        func partner() -> any SQLRepresentable {
            switch random.next() % 3 {
            case 0 where column == Sample.id: return Sample.amount
            case 0 where column == Sample.amount: return Sample.id
            case 1: return column.alias(Sample.table.name)
            default: return column
            }
        }
        let comparisons: [(any SQLRepresentable, any SQLRepresentable) -> SQLPredicate] = [
            SQLPredicate.equals, SQLPredicate.notEquals, SQLPredicate.lessThan,
            SQLPredicate.lessThanOrEqual, SQLPredicate.greaterThan, SQLPredicate.greaterThanOrEqual,
        ]
        switch random.next() % 16 {
        // SkipSQL's builders: column against column, value on the left, mixed IN lists, NOT LIKE.
        case 11: return comparisons[Int(random.next() % 6)](partner(), column)
        case 12: return comparisons[Int(random.next() % 6)](value(for: column, &random), partner())
        case 13: return .in(partner(), [value(for: column, &random), partner()])
        case 14: return Sample.label.notLike(.text(text(&random, maxLength: 3)))
        case 15: return random.next() % 2 == 0 ? .isNull(column.alias(Sample.table.name)) : .isNotNull(column.alias(Sample.table.name))
        case 0: return column.equals(value(for: column, &random))
        case 1: return column.notEquals(value(for: column, &random))
        case 2: return column.lessThan(value(for: column, &random))
        case 3: return column.lessThanOrEqual(value(for: column, &random))
        case 4: return column.greaterThan(value(for: column, &random))
        case 5: return column.greaterThanOrEqual(value(for: column, &random))
        case 6: return Sample.label.like(.text(text(&random, maxLength: 3)))
        case 7: return random.next() % 2 == 0 ? column.isNull() : column.isNotNull()
        case 8: return column.between(value(for: column, &random), value(for: column, &random))
        case 9: return column.in((0..<Int(random.next() % 4)).map { _ in value(for: column, &random) })
        default: return column.equals(.null)
        }
    }

    /// SQLite's ordering of two non-NULL values of one column's type (BINARY collation for text).
    static func compare(_ left: SQLValue, _ right: SQLValue) -> Int {
        switch (left, right) {
        case (.long(let a), .long(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.real(let a), .real(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.text(let a), .text(let b)):
            return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? -1 : (a == b ? 0 : 1)
        default: fatalError("generated values match their column's type")
        }
    }

    /// SQLite's LIKE without ESCAPE: `%` any run, `_` any one character, ASCII letters in any case.
    static func like(_ text: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        guard let first = pattern.first else { return text.isEmpty }
        if first == "%" {
            return (0...text.count).contains { like(Array(text[$0...]), Array(pattern.dropFirst())) }
        }
        guard let head = text.first, first == "_" || fold(first) == fold(head) else { return false }
        return like(Array(text.dropFirst()), Array(pattern.dropFirst()))
    }

    /// The value of `operand` in `sample`.
    static func value(of operand: SQLOperand, in sample: Sample) -> SQLValue {
        switch operand {
        case .column(let column): return sample.value(of: column)
        case .aliasedColumn(let aliased): return sample.value(of: aliased.column)
        case .value(let value): return value
        case .tuple, .expression: return .null  // the generator makes no row values or SQL
        }
    }

    /// `left <comparison> right` in SQL's three-valued logic.
    static func evaluate(_ left: SQLValue, _ comparison: SQLComparison, _ right: SQLValue) -> Truth {
        if left.isNull || right.isNull { return .unknown }
        switch comparison {
        case .like: return .from(like(Array(left.textValue!.unicodeScalars), Array(right.textValue!.unicodeScalars)))
        case .notLike: return .from(!like(Array(left.textValue!.unicodeScalars), Array(right.textValue!.unicodeScalars)))
        case .equal: return .from(compare(left, right) == 0)
        case .notEqual: return .from(compare(left, right) != 0)
        case .less: return .from(compare(left, right) < 0)
        case .lessOrEqual: return .from(compare(left, right) <= 0)
        case .greater: return .from(compare(left, right) > 0)
        case .greaterOrEqual: return .from(compare(left, right) >= 0)
        }
    }

    static func evaluate(_ predicate: SQLPredicate, on sample: Sample) -> Truth {
        switch predicate.form {
        case .compare(let left, .equal, .value(.null)): return .from(value(of: left, in: sample).isNull)
        case .compare(let left, .notEqual, .value(.null)): return .from(!value(of: left, in: sample).isNull)
        case .compare(let left, let comparison, let right):
            return evaluate(value(of: left, in: sample), comparison, value(of: right, in: sample))
        case .member(let left, let operands):
            if operands.isEmpty { return .no }
            let truths = operands.map { evaluate(value(of: left, in: sample), .equal, value(of: $0, in: sample)) }
            return truths.contains(.yes) ? .yes : (truths.contains(.unknown) ? .unknown : .no)
        case .between(let tested, let low, let high):
            let stored = value(of: tested, in: sample)
            if stored.isNull { return .unknown }
            return .from(compare(stored, value(of: low, in: sample)) >= 0 && compare(stored, value(of: high, in: sample)) <= 0)
        case .all(let predicates):
            let truths = predicates.map { evaluate($0, on: sample) }
            return truths.contains(.no) ? .no : (truths.contains(.unknown) ? .unknown : .yes)
        case .any(let predicates):
            let truths = predicates.map { evaluate($0, on: sample) }
            return truths.contains(.yes) ? .yes : (truths.contains(.unknown) ? .unknown : .no)
        case .negation(let inner):
            switch evaluate(inner, on: sample) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        case .expression, .raw: return .unknown  // the generator writes no SQL
        }
    }

    @Test func generatedPredicatesMatchASwiftFilter() throws {
        let seed = testSeed()
        var random = SeededGenerator(seed: seed)
        let context = try SQLContext(path: nil)
        try context.createTableIfNotExists(Sample.self)
        var samples: [Sample] = []
        for id in 0..<300 {
            func maybe<T>(_ make: () -> T) -> T? { random.next() % 5 == 0 ? nil : make() }
            samples.append(Sample(
                id: Int64(id) - 20, amount: maybe { Int64(random.next() % 41) - 20 },
                ratio: maybe { Double(Int64(random.next() % 81) - 40) / 4 }, label: maybe { Self.text(&random, maxLength: 4) }))
        }
        try context.insertAll(samples)
        let count = 1_000 * soakFactor()
        for number in 0..<count {
            let predicate = Self.predicate(&random, depth: 3)
            let (sql, parameters) = predicate.rendered()
            #expect(!sql.contains("'") && !sql.contains(where: \.isNumber) || sql == "1" || sql == "0", "seed \(seed), case \(number): a value in \(sql)")
            #expect(sql.filter { $0 == "?" }.count == parameters.count, "seed \(seed), case \(number)")
            let fetched = try context.fetchAll(Sample.self, where: predicate, orderBy: Sample.id).map(\.id)
            let expected = samples.filter { Self.evaluate(predicate, on: $0) == .yes }.map(\.id).sorted()
            #expect(fetched == expected, "seed \(seed), case \(number): \(sql) with \(parameters)")
        }
        print("predicates: \(count) generated over \(samples.count) rows, seed \(seed)")
    }
}
