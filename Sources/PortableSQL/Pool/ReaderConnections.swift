import Foundation

/// The reader connections of a `SQLContextPool`: opened on demand up to a maximum, lent to one
/// caller at a time, handed to waiters in the order they asked, and closed when the pool closes.
final class ReaderConnections: @unchecked Sendable {
    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var idle: [PooledConnection] = []
    private var waiters: [(Result<PooledConnection, any Error>) -> Void] = []
    private var openCount = 0
    private var isClosing = false
    private let maximumCount: Int
    private let open: () throws -> SQLContext

    /// At most `maximumCount` connections, each made by `open` when first needed.
    init(maximumCount: Int, open: @escaping () throws -> SQLContext) {
        self.maximumCount = maximumCount
        self.open = open
    }

    /// A connection to use and give back with `release(_:)`, when one is idle or may be opened;
    /// `nil` when all are lent out.
    ///
    /// - Throws: `closedError` once the pool is closing; the open error of a new connection.
    func tryAcquire(closedError: @autoclosure () -> SQLError) throws -> PooledConnection? {
        condition.lock()
        if isClosing {
            condition.unlock()
            throw closedError()
        }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        guard openCount < maximumCount else {
            condition.unlock()
            return nil
        }
        openCount += 1
        condition.unlock()
        do {
            return PooledConnection(try open(), reopen: open)
        } catch {
            condition.lock()
            openCount -= 1
            condition.broadcast()
            condition.unlock()
            throw error
        }
    }

    /// Calls `deliver` with a connection to use and give back with `release(_:)`: at once when
    /// one is idle or may be opened, else when one is given back, after the callers that waited
    /// longer. Once the pool is closing, new callers get `closedError`; callers already waiting
    /// are still served.
    func acquire(closedError: @autoclosure () -> SQLError, _ deliver: @escaping (Result<PooledConnection, any Error>) -> Void) {
        while true {
            do {
                if let connection = try tryAcquire(closedError: closedError()) {
                    deliver(.success(connection))
                    return
                }
            } catch {
                deliver(.failure(error))
                return
            }
            condition.lock()
            // Things may have changed since `tryAcquire` looked: a connection came back, or one
            // failed to open and left room for another.
            if isClosing || !idle.isEmpty || openCount < maximumCount {
                condition.unlock()
                continue
            }
            waiters.append(deliver)
            condition.unlock()
            return
        }
    }

    /// Gives back a connection: to the longest-waiting caller, or to the idle list, or (when the
    /// pool is closing) to be closed.
    func release(_ connection: PooledConnection) {
        condition.lock()
        if !waiters.isEmpty {
            let waiter = waiters.removeFirst()
            condition.unlock()
            waiter(.success(connection))
            return
        }
        if isClosing {
            openCount -= 1
            condition.broadcast()
            condition.unlock()
            connection.context.closeConnection()
            return
        }
        idle.append(connection)
        condition.unlock()
    }

    /// Refuses new callers, waits until every connection lent out (and every waiter served) is
    /// back, and closes them all.
    func close() {
        condition.lock()
        isClosing = true
        let idleNow = idle
        idle = []
        openCount -= idleNow.count
        while openCount > 0 || !waiters.isEmpty {
            condition.wait()
        }
        condition.unlock()
        for connection in idleNow { connection.context.closeConnection() }
    }
}
