/// The keyed container a coder handed out last, kept for the next record, which asks for one
/// with the same coding keys: handing it out again allocates nothing and looks up no generic
/// type.
///
/// A keyed container's type (`KeyedDecodingContainer<Key>`) is the standard library's, whose
/// layout is known only from its metadata, and the coder's `container(keyedBy:)` is generic
/// over `Key`: copying the container there would look that metadata up, by `Key`, for each
/// record. So the container is held by an object whose own type names the container's, which
/// copies it out with the metadata the object already points to.
struct KeptContainer: ~Copyable {
    private var keyType: ObjectIdentifier?
    /// A `HeldContainer` of the container type made for `keyType`.
    private var held: AnyObject?

    init() {}

    /// The container kept for the coding keys `Key`, or a new one from `make`, kept from now on.
    /// Each coder asks for one `Container` type per `Key` (`KeyedDecodingContainer<Key>` or
    /// `KeyedEncodingContainer<Key>`), which is what makes the kept one's type known.
    @inline(__always)
    mutating func container<Key: CodingKey, Container>(keyedBy key: Key.Type, orMake make: () -> Container) -> Container {
        if keyType == ObjectIdentifier(Key.self), let held {
            return unsafeDowncast(held, to: HeldContainer<Container>.self).copy()
        }
        return keep(make(), keyedBy: ObjectIdentifier(Key.self))
    }

    /// Keeps `container`, made for the coding keys `key`, in place of the one kept before, and
    /// returns it. Not inlined: the container's type is looked up here, only when one is made.
    @inline(never)
    private mutating func keep<Container>(_ container: @autoclosure () -> Container, keyedBy key: ObjectIdentifier) -> Container {
        let made = HeldContainer(container())
        held = made
        keyType = key
        return made.copy()
    }
}

/// A container that `KeptContainer` keeps.
private final class HeldContainer<Container> {
    private let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// A copy of the container. Called, not inlined, so that it finds the container's type
    /// through the object's own type rather than by looking it up.
    @inline(never)
    func copy() -> Container {
        container
    }
}
