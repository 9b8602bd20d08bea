import Foundation
import PortableSQLCodable
import Testing

/// A join condition of the app's own, as SkipSQL lets apps write one: it reads both sides'
/// table, alias and schema.
struct SameShelf: SQLJoinCondition { // ⟦SQLJoinCondition⟧
    func applyJoinCondition(to expression: inout SQLExpression, fromTable qt1: QualifiedTable, toTable qt2: QualifiedTable) { // ⟦SQLJoinCondition.applyJoinCondition(to:fromTable:toTable:)⟧ ⟦QualifiedTable⟧
        let from: String = qt1.alias ?? qt1.table.name // ⟦QualifiedTable.alias⟧ ⟦QualifiedTable.table⟧
        let to: String = qt2.alias ?? qt2.table.name
        let schema: String? = qt2.schema // ⟦QualifiedTable.schema⟧
        expression.append("\(from).\"ID\" = \(schema.map { $0 + "." } ?? "")\(to).\"SHELF_ID\"")
    }
}

// Queries, joins and predicates, with the SQL SkipSQL writes.
@Suite struct QueryConformanceTests {
    func sql(_ representable: SQLRepresentable) -> (String, [SQLValue]) { // ⟦SQLRepresentable⟧
        var expression = SQLExpression("")
        representable.apply(to: &expression) // ⟦SQLRepresentable.apply(to:)⟧
        return (expression.sql, expression.bindings)
    }

    @Test func predicatesWriteSkipSQLsSQL() {
        let title = Book.title, pages = Book.pages
        let one = SQLValue(1)
        let statics: [(SQLPredicate, String)] = [ // ⟦SQLPredicate⟧
            (.equals(title, one), "\"TITLE\" = ?"), (.equals(title, SQLValue.null), "\"TITLE\" IS NULL"), // ⟦SQLPredicate.equals(_:_:)⟧
            (.notEquals(title, one), "\"TITLE\" <> ?"), (.lessThan(pages, one), "\"PAGES\" < ?"), // ⟦SQLPredicate.notEquals(_:_:)⟧ ⟦SQLPredicate.lessThan(_:_:)⟧
            (.lessThanOrEqual(pages, one), "\"PAGES\" <= ?"), (.greaterThan(pages, one), "\"PAGES\" > ?"), // ⟦SQLPredicate.lessThanOrEqual(_:_:)⟧ ⟦SQLPredicate.greaterThan(_:_:)⟧
            (.greaterThanOrEqual(pages, one), "\"PAGES\" >= ?"), (.like(title, one), "\"TITLE\" LIKE ?"), // ⟦SQLPredicate.greaterThanOrEqual(_:_:)⟧ ⟦SQLPredicate.like(_:_:)⟧
            (.notLike(title, one), "\"TITLE\" NOT LIKE ?"), (.isNull(title), "\"TITLE\" IS NULL"), // ⟦SQLPredicate.notLike(_:_:)⟧ ⟦SQLPredicate.isNull(_:)⟧
            (.isNotNull(title), "\"TITLE\" IS NOT NULL"), (.in(pages, [one, SQLValue(2)]), "\"PAGES\" IN (?, ?)"), // ⟦SQLPredicate.isNotNull(_:)⟧ ⟦SQLPredicate.in(_:_:)⟧
            (.compare(lhs: pages, op: "%", rhs: one), "\"PAGES\" % ?"), (.not(.isNull(title)), "NOT (\"TITLE\" IS NULL)"), // ⟦SQLPredicate.compare(lhs:op:rhs:)⟧ ⟦SQLPredicate.not(_:)⟧
            (.and([.isNull(title), .isNull(pages)]), "(\"TITLE\" IS NULL AND \"PAGES\" IS NULL)"), // ⟦SQLPredicate.and(_: [SQLPredicate])⟧
            (.or([.isNull(title), .isNull(pages)]), "(\"TITLE\" IS NULL OR \"PAGES\" IS NULL)"), // ⟦SQLPredicate.or(_: [SQLPredicate])⟧
            (.isNull(title).and(.isNull(pages)), "(\"TITLE\" IS NULL AND \"PAGES\" IS NULL)"), // ⟦SQLPredicate.and(_: SQLPredicate...)⟧
            (.isNull(title).or(.isNull(pages)), "(\"TITLE\" IS NULL OR \"PAGES\" IS NULL)"), // ⟦SQLPredicate.or(_: SQLPredicate...)⟧
            (.custom(sql: "PAGES > 0", bindings: []), " PAGES > 0"), // ⟦SQLPredicate.custom(sql:bindings:)⟧
            (.between(pages, min: one, max: SQLValue(2)), "\"PAGES\" BETWEEN ? AND ?"), // ⟦SQLPredicate.between(_:min:max:)⟧
            (.notBetween(pages, min: one, max: SQLValue(2)), "\"PAGES\" NOT BETWEEN ? AND ?"), // ⟦SQLPredicate.notBetween(_:min:max:)⟧
        ]
        for (predicate, expected) in statics {
            var expression = SQLExpression("")
            predicate.apply(to: &expression) // ⟦SQLPredicate.apply(to:)⟧
            #expect(expression.sql == expected)
            var viaApplicator = SQLExpression("")
            predicate.applicator(&viaApplicator) // ⟦SQLPredicate.applicator⟧
            #expect(viaApplicator.sql == expected)
        }
        let members: [(SQLPredicate, String)] = [
            (title.equals(one), "\"TITLE\" = ?"), (title.notEquals(one), "\"TITLE\" <> ?"), // ⟦SQLRepresentable.equals(_:)⟧ ⟦SQLRepresentable.notEquals(_:)⟧
            (pages.lessThan(one), "\"PAGES\" < ?"), (pages.lessThanOrEqual(one), "\"PAGES\" <= ?"), // ⟦SQLRepresentable.lessThan(_:)⟧ ⟦SQLRepresentable.lessThanOrEqual(_:)⟧
            (pages.greaterThan(one), "\"PAGES\" > ?"), (pages.greaterThanOrEqual(one), "\"PAGES\" >= ?"), // ⟦SQLRepresentable.greaterThan(_:)⟧ ⟦SQLRepresentable.greaterThanOrEqual(_:)⟧
            (title.like(one), "\"TITLE\" LIKE ?"), (title.notLike(one), "\"TITLE\" NOT LIKE ?"), // ⟦SQLRepresentable.like(_:)⟧ ⟦SQLRepresentable.notLike(_:)⟧
            (title.isNull(), "\"TITLE\" IS NULL"), (title.isNotNull(), "\"TITLE\" IS NOT NULL"), // ⟦SQLRepresentable.isNull()⟧ ⟦SQLRepresentable.isNotNull()⟧
            (pages.in([one]), "\"PAGES\" IN (?)"), // ⟦SQLRepresentable.in(_:)⟧
            (pages.between(min: one, max: SQLValue(2)), "\"PAGES\" BETWEEN ? AND ?"), // ⟦SQLRepresentable.between(min:max:)⟧
            (pages.notBetween(min: one, max: SQLValue(2)), "\"PAGES\" NOT BETWEEN ? AND ?"), // ⟦SQLRepresentable.notBetween(min:max:)⟧
        ]
        #expect(members.map { sql($0.0).0 } == members.map(\.1))
    }

