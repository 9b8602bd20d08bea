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

    /// Whether a container is kept for the coding keys `key`.
    @inline(__always)
    func isKept(keyedBy key: ObjectIdentifier) -> Bool {
        keyType == key && memory != nil
    }

    /// The kept container, which `isKept(keyedBy:)` said is a `Container`. (No optional is
    /// returned: in generic code, `Container?` is one more generic type to look up.)
    @inline(__always)
    func container<Container>(_ type: Container.Type) -> Container {
        memory.unsafelyUnwrapped.assumingMemoryBound(to: Container.self).pointee
    }

    /// Keeps `container`, made for the coding keys `key`, in place of the one kept before.
    mutating func keep<Container>(_ container: Container, keyedBy key: ObjectIdentifier) {
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
