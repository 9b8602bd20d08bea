internal import PortableSQLSystem

/// A subscription to committed changes, from `SQLContext.observeChanges(in:_:)` or
/// `SQLContextPool.observeChanges(in:_:)`: notifications go on until `cancel()` is called or
/// this object is freed. Keep it for as long as you want them.
public final class SQLObservation: Sendable {
    let observer: ChangeObserver

    init(_ observer: ChangeObserver) {
        self.observer = observer
    }

    deinit {
        observer.cancel()
    }

    /// Stops the notifications; from any thread. Cancelling twice does nothing.
    public func cancel() {
        observer.cancel()
    }

    /// Whether `cancel()` was called, or the connection observed was closed.
    public var isCancelled: Bool {
        observer.isCancelled
    }
}

/// One observer registered with a connection's `ChangeTracker`.
///
/// Its closures run only on the thread that uses the connection; only the cancelled flag, an
/// atomic, is touched from other threads.
final class ChangeObserver: @unchecked Sendable {
    let region: SQLObservedRegion
    /// Called on the connection's thread after each commit that touches the region, with the
    /// part touched. It is never called after `cancel()` returns on that thread; from other
    /// threads, at most once more.
    let changed: (SQLObservedRegion) -> Void
    /// Called once when the observation ends because the connection closed.
    let ended: () -> Void
    private let cancelled = AtomicWord()

    init(region: SQLObservedRegion, changed: @escaping (SQLObservedRegion) -> Void, ended: @escaping () -> Void = {}) {
        self.region = region
        self.changed = changed
        self.ended = ended
    }

    func cancel() {
        cancelled.store(1)
    }

    var isCancelled: Bool {
        cancelled.load() != 0
    }

    /// Marks the observer cancelled and reports the end, when the connection closes.
    func end() {
        guard cancelled.exchange(expected: 0, desired: 1) else { return }
        ended()
    }
}
