import Foundation
import PortableSQL

/// What libdqlite calls, on a thread of its own, to open a Raft connection to the peer at
/// `address`: it returns 0 and a connected, blocking socket in `descriptor`, or non-zero when the
/// peer cannot be reached. libdqlite then writes its protocol header and a CONNECT request on
/// the socket itself, and owns it from then on.
typealias DqliteConnectFunction = @convention(c) (_ argument: UnsafeMutableRawPointer?, _ address: UnsafePointer<CChar>?, _ descriptor: UnsafeMutablePointer<Int32>?) -> Int32

/// libdqlite's node functions, loaded with `dlopen` on first use: only a process that runs a
/// node needs the library (Debian's `libdqlite0`); a client never loads it.
struct DqliteLibrary: @unchecked Sendable {
    // Function pointers are immutable values: sharing them between threads is safe.
    let create: @convention(c) (UInt64, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let setBindAddress: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let setConnectFunction: @convention(c) (OpaquePointer?, DqliteConnectFunction?, UnsafeMutableRawPointer?) -> Int32
    let setNetworkLatency: @convention(c) (OpaquePointer?, UInt32) -> Int32
    let start: @convention(c) (OpaquePointer?) -> Int32
    let stop: @convention(c) (OpaquePointer?) -> Int32
    let errmsg: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    /// The library's file name, found on the loader's path.
    static let fileName = "libdqlite.so.0"

    private static let loaded: Result<DqliteLibrary, SQLError> = Result { try DqliteLibrary(file: fileName) }.mapError {
        $0 as? SQLError ?? SQLError(code: .cantOpen, message: "\($0)")
    }

    /// The library, loaded once per process.
    ///
    /// - Throws: `SQLError` (`SQLITE_CANTOPEN`) when libdqlite cannot be loaded.
    static func shared() throws -> DqliteLibrary {
        try loaded.get()
    }

    private init(file: String) throws {
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
            throw SQLError(code: .cantOpen, message: "cannot load \(file) (install Debian's libdqlite0): \(reason)")
        }
        func function<Function>(_ symbol: String) throws -> Function {
            guard let address = dlsym(handle, symbol) else {
                throw SQLError(code: .cantOpen, message: "\(file) has no \(symbol)")
            }
            return unsafeBitCast(address, to: Function.self)
        }
        create = try function("dqlite_node_create")
        destroy = try function("dqlite_node_destroy")
        setBindAddress = try function("dqlite_node_set_bind_address")
        setConnectFunction = try function("dqlite_node_set_connect_func")
        setNetworkLatency = try function("dqlite_node_set_network_latency_ms")
        start = try function("dqlite_node_start")
        stop = try function("dqlite_node_stop")
        errmsg = try function("dqlite_node_errmsg")
    }
}
