/// The `dlopen` flags that differ between C libraries.
package enum LibraryLoading {
    /// `RTLD_DEEPBIND` (the library's own symbols before the process's) where the C library has
    /// it: glibc only.
    package static var deepBind: Int32? {
        #if canImport(Glibc)
        RTLD_DEEPBIND
        #else
        nil
        #endif
    }
}
