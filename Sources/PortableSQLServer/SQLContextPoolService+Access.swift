#if Server
import PortableSQL

extension SQLContextPoolService {
    /// The pool's `read(_:)`: runs `block` on a reader connection, in a snapshot of the
    /// database. Returns what `block` returns.
    ///
    /// - Throws: what the pool's `read(_:)` throws (`CancellationError` for a cancelled task,
    ///   `SQLError` otherwise, what `block` throws); a `SQLError` is logged first.
    public func read<T: Sendable>(_ block: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        do {
            return try await pool.read(block)
        } catch {
            logging.log(error)
            throw error
        }
    }

    /// The pool's `write(_:)`: runs `block` on the writer connection, in an IMMEDIATE
    /// transaction that commits when it returns. Returns what `block` returns.
    ///
    /// - Throws: what the pool's `write(_:)` throws (the write is rolled back); a `SQLError` is
    ///   logged first.
    public func write<T: Sendable>(_ block: @escaping @Sendable (SQLContext) throws -> T) async throws -> T {
        do {
            return try await pool.write(block)
        } catch {
            logging.log(error)
            throw error
        }
    }
}
#endif
