internal import PortableSQLSystem

/// One object that one borrower at a time may have: a borrower that finds it lent out makes
/// do without it (and makes an object of its own).
struct Borrowable<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    private let object: Object
    private let isLent = AtomicWord()

    /// Makes `object` borrowable.
    init(_ object: Object) {
        self.object = object
    }

    /// The object, lent until `giveBack()`; `nil` when it is lent already.
    @inline(__always)
    func borrow() -> Object? {
        isLent.exchange(expected: 0, desired: 1) ? object : nil
    }

    /// Gives back the object that `borrow()` lent.
    @inline(__always)
    func giveBack() {
        isLent.store(0)
    }
}
