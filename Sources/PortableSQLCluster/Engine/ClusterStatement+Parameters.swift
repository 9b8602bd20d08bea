import Foundation
import PortableSQL

/// The bound values and the parameter names of a statement.
extension ClusterStatement {
    /// Binds `value` to parameter `index` (from 1), as the `sqlite3_bind_*` functions.
    func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        guard state != .rows else {
            return connection.fail(ClusterResultCodes.misuse, "bad parameter or other API misuse: a statement's parameters are bound after a reset, not while its rows are read")
        }
        guard index >= 1, Int(index) <= parameterCount else {
            return connection.fail(ClusterResultCodes.range, "column index out of range")
        }
        if case .text(let text) = value, text.utf8.contains(0) {
            return connection.fail(ClusterResultCodes.misuse, "dqlite cluster: a text parameter cannot contain a NUL character (dqlite's protocol ends texts at NUL); bind it as a blob")
        }
        bindings[Int(index) - 1] = value
        return ClusterResultCodes.ok
    }

    /// The name of parameter `index`, as C text kept until the statement is freed.
    func parameterNamePointer(_ index: Int) -> UnsafePointer<CChar>? {
        guard let name = parameterName(index) else { return nil }
        if let known = namePointers[index] { return UnsafePointer(known) }
        let pointer = strdup(name)
        namePointers[index] = pointer
        return UnsafePointer(pointer)
    }

    /// The name of parameter `index` (from 1), as written.
    func parameterName(_ index: Int) -> String? {
        index >= 1 && index <= shape.parameterNames.count ? shape.parameterNames[index - 1] : nil
    }
}
