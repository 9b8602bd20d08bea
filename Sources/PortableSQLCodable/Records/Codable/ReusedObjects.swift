internal import PortableSQLSystem

/// Objects that are handed out, given back and handed out again, and never freed: an
/// unretained reference to one (which a coding container keeps, see `RecordRowCoding`) stays
/// valid for the life of the process. There are never more of them than were in use at once.
struct ReusedObjects<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    private let free = Locked<[Object]>([])

    /// An object given back earlier, or a new one from `make`.
    func take(orMake make: () -> Object) -> Object {
        free.withLock { $0.popLast() } ?? make()
    }

    /// Gives `object` back, to be handed out again.
    func giveBack(_ object: Object) {
        free.withLock { $0.append(object) }
    }
}

/// Unique tokens for the holders of reused objects: a container made for one holder compares
/// its token with its object's active one, so that it never acts for a later holder.
enum HolderTokens {
    private static let last = AtomicWord()

    /// A token no holder had before (never 0).
    static func next() -> UInt64 {
        UInt64(last.increment())
    }
}
