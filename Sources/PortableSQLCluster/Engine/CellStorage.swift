import Foundation
import PortableSQL

/// The C memory of one statement's current row: the bytes of the texts and blobs read, valid
/// (as SQLite promises) until the next step, reset or finalize.
final class CellStorage {
    private var buffers: [Int: (pointer: UnsafeMutableRawPointer, count: Int)] = [:]

    deinit {
        clear()
    }

    /// Frees every buffer.
    func clear() {
        for buffer in buffers.values { buffer.pointer.deallocate() }
        buffers = [:]
    }

    /// The bytes of `value` in `column` as text or blob, NUL-terminated; `nil` for NULL.
    func bytes(of value: SQLValue, column: Int) -> (pointer: UnsafeMutableRawPointer, count: Int)? {
        if let known = buffers[column] { return known }
        guard let content = CellConversion.bytes(value) else { return nil }
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: content.count + 1, alignment: 8)
        content.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(pointer), byteCount: content.count) }
        pointer.storeBytes(of: 0, toByteOffset: content.count, as: UInt8.self)
        buffers[column] = (pointer, content.count)
        return (pointer, content.count)
    }
}
