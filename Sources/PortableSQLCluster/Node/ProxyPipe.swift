import Foundation

internal import PortableSQLSystem

/// One direction of a proxied connection: the bytes read from `source` that `destination` has
/// not taken yet. Both sockets are non-blocking; the proxy's `poll` says when to go on.
final class ProxyPipe {
    /// What a step of the pipe came to.
    enum State {
        /// Bytes may still flow.
        case open
        /// `source` ended and everything it sent was written; `destination`'s writing half was
        /// shut, so that its reader sees the end too.
        case finished
        /// A read or a write failed (the connection was reset): the connection is over.
        case failed
    }

    let source: Int32
    let destination: Int32
    private(set) var state = State.open
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var sourceEnded = false

    init(from source: Int32, to destination: Int32, capacity: Int = 64 << 10) {
        self.source = source
        self.destination = destination
        buffer = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// The `poll` events this pipe waits for on `source` (to read) and `destination` (to write).
    var sourceEvents: Int16 { state == .open && start == end && !sourceEnded ? Int16(POLLIN) : 0 }
    var destinationEvents: Int16 { state == .open && start < end ? Int16(POLLOUT) : 0 }

    /// Reads what `source` has when the buffer is empty, then writes what `destination` takes.
    /// `readable`/`writable` say which of the two `poll` reported ready (or ended).
    func pump(readable: Bool, writable: Bool) {
        guard state == .open else { return }
        if readable, start == end, !sourceEnded {
            let count = recv(source, buffer.baseAddress, buffer.count, 0)
            if count > 0 {
                (start, end) = (0, count)
            } else if count == 0 {
                sourceEnded = true
            } else if !Self.wouldWait(errno) {
                state = .failed
                return
            }
        }
        if start < end, readable || writable {
            let count = send(destination, buffer.baseAddress! + start, end - start, StreamSocket.sendFlags)
            if count > 0 {
                start += count
            } else if count < 0, !Self.wouldWait(errno) {
                state = .failed
                return
            }
        }
        if sourceEnded, start == end {
            _ = shutdown(destination, Int32(SHUT_WR))
            state = .finished
        }
    }

    private static func wouldWait(_ error: Int32) -> Bool {
        error == EAGAIN || error == EWOULDBLOCK || error == EINTR
    }
}
