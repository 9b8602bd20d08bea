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
        let content: [UInt8]
        switch value {
        case .null: return nil
        case .text(let text): content = Array(text.utf8)
        case .blob(let data): content = Array(data)
        case .long(let number): content = Array(String(number).utf8)
        case .real(let number): content = Array(Self.text(of: number).utf8)
        }
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: content.count + 1, alignment: 8)
        content.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(pointer), byteCount: content.count) }
        pointer.storeBytes(of: 0, toByteOffset: content.count, as: UInt8.self)
        buffers[column] = (pointer, content.count)
        return (pointer, content.count)
    }

    /// A real as SQLite writes it as text: 15 significant digits, with ".0" on whole numbers.
    private static func text(of number: Double) -> String {
        var text = String(format: "%.15g", number)
        if number.isFinite, !text.contains("."), !text.contains("e") { text += ".0" }
        return text
    }
}

/// A column's value converted as SQLite's `column_int64` and `column_double` do.
enum CellConversion {
    static func integer(_ value: SQLValue) -> Int64 {
        switch value {
        case .null: return 0
        case .long(let number): return number
        case .real(let number): return number.isNaN ? 0 : Int64(max(min(number, 9.2e18), -9.2e18))
        case .text(let text): return Int64(text.trimmingCharacters(in: .whitespaces)) ?? Double(text.trimmingCharacters(in: .whitespaces)).map { integer(.real($0)) } ?? 0
        case .blob(let data): return integer(.text(String(decoding: data, as: UTF8.self)))
        }
    }

    static func real(_ value: SQLValue) -> Double {
        switch value {
        case .null: return 0
        case .long(let number): return Double(number)
        case .real(let number): return number
        case .text(let text): return Double(text.trimmingCharacters(in: .whitespaces)) ?? 0
        case .blob(let data): return real(.text(String(decoding: data, as: UTF8.self)))
        }
    }

    /// SQLite's type code: 1 integer, 2 float, 3 text, 4 blob, 5 NULL.
    static func typeCode(_ value: SQLValue) -> Int32 {
        switch value {
        case .long: return 1
        case .real: return 2
        case .text: return 3
        case .blob: return 4
        case .null: return 5
        }
    }
}
