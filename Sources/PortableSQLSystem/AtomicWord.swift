internal import CAtomicWord

/// One word that threads read and write without a lock: a flag, a counter, or the address of
/// an object kept alive elsewhere. Reads acquire and writes release, so what a thread wrote
/// before a store is seen by a thread that loads the stored value.
///
/// Synchronization's `Atomic` needs newer systems than the package declares; this type has
/// the same few operations over C11 atomics (see `CAtomicWord`).
package struct AtomicWord: ~Copyable, @unchecked Sendable {
    // The word has a fixed address, which only the C11 atomic functions touch.
    private let word: UnsafeMutablePointer<UInt>

    /// A word holding `value`.
    package init(_ value: UInt = 0) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit {
        word.deallocate()
    }

    /// The word's value.
    @inline(__always)
    package func load() -> UInt {
        portablesql_word_load(word)
    }

    /// Sets the word to `value`.
    @inline(__always)
    package func store(_ value: UInt) {
        portablesql_word_store(word, value)
    }

    /// Sets the word to `desired` if it holds `expected`; whether it did.
    @inline(__always)
    package func exchange(expected: UInt, desired: UInt) -> Bool {
        portablesql_word_exchange(word, expected, desired)
    }

    /// Adds one to the word (wrapping past the largest value) and returns the new value.
    @inline(__always)
    package func increment() -> UInt {
        portablesql_word_increment(word)
    }
}
