import Foundation

internal import PortableSQLSystem

/// A shared library opened with `dlopen`, kept out of the process's global symbol namespace.
///
/// A SQLCipher library exports the same `sqlite3_*` names as the system SQLite that the program
/// links. Its own calls to those names must reach its own code, never the system library's. A
/// library linked with `-Bsymbolic` (as `Scripts/build-sqlcipher` links SQLCipher 4) binds them
/// to itself when it is built; any other one is opened with `RTLD_DEEPBIND` on Linux, which does
/// the same at load time but which sanitizer runtimes refuse.
///
/// Opening and closing SQLCipher libraries is serialized by `loaderLock`: a library that is being
/// inspected (`inspect`, not isolated) must be closed before anyone opens it for use.
struct SharedLibraryFile {
    /// Held around every use of `inspect` and `isolated`, and what is done between them.
    static let loaderLock = NSRecursiveLock()

    /// The `dlopen` handle.
    let handle: UnsafeMutableRawPointer
    /// The file the loader opened, with symbolic links resolved (for a bare name such as
    /// `libsqlcipher.so.0`, where it found it).
    let path: String

    /// Why a library could not be opened.
    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens `name` (a path, or a bare name the loader searches for) to look at it: lazily, and
    /// without isolating it, so nothing in it may be called but functions that return constants.
    ///
    /// - Throws: `LoadFailure` with the loader's message.
    static func inspect(_ name: String) throws -> SharedLibraryFile {
        guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { throw LoadFailure(description: loaderMessage()) }
        return SharedLibraryFile(handle: handle, path: resolvedPath(of: handle, fallback: name))
    }

    /// Opens the library at `path` for use: every symbol bound now, its own calls kept inside it.
    ///
    /// - Throws: `LoadFailure` with the loader's message, or when the library would need
    ///   `RTLD_DEEPBIND` in a process whose sanitizer runtime refuses it.
    static func isolated(_ path: String) throws -> SharedLibraryFile {
        var mode = RTLD_NOW | RTLD_LOCAL
        if let deepBind = LibraryLoading.deepBind, !bindsItsOwnSymbols(fileAt: path) {
            guard !sanitizerIsLoaded else {
                throw LoadFailure(description: "it is not linked with -Bsymbolic, so it needs RTLD_DEEPBIND, which this process's sanitizer runtime refuses; use a SQLCipher built by Scripts/build-sqlcipher")
            }
            mode |= deepBind
        }
        guard let handle = dlopen(path, mode) else { throw LoadFailure(description: loaderMessage()) }
        return SharedLibraryFile(handle: handle, path: resolvedPath(of: handle, fallback: path))
    }

    /// The address of `symbol` in this library.
    ///
    /// - Throws: `LoadFailure` when the library does not export it.
    func address(of symbol: String) throws -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, symbol) else { throw LoadFailure(description: "it has no \(symbol)") }
        return address
    }

    /// Lets go of the handle; the library is unloaded when nothing else holds it.
    func close() {
        dlclose(handle)
    }

    private static func loaderMessage() -> String {
        dlerror().map { String(cString: $0) } ?? "dlopen failed"
    }

    /// The file, symbolic links resolved, that defines the library's `sqlite3_libversion_number`.
    private static func resolvedPath(of handle: UnsafeMutableRawPointer, fallback: String) -> String {
        guard let symbol = dlsym(handle, "sqlite3_libversion_number") else { return fallback }
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(symbol, &info) != 0, let file = info.dli_fname else { return fallback }
        #else
        // glibc's dladdr needs _GNU_SOURCE, so Swift does not see it: it is looked up by name, and
        // its Dl_info (the file's name and base address, the symbol's name and address) mirrored.
        typealias AddressLookup = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        var info: (file: UnsafePointer<CChar>?, base: UnsafeRawPointer?, name: UnsafePointer<CChar>?, address: UnsafeRawPointer?)
        info = (nil, nil, nil, nil)
        guard let dladdr = dlsym(nil, "dladdr") else { return fallback }
        let found = withUnsafeMutableBytes(of: &info) { unsafeBitCast(dladdr, to: AddressLookup.self)(symbol, $0.baseAddress) }
        guard found != 0, let file = info.file else { return fallback }
        #endif
        return URL(fileURLWithPath: String(cString: file)).resolvingSymlinksInPath().path
    }

    /// Whether a sanitizer runtime (address, thread or memory) is part of this process.
    static var sanitizerIsLoaded: Bool {
        let processSymbols = dlopen(nil, RTLD_LAZY)
        defer { if let processSymbols { dlclose(processSymbols) } }
        let runtimeSymbols: [String] = ["__asan_init", "__tsan_init", "__msan_init"]
        return runtimeSymbols.contains { dlsym(processSymbols, $0) != nil }
    }

    /// Whether the ELF file at `path` was linked with `-Bsymbolic` (`DT_SYMBOLIC`, or
    /// `DF_SYMBOLIC` in `DT_FLAGS`). Reads 64-bit little-endian files; anything else is `false`.
    static func bindsItsOwnSymbols(fileAt path: String) -> Bool {
        guard let file = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped), file.count >= 64,
              file.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]) else { return false }
        func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> Int? {
            guard offset >= 0, offset <= file.count - MemoryLayout<T>.size else { return nil }
            var value: T = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: file[(file.startIndex + offset)...].prefix(MemoryLayout<T>.size)) }
            return Int(exactly: T(littleEndian: value))
        }
        // ELF constants: the PT_DYNAMIC program header, and the DT_SYMBOLIC, DT_FLAGS and DF_SYMBOLIC tags.
        let dynamicSegment = 2
        let (symbolicTag, flagsTag, symbolicFlag) = (16, 30, 2)
        guard let headerOffset = integer(UInt64.self, at: 0x20), let headerSize = integer(UInt16.self, at: 0x36),
              let headerCount = integer(UInt16.self, at: 0x38) else { return false }
        for index in 0..<headerCount {
            let (header, overflow) = headerOffset.addingReportingOverflow(index * headerSize)
            guard !overflow, integer(UInt32.self, at: header) == dynamicSegment,
                  let start = integer(UInt64.self, at: header + 0x08), let size = integer(UInt64.self, at: header + 0x20),
                  start <= file.count, size <= file.count else { continue }
            for entry in stride(from: start, to: start + size, by: 16) {
                guard let tag = integer(UInt64.self, at: entry), tag != 0, let value = integer(UInt64.self, at: entry + 8) else { break }
                if tag == symbolicTag || (tag == flagsTag && value & symbolicFlag != 0) { return true }
            }
        }
        return false
    }
}
