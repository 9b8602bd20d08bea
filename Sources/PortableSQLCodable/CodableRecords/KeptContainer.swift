/// The keyed container a coder handed out last, kept in memory of its own for the next record,
/// which asks for one with the same coding keys: handing it out again allocates nothing and
/// looks up no generic type but the container's own.
struct KeptContainer: ~Copyable {
    private var keyType: ObjectIdentifier?
    private var memory: UnsafeMutableRawPointer?
    private var release: ((UnsafeMutableRawPointer) -> Void)?

    init() {}

    deinit {
        if let memory { release?(memory) }
    }

    /// The container kept for the coding keys `Key`, or a new one from `make`, kept from now on.
    @inline(__always)
    mutating func container<Key: CodingKey, Container>(keyedBy key: Key.Type, orMake make: () -> Container) -> Container {
        if keyType == ObjectIdentifier(Key.self), let memory {
            return memory.assumingMemoryBound(to: Container.self).pointee
        }
        let container = make()
        keep(container, keyedBy: ObjectIdentifier(Key.self))
        return container
    }

    /// Keeps `container`, made for the coding keys `key`, in place of the one kept before.
    private mutating func keep<Container>(_ container: Container, keyedBy key: ObjectIdentifier) {
        if let memory { release?(memory) }
        let typed = UnsafeMutablePointer<Container>.allocate(capacity: 1)
        typed.initialize(to: container)
        memory = UnsafeMutableRawPointer(typed)
        keyType = key
        release = { raw in
            let typed = raw.assumingMemoryBound(to: Container.self)
            typed.deinitialize(count: 1)
            typed.deallocate()
        }
    }
}
