// The URIs FuzzURIKeys tries: `file:` URIs built from pieces that matter to SQLite's parsing
// and to SQLCipher's keys, each input byte choosing a piece.
import Foundation

/// The pieces of a URI after its fixed start. None spells `/` (nor does `%2F`, which inputs
/// cannot make: see `URIGrammar.uri`), so every file SQLite opens is in the fuzzer's folder.
let pieces = [
    "?", "&", "#", "=", "key", "KEY", "Key", "hexkey", "HEXKEY", "hexKey", "textkey", "TextKey", "%6b", "%6B", "%4b", "%65", "%79",
    "%00", "%", "%2", "%3D", "%3d", "%26", "%23", "%3F", "%20", "mode=memory", "mode=rwc", "mode=ro", "vfs=unix", "vfs=nope",
    "cache=shared", "psow=0", "SECRET", "SECRET9", "%53ECRET", "a", "b", "0f", "A0", "zz", ".", "-", "_", " ", "'", "\"", "+", "db",
    "file:",
]

enum URIGrammar {
    /// The URI `bytes` spell, of a file in `folder` (an absolute path); `nil` for one whose path
    /// could leave the folder (a `%2F` made of pieces).
    static func uri(_ bytes: [UInt8], folder: String) -> String? {
        guard let first = bytes.first else { return nil }
        let start: String
        switch first % 3 {
        case 0: start = "file:" + folder + "/"
        case 1: start = "file://" + folder + "/"
        default: start = "file://localhost" + folder + "/"
        }
        let rest = bytes.dropFirst().map { pieces[Int($0) % pieces.count] }.joined()
        guard !rest.lowercased().contains("%2f") else { return nil }
        return start + rest
    }
}
