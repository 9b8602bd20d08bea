#if Tool
import CInterruptSignal
import Dispatch
import Foundation
import PortableSQL

internal import PortableSQLSystem

/// Ctrl-C in the shell, taken as sqlite3 takes it: SIGINT stops the running statement
/// (`SQLITE_INTERRUPT`) instead of ending the tool.
///
/// The SIGINT handler is C (`CInterruptSignal`) and does only async-signal-safe work: it sets a
/// flag and writes a byte to a pipe. A dispatch source reads that pipe on a queue, outside signal
/// context, and calls the interrupt handle of the database open now. The handler is installed
/// without SA_RESTART, so a Ctrl-C at the prompt makes libedit's `readline` return (see
/// `TerminalInput`), and `take()` tells that return from the end of the input. A
/// `DispatchSource` for the signal itself would not do: it needs SIGINT ignored, and an ignored
/// signal never stops libedit's read.
final class ShellInterrupts: @unchecked Sendable {
    /// Reads the pipe the handler writes to.
    private let source: DispatchSourceRead
    /// Guards `handle`, which the shell changes as `.open` replaces the database.
    private let lock = NSLock()
    /// The open database's interrupt handle; `nil` while none is open.
    private var handle: (@Sendable () -> Void)?

    /// Catches SIGINT from now on, each one interrupting the statement running on the database
    /// that `stop(_:)` names; `nil` when the handler cannot be installed (SIGINT then keeps its default).
    init?() {
        let descriptor = sqlctx_catch_interrupts()
        guard descriptor >= 0 else { return nil }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        source.setEventHandler { [weak self] in
            var bytes = [UInt8](repeating: 0, count: 64)
            while bytes.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            guard let self else { return }
            lock.withLock { handle }?()
        }
        source.resume()
    }

    /// Makes Ctrl-C interrupt the statements of the context that `handle` belongs to (`nil`: none).
    func stop(_ handle: (@Sendable () -> Void)?) {
        lock.withLock { self.handle = handle }
    }

    /// Whether Ctrl-C was pressed since the last call; clears it.
    func take() -> Bool {
        sqlctx_take_interrupt() != 0
    }
}
#endif
