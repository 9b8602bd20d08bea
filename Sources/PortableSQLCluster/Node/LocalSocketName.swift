import Foundation

internal import PortableSQLSystem

/// The Unix socket that libdqlite listens on behind the node's proxy, named at random so that
/// several nodes in one process never share one. On Linux it is an abstract socket (no file;
/// libdqlite accepts its connections only from its own process); elsewhere libdqlite takes the
/// name after "@" as a file path, in the temporary folder.
struct LocalSocketName {
    /// The name as `dqlite_node_set_bind_address` takes it: "@" and the socket's name.
    let bindAddress: String

    init() {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        #if os(Linux)
        bindAddress = "@portablesql-node-\(random)"
        #else
        bindAddress = "@" + FileManager.default.temporaryDirectory.appendingPathComponent("portablesql-node-\(random).sock").path
        #endif
    }

    /// A non-blocking socket connected to libdqlite, or `nil` when it does not accept (stopped,
    /// or its queue of connections is full).
    func connect() -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        #if os(Linux)
        // An abstract name: a NUL byte, then the name, whose length the address's length gives.
        let path = [0] + Array(bindAddress.utf8.dropFirst())
        #else
        let path = Array(bindAddress.utf8.dropFirst()) + [0]
        #endif
        guard path.count <= MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.count)
        let descriptor = StreamSocket.open(family: AF_UNIX)
        guard descriptor >= 0 else { return nil }
        StreamSocket.setBlocking(descriptor, false)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connectDescriptor(descriptor, $0, length) }
        }
        guard status == 0 else {
            _ = close(descriptor)
            return nil
        }
        return descriptor
    }
}

/// Connects a file descriptor (outside the type, where `connect` names the method).
private func connectDescriptor(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