    @Test func representables() {
        #expect(sql(Book.title) == ("\"TITLE\"", [])) // ⟦SQLColumn.apply(to:)⟧
        #expect(sql(SQLValue("x")) == ("?", [.text("x")])) // ⟦SQLValue.apply(to:)⟧
        let aliased: SQLAliasedColumn = Book.title.alias("b") // ⟦SQLColumn.alias(_:)⟧ ⟦SQLAliasedColumn⟧
        let column: SQLColumn = aliased.column // ⟦SQLAliasedColumn.column⟧
        let alias: String = aliased.alias // ⟦SQLAliasedColumn.alias⟧
        #expect(column == Book.title && alias == "b")
        #expect(sql(SQLAliasedColumn(column: Book.pages, alias: "c")).0 == "c.\"PAGES\"") // ⟦SQLAliasedColumn.init(column:alias:)⟧ ⟦SQLAliasedColumn.apply(to:)⟧
        let tuple: SQLTuple = SQLTuple(columns: [Book.id, Book.title]) // ⟦SQLTuple⟧ ⟦SQLTuple.init(columns:)⟧
        let representations: [SQLRepresentable] = tuple.representations // ⟦SQLTuple.representations⟧
        #expect(representations.count == 2 && sql(tuple).0 == "(\"ID\", \"TITLE\")") // ⟦SQLTuple.apply(to:)⟧
        #expect(sql(SQLTuple(values: [.long(1), .null])) == ("(?, ?)", [.long(1), .null])) // ⟦SQLTuple.init(values:)⟧
        #expect(sql(SQLTuple([Book.id, SQLValue(2)])).0 == "(\"ID\", ?)") // ⟦SQLTuple.init(_:)⟧
        let orders: [SQLOrder] = [.ascending, .descending] // ⟦SQLOrder⟧ ⟦SQLOrder.ascending⟧ ⟦SQLOrder.descending⟧
        #expect(orders.map(\.orderClause) == ["ASC", "DESC"]) // ⟦SQLOrder.orderClause⟧
        let kinds: [SQLJoinType] = [.left, .right, .full, .inner, .cross] // ⟦SQLJoinType⟧ ⟦SQLJoinType.left⟧ ⟦SQLJoinType.right⟧ ⟦SQLJoinType.full⟧ ⟦SQLJoinType.inner⟧ ⟦SQLJoinType.cross⟧
        #expect(kinds.map(\.joinClause) == ["LEFT OUTER JOIN", "RIGHT OUTER JOIN", "FULL OUTER JOIN", "INNER JOIN", "CROSS JOIN"]) // ⟦SQLJoinType.joinClause⟧
    }

