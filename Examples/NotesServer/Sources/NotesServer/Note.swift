import Foundation
import Hummingbird
import PortableSQL

/// A note as the API shows it.
struct Note: ResponseEncodable, Decodable, Equatable, Sendable {
    var id: Int64
    var title: String
    var body: String
    /// When it was made, in seconds since 1970.
    var created: Double

    /// The columns `init(row:)` reads, in its order.
    static let columns = "note.id, note.title, note.body, note.created"

    /// The note in a row of `columns`.
    init(row: [SQLValue]) {
        id = row[0].longValue ?? 0
        title = row[1].textValue ?? ""
        body = row[2].textValue ?? ""
        created = row[3].realValue ?? 0
    }
}

/// What a client sends to make a note.
struct NewNote: Decodable, Sendable {
    var title: String
    var body: String
}
