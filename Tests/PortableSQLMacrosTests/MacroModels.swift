import Foundation
import PortableSQLMacros

/// A genre, stored as its raw text.
enum Genre: String, Equatable {
    case fiction, poetry, essay
}

/// A rank, stored as its raw integer.
enum Rank: Int, Equatable {
    case bronze = 1, silver, gold
}

/// A writer: every stored type @SQLRecord knows, a unique column, a transient cache.
@SQLRecord(table: "writer")
struct Artist: Equatable {
    @Column(primaryKey: true, autoincrement: true) var id: Int64 = 0
    @Column(unique: true) var name: String
    var born: Int?
    var code: UUID
    var homepage: URL?
    var joined: Date
    var rating: Double?
    var active: Bool
    var portrait: Data?
    var genre: Genre
    var rank: Rank?
    var shelf: Int32
    @Transient var cache: [String] = []

    init(name: String, born: Int? = nil, code: UUID = UUID(), homepage: URL? = nil, joined: Date = Date(timeIntervalSince1970: 1_700_000_000.25),
         rating: Double? = nil, active: Bool = true, portrait: Data? = nil, genre: Genre = .fiction, rank: Rank? = nil, shelf: Int32 = 0) {
        (self.name, self.born, self.code, self.homepage, self.joined) = (name, born, code, homepage, joined)
        (self.rating, self.active, self.portrait, self.genre, self.rank, self.shelf) = (rating, active, portrait, genre, rank, shelf)
    }
}

/// A work of a writer: a database-assigned key, a renamed indexed foreign key, a default.
@SQLRecord(table: "work")
struct Artwork: Equatable {
    @Column(primaryKey: true) var id: Int64?
    @Column("writer_id", index: SQLIndex(name: "work_writer"), references: \Artist.id, onDelete: .cascade) var writerID: Int64
    var title: String
    @Column(default: 1) var edition: Int64?
}
