// One machine word that threads read and write atomically, through C11's <stdatomic.h>, which
// every C compiler the package meets has (clang on Darwin, Windows and Android, gcc or clang on
// Linux). Swift's own `Atomic` (the Synchronization module) needs macOS 15, iOS 18 and their
// kin; PortableSQLSystem's `AtomicWord` wraps these functions instead.
#ifndef PORTABLESQL_ATOMIC_WORD_H
#define PORTABLESQL_ATOMIC_WORD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// Reads the word, with acquire ordering.
static inline uintptr_t portablesql_word_load(uintptr_t *word) {
    return atomic_load_explicit((_Atomic(uintptr_t) *)word, memory_order_acquire);
}

/// Writes the word, with release ordering.
static inline void portablesql_word_store(uintptr_t *word, uintptr_t value) {
    atomic_store_explicit((_Atomic(uintptr_t) *)word, value, memory_order_release);
}

/// Writes `desired` when the word is `expected`, with acquire ordering; whether it did.
static inline bool portablesql_word_exchange(uintptr_t *word, uintptr_t expected, uintptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        (_Atomic(uintptr_t) *)word, &expected, desired, memory_order_acquire, memory_order_relaxed);
}

/// Adds one to the word, wrapping, and returns the new value; relaxed ordering.
static inline uintptr_t portablesql_word_increment(uintptr_t *word) {
    return atomic_fetch_add_explicit((_Atomic(uintptr_t) *)word, 1, memory_order_relaxed) + 1;
}

#endif