    @Test func queriesAndJoins() throws {
        let db = try libraryContext()
        try db.insertAll([Shelf(label: "fiction"), Shelf(label: "poetry"), Shelf(label: "empty")])
        try db.insertAll([Book(shelfID: 1, title: "A", pages: 10), Book(shelfID: 1, title: "B", pages: 20), Book(shelfID: 2, title: "C", pages: 30)])
        try db.insert(Loan(bookID: 1, reader: "ann"))
        let query: SQLTableQuery<Book> = db.query(Book.self, alias: "b", schema: nil) // ⟦SQLContext.query(_:alias:schema:)⟧ ⟦SQLTableQuery⟧
        let context: SQLContext = query.context // ⟦SQLTableQuery.context⟧
        #expect(context === db)
        let asQuery: any SQLQuery = query // ⟦SQLQuery⟧
        #expect(asQuery.context === db) // ⟦SQLQuery.context⟧
        let titles: [String] = try query.where(Book.pages.greaterThan(SQLValue(5))) // ⟦SQLTableQuery.where(_:)⟧
            .orderBy(Book.pages, order: .descending) // ⟦SQLTableQuery.orderBy(_:order:)⟧
            .limit(2, offset: 1) // ⟦SQLTableQuery.limit(_:offset:)⟧
            .eval().load().map(\.title) // ⟦SQLTableQuery.eval()⟧
        #expect(titles == ["B", "A"])

        let join: SQLJoin2Query<Shelf, Book> = db.query(Shelf.self, alias: "s") // ⟦SQLJoin2Query⟧
            .join(Book.self, alias: "b", schema: nil, kind: .left, on: Book.shelfID) // ⟦SQLTableQuery.join(_:alias:schema:kind:on:)⟧ ⟦SQLColumn.applyJoinCondition(to:fromTable:toTable:)⟧
        #expect(join.context === db) // ⟦SQLJoin2Query.context⟧
        let pairs: [(Shelf?, Book?)] = try join.where(Shelf.label.notEquals(SQLValue("poetry"))) // ⟦SQLJoin2Query.where(_:)⟧
            .orderBy(Shelf.id.alias("s")) // ⟦SQLJoin2Query.orderBy(_:order:)⟧
            .orderBy(Book.title.alias("b"))
            .limit(10) // ⟦SQLJoin2Query.limit(_:offset:)⟧
            .eval().load() // ⟦SQLJoin2Query.eval()⟧
        #expect(pairs.map { "\($0.0?.label ?? "-")/\($0.1?.title ?? "-")" } == ["fiction/A", "fiction/B", "empty/-"])

        let join3: SQLJoin3Query<Shelf, Book, Loan> = db.query(Shelf.self, alias: "s") // ⟦SQLJoin3Query⟧
            .join(Book.self, alias: "b", kind: .inner, on: SameShelf())
            .join(Loan.self, alias: "l", kind: .inner, on: Loan.bookID) // ⟦SQLJoin2Query.join(_:alias:schema:kind:on:)⟧
        #expect(join3.context === db) // ⟦SQLJoin3Query.context⟧
        let triples: [(Shelf?, Book?, Loan?)] = try join3.where(Loan.reader.equals(SQLValue("ann"))) // ⟦SQLJoin3Query.where(_:)⟧
            .orderBy(Book.title.alias("b"), order: .ascending) // ⟦SQLJoin3Query.orderBy(_:order:)⟧
            .limit(5, offset: 0) // ⟦SQLJoin3Query.limit(_:offset:)⟧
            .eval().load() // ⟦SQLJoin3Query.eval()⟧
        #expect(triples.map { "\($0.0?.label ?? "-")/\($0.1?.title ?? "-")/\($0.2?.reader ?? "-")" } == ["fiction/A/ann"])

        let onPredicate: SQLPredicate = Book.shelfID.alias("b").equals(Shelf.id.alias("s"))
        let shelves = QualifiedTable(table: Shelf.table, alias: "s"), books = QualifiedTable(table: Book.table, alias: "b")
        var onClause = SQLExpression("")
        onPredicate.applyJoinCondition(to: &onClause, fromTable: shelves, toTable: books) // ⟦SQLPredicate.applyJoinCondition(to:fromTable:toTable:)⟧
        #expect(onClause.sql == "b.\"SHELF_ID\" = s.\"ID\"")
        let byPredicate = try db.query(Shelf.self, alias: "s").join(Book.self, alias: "b", kind: .inner, on: onPredicate).eval().load()
        #expect(byPredicate.count == 3)
        try db.close()
    }
}
