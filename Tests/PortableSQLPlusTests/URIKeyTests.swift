import Foundation
import PortableSQLPlus
import PortableSQLTestSupport
import Testing

// A `file:` URI's key as SQLite reads it (the value up to `&` or `#`, names percent-decoded)
// never shows in a trace or an error, and never reaches an engine that does not encrypt.
@Suite struct URIKeyTests {
    static let secret = "correct horse battery staple"

    @Test func aURIKeyWithSpacesIsRedactedWholeInTheTrace() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("main.db"), flags: [.readWrite, .create, .uri], configuration: .plus)
        defer { try? db.close() }
        try db.key("main-key")
        let log = ExecutedSQL(db)
        let uri = "file:\(directory.path("other.db"))?key=\(Self.secret)"
        try db.exec(sql: "ATTACH ? AS p", parameters: [.text(uri)])
        try db.exec(sql: "CREATE TABLE p.t (v)")
        try db.detach("p")
        let traced = log.statements.joined(separator: "\n")
        for word in Self.secret.split(separator: " ") {
            #expect(!traced.contains(word), "\(traced)")
        }
        // An ATTACH is traced without its values, which may spell a key in any way.
        #expect(traced.contains("ATTACH ? AS p"), "\(traced)")
        // SQLCipher took the whole value as the key.
        let other = try SQLContext(path: directory.path("other.db"), configuration: .plus)
        defer { try? other.close() }
        try other.key(Self.secret)
        #expect(try other.selectAll(sql: "SELECT count(*) FROM t") == [[0]])
    }

    @Test func aPercentEncodedKeyNameIsRedactedToo() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("main.db"), configuration: .plus)
        defer { try? db.close() }
        try db.key("main-key")
        let log = ExecutedSQL(db)
        let literal = "ATTACH 'file:\(directory.path("enc.db"))?%6Bey=pct-s3cret' AS p"
        try db.exec(sql: literal)
        try db.exec(sql: "CREATE TABLE p.t (v)")
        try db.detach("p")
        #expect(!log.statements.joined().contains("pct-s3cret"), "\(log.statements)")
        let bound = try #require(throws: SQLError.self) {
            try db.exec(sql: "ATTACH ? AS q", parameters: [.text("file:\(directory.path("enc.db"))?%6B%65y=pct-s3cret&mode=ro&nolock=bad")])
            try db.exec(sql: "SELECT * FROM nowhere_q")
        }
        #expect(!(bound.description + bound.debugDescription).contains("pct-s3cret"))
        #expect(!log.statements.joined().contains("pct-s3cret"), "\(log.statements)")
    }

    /// SQLite drops the rest of a parameter's name at `%00`, so `key%00x=` is a key: it is
    /// redacted and refused as one, also beside `vfs=`, which the checked-open VFS cannot see.
    @Test func aKeyNameCutShortByPercentZeroIsAKeyEverywhere() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        let onPlus = try #require(throws: SQLError.self) {
            try SQLContext(path: "file:\(fifo)?key%00x=ERRSECRET1", configuration: .plus)
        }
        #expect(!(onPlus.description + onPlus.debugDescription).contains("ERRSECRET1"), "\(onPlus)")
        #expect(KeyStatements.containsURIKey("file:a.db?vfs=unix&key%00zz=S"))
        #expect(KeyStatements.containsURIKey("file:a.db?hex%6Bey%00=S"))
        #expect(!KeyStatements.containsURIKey("file:a.db?ke%00y=S"), "SQLite reads that name as ke")
        #expect(KeyStatements.redacted("ATTACH 'file:a.db?key%00zz=TOPSECRET' AS e").contains("TOPSECRET") == false)

        let plainPath = directory.path("o1.db")
        let opened = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(plainPath)?vfs=unix&key%00z=S2") }
        #expect(opened.resultCode == .misuse && !opened.debugDescription.contains("S2"))
        #expect(!FileManager.default.fileExists(atPath: plainPath))
        let db = try SQLContext(path: directory.path("main.db"))
        defer { try? db.close() }
        let attached = directory.path("a1.db")
        let bound = try #require(throws: SQLError.self) {
            try db.exec(sql: "ATTACH ? AS x", parameters: [.text("file:\(attached)?vfs=unix&key%00z=S2")])
        }
        #expect(bound.resultCode == .misuse && !bound.debugDescription.contains("S2"))
        #expect(!FileManager.default.fileExists(atPath: attached))
    }

    /// A URI with a key reaches the system SQLite through VACUUM INTO as through ATTACH, and
    /// through a blob as through a text; beside `vfs=`, only these checks stand in its way.
    @Test func vacuumTargetsAndBlobNamesWithKeysAreRefusedToo() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("main.db"))
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t (v)")
        try db.exec(sql: "INSERT INTO t VALUES ('plain')")
        let targets = (1...3).map { directory.path("copy\($0).db") }
        let attempts: [() throws -> Void] = [
            { try db.exec(sql: "ATTACH ? AS x", parameters: [.blob(Data("file:\(targets[0])?vfs=unix&key=S3".utf8))]) },
            { try db.exec(sql: "VACUUM INTO ?", parameters: [.text("file:\(targets[1])?vfs=unix&key=S3")]) },
            { try db.exec(sql: "VACUUM INTO 'file:\(targets[2])?vfs=unix&hexkey=00ff'") },
        ]
        for (attempt, target) in zip(attempts, targets) {
            let error = try #require(throws: SQLError.self) { try attempt() }
            #expect(error.resultCode == .misuse && !error.debugDescription.contains("S3"), "\(error)")
            #expect(!FileManager.default.fileExists(atPath: target), "\(target)")
        }
        try db.exec(sql: "VACUUM INTO ?", parameters: [.text("file:\(targets[1])?vfs=unix")])
        #expect(FileManager.default.fileExists(atPath: targets[1]))
    }

    /// SQLCipher takes these URI keys as no key at all and writes the file in clear: each is
    /// refused, when opening, attaching (literal or bound) and vacuuming into it.
    @Test func uriKeysSQLCipherWouldIgnoreAreRefused() throws {
        let directory = try TemporaryDirectory()
        // In a path a quote is part of the value (FuzzURIKeys found hexkey=0fA0" passed, read as SQL).
        let unusable = ["hexkey=zz", "hexkey=0g", "hexkey=SEKRITzz", "key=", "key=%00SEKRIT", "KEY=SEKRIT", "key=SEKRIT&hexkey=zz", "hexkey=0fA0\"", "hexkey=0f0f'"]
        for (index, parameters) in unusable.enumerated() {
            let path = directory.path("open\(index).db")
            let error = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(path)?\(parameters)", configuration: .plus) }
            #expect(error.resultCode == .misuse && !error.debugDescription.contains("SEKRIT"), "\(parameters): \(error)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(parameters)")
        }
        // SQLite reads a URI up to its #: a key after it would never reach SQLCipher.
        let fragments = [
            "#?key=SEKRIT", "?mode=rwc#&key=SEKRIT", "#frag?hexkey=\(String(repeating: "0f", count: 32))",
            "#\"?key=SEKRIT", "#'?key=SEKRIT", "#file:?key=SEKRIT", "#x/file:y?key=SEKRIT",
        ]
        for (index, suffix) in fragments.enumerated() {
            let path = directory.path("fragment\(index).db")
            let error = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(path)\(suffix)", configuration: .plus) }
            #expect(error.resultCode == .misuse && error.message.contains("up to its #") && !error.debugDescription.contains("SEKRIT"), "\(suffix): \(error)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(suffix)")
        }
        // Parameters are read after a URI's first ? only: without one, SQLite reads &key= as
        // part of the file's name (FuzzURIKeys found both passed as keys).
        // A second ? is part of a parameter's name (??key= is ?key, which SQLCipher does not read).
        // A value may hold file: and ? too: still one URI, whose query started at its first ?.
        for (index, suffix) in ["&key=SEKRIT", "'mode=memory&key=SEKRIT", "??key=SEKRIT", "?mode=rwc?hexkey=0f0f", "?note=file:b?key=SEKRIT"].enumerated() {
            let path = directory.path("noquery\(index).db")
            let error = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(path)\(suffix)", configuration: .plus) }
            #expect(error.resultCode == .misuse && (error.message.contains("no ? before it") || error.message.contains("after a second ?"))
                && !error.debugDescription.contains("SEKRIT"), "\(suffix): \(error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy { !$0.hasPrefix("noquery") }, "\(suffix)")
        }
        // ... and there a key after an & in the query is read, and used.
        let noted = directory.path("noted.db")
        let notedContext = try SQLContext(path: "file:\(noted)?note=file:b&key=SEKRIT", configuration: .plus)
        try notedContext.exec(sql: "CREATE TABLE t (v TEXT)")
        try notedContext.exec(sql: "INSERT INTO t VALUES ('plain-words-here')")
        try notedContext.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: noted))
        #expect(!bytes.isEmpty && bytes.firstRange(of: Data("plain-words-here".utf8)) == nil && bytes.firstRange(of: Data("SQLite format 3".utf8)) == nil)
        let main = try SQLContext(path: directory.path("main.db"), configuration: .plus)
        defer { try? main.close() }
        try main.key("main-key")
        for attach in [
            "ATTACH 'file:\(directory.path("fragment.db"))#?key=SEKRIT' AS f", "ATTACH 'file:\(directory.path("fragment.db"))#\"?key=SEKRIT' AS f",
            "ATTACH 'file:\(directory.path("fragment.db"))#''?key=SEKRIT' AS f", "ATTACH 'file:\(directory.path("fragment.db"))#' || '?key=SEKRIT' AS f",
            "VACUUM INTO 'file:\(directory.path("fragment.db"))#\"?key=SEKRIT'",
        ] {
            let fragment = try #require(throws: SQLError.self) { try main.exec(sql: attach) }
            #expect(fragment.resultCode == .misuse && !fragment.debugDescription.contains("SEKRIT"), "\(attach)")
        }
        let bound = try #require(throws: SQLError.self) {
            try main.exec(sql: "ATTACH ? || ? AS f", parameters: [.text("file:\(directory.path("fragment.db"))#\""), .text("?key=SEKRIT")])
        }
        #expect(bound.resultCode == .misuse && !bound.debugDescription.contains("SEKRIT"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("fragment.db")))
        // A key before any # is taken.
        try main.exec(sql: "ATTACH 'file:\(directory.path("sharp.db"))?key=good-key' AS s")
        try main.exec(sql: "CREATE TABLE s.t (v)")
        try main.detach("s")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("sharp.db"))).prefix(15) != Data("SQLite format 3".utf8))
        let boundHex = try #require(throws: SQLError.self) {
            try main.exec(sql: "ATTACH ? AS x", parameters: [.text("file:\(directory.path("bound.db"))?hexkey=zz")])
        }
        #expect(boundHex.resultCode == .misuse)
        let blob = try #require(throws: SQLError.self) {
            try main.exec(sql: "ATTACH ? AS z", parameters: [.blob(Data("file:\(directory.path("bound.db"))?KEY=SEKRIT".utf8))])
        }
        #expect(blob.resultCode == .misuse && !blob.debugDescription.contains("SEKRIT"))
        let literal = try #require(throws: SQLError.self) { try main.exec(sql: "ATTACH 'file:\(directory.path("literal.db"))?KEY=SEKRIT' AS y") }
        #expect(literal.resultCode == .misuse && !literal.debugDescription.contains("SEKRIT"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("bound.db")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("literal.db")))
        let hex = String(repeating: "0f", count: 32)
        let keyed = try SQLContext(path: "file:\(directory.path("hex.db"))?hexkey=\(hex)", configuration: .plus)
        try keyed.exec(sql: "CREATE TABLE t (v)")
        try keyed.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("hex.db"))).prefix(15) != Data("SQLite format 3".utf8))
    }

    /// SQLCipher would read `textkey=` as a key of no length and fail with "out of memory".
    @Test func aTextKeyOnSQLCipherIsRefusedNamingTheParametersItTakes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("text.db")
        let error = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(path)?textkey=TXTSECRET", configuration: .plus) }
        #expect(error.resultCode == .misuse && error.message.contains("key=") && error.message.contains("hexkey="), "\(error)")
        #expect(!error.debugDescription.contains("TXTSECRET"))
        #expect(!FileManager.default.fileExists(atPath: path))
        let keyed = try SQLContext(path: "file:\(path)?key=TXTSECRET", configuration: .plus)
        try keyed.exec(sql: "CREATE TABLE t (v)")
        try keyed.close()
    }

    @Test func anEngineWithoutEncryptionRefusesURIKeysEveryWayTheyCome() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("plain.db")
        // A `file:` path is a URI on Debian's SQLite even without `.uri`.
        let opened = try #require(throws: SQLError.self) { try SQLContext(path: "file:\(path)?key=s3cret") }
        #expect(opened.resultCode == .misuse && !(opened.description + opened.debugDescription).contains("s3cret"))
        #expect(!FileManager.default.fileExists(atPath: path))

        let db = try SQLContext(path: directory.path("main.db"))
        defer { try? db.close() }
        let attached = directory.path("attached.db")
        let bound = try #require(throws: SQLError.self) {
            try db.exec(sql: "ATTACH ? AS p", parameters: [.text("file:\(attached)?key=s3cret")])
        }
        #expect(bound.resultCode == .misuse && bound.message.contains(".plus") && !bound.debugDescription.contains("s3cret"))
        let method = try #require(throws: SQLError.self) { try db.attach(path: "file:\(attached)?hexkey=00ff", as: "p") }
        #expect(method.resultCode == .misuse)
        #expect(!FileManager.default.fileExists(atPath: attached))
        // A URI without a key attaches as before, through the same statement.
        try db.exec(sql: "ATTACH ? AS p", parameters: [.text("file:\(attached)?mode=rwc")])
        try db.exec(sql: "CREATE TABLE p.t (v)")
        #expect(FileManager.default.fileExists(atPath: attached))
    }

    @Test func anEngineWithoutEncryptionRefusesURIKeysHoweverTheNameIsComputed() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("main.db"))
        defer { try? db.close() }
        try db.exec(sql: "CREATE TABLE t (v); INSERT INTO t VALUES ('plain data')")
        let target = directory.path("target.db")
        let uri = "file:\(target)?key=s3cret"
        let attempts: [(String, [SQLValue])] = [
            ("ATTACH ? AS b", [.blob(Data(uri.utf8))]),
            ("ATTACH ? || ? AS c", [.text("file:\(target)?"), .text("key=s3cret")]),
            ("ATTACH 'file:\(target)?' || 'key=s3cret' AS d", []),
            ("ATTACH printf('file:%s?%s=s3cret', ?, 'key') AS e", [.text(target)]),
            ("VACUUM INTO 'file:\(target)?key=s3cret'", []),
            ("VACUUM INTO ?", [.text(uri)]),
            ("ATTACH 'file:\(target)?K' || 'EY=s3cret' AS g", []),
        ]
        for (sql, parameters) in attempts {
            let error = #expect(throws: SQLError.self, "\(sql)") { try db.exec(sql: sql, parameters: parameters) }
            #expect(error?.resultCode == .misuse && error?.message.contains("does not encrypt") == true, "\(sql): \(String(describing: error))")
            #expect(error.map { !($0.description + $0.debugDescription).contains("s3cret") } ?? true)
            #expect(!FileManager.default.fileExists(atPath: target), "\(sql) wrote \(target)")
        }
        // A name without a key still attaches, however it is computed.
        try db.exec(sql: "ATTACH ? || ? AS f", parameters: [.text("file:\(target)"), .text("?mode=rwc")])
        try db.exec(sql: "CREATE TABLE f.t (v)")
        #expect(FileManager.default.fileExists(atPath: target))
    }

    /// SQLCipher takes a computed name's URI key as it takes a written one: a key it would read
    /// as none is refused where the file is opened, however the name was put together, and in
    /// a script as in a single statement.
    @Test func unusableURIKeysAreRefusedHoweverTheNameIsComputedOrRun() throws {
        let directory = try TemporaryDirectory()
        let main = try SQLContext(path: directory.path("main.db"), configuration: .plus)
        defer { try? main.close() }
        try main.key("main-key")
        let target = directory.path("target.db")
        let attempts: [(String, [SQLValue])] = [
            ("ATTACH 'file:\(target)?k' || 'ey=' AS a", []),
            ("ATTACH ? || ? AS b", [.text("file:\(target)?ke"), .text("y=")]),
            ("ATTACH printf('file:%s?KEY=SEKRIT', ?) AS c", [.text(target)]),
            ("ATTACH 'file:\(target)?hex' || 'key=zz' AS d", []),
            ("VACUUM INTO 'file:\(target)?tex' || 'tkey=SEKRIT'", []),
        ]
        for (sql, parameters) in attempts {
            let error = #expect(throws: SQLError.self, "\(sql)") { try main.exec(sql: sql, parameters: parameters) }
            #expect(error?.resultCode == .misuse && error?.message.contains("written in clear") == true, "\(sql): \(String(describing: error))")
            #expect(error.map { !($0.description + $0.debugDescription).contains("SEKRIT") } ?? true)
            #expect(!FileManager.default.fileExists(atPath: target), "\(sql) wrote \(target)")
        }
        let script = #expect(throws: SQLError.self) {
            try main.execute(script: "ATTACH 'file:\(target)?key=' AS s; CREATE TABLE s.x (v); INSERT INTO s.x VALUES ('clear');")
        }
        #expect(script?.resultCode == .misuse && script?.message.contains("key= is empty") == true, "\(String(describing: script))")
        #expect(!FileManager.default.fileExists(atPath: target))
        // A sound computed key attaches an encrypted file.
        try main.exec(sql: "ATTACH 'file:\(target)?k' || 'ey=other-key' AS good")
        try main.exec(sql: "CREATE TABLE good.t (v)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(15) != Data("SQLite format 3".utf8))
    }

    @Test func aKeyBoundAsABlobIsNotTraced() throws {
        let directory = try TemporaryDirectory()
        let db = try SQLContext(path: directory.path("main.db"), configuration: .plus)
        defer { try? db.close() }
        try db.key("main-key")
        let log = ExecutedSQL(db)
        let uri = "file:\(directory.path("other.db"))?key=BlobSecret"
        try db.exec(sql: "ATTACH ? AS b", parameters: [.blob(Data(uri.utf8))])
        try db.exec(sql: "ATTACH 'file:\(directory.path("third.db"))?' || 'key=PieceSecret' AS c")
        let traced = log.statements.joined(separator: "\n")
        let hex = Data("BlobSecret".utf8).map { String(format: "%02x", $0) }.joined()
        #expect(!traced.lowercased().contains(hex) && !traced.contains("PieceSecret"), "\(traced)")
        #expect(traced.contains("ATTACH ? AS b") && traced.contains("ATTACH '<redacted>' || '<redacted>' AS c"), "\(traced)")
    }

    @Test func aFIFOAttachedByAnyStatementIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        let path = directory.path("main.db")
        try SQLContext(path: path).exec(sql: "CREATE TABLE t (v)")
        let db = try SQLContext(path: path, flags: [.readOnly])
        defer { try? db.close() }
        let started = Date()
        for (sql, parameters) in [("ATTACH ? AS f", [SQLValue.text(fifo)]), ("ATTACH 'file:' || ? AS g", [.text(fifo)])] {
            let error = #expect(throws: SQLError.self, "\(sql)") { try db.exec(sql: sql, parameters: parameters) }
            #expect(error?.resultCode == .cantOpen && error?.message.contains("FIFO") == true, "\(sql): \(String(describing: error))")
        }
        #expect(Date().timeIntervalSince(started) < 1)
    }
}
