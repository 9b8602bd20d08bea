import Foundation

/// The Swift objects behind the cluster engine's C handles.
enum ClusterHandles {
    static func connection(_ handle: OpaquePointer?) -> ClusterConnection? {
        handle.map { Unmanaged<ClusterConnection>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    static func statement(_ handle: OpaquePointer?) -> ClusterStatement? {
        handle.map { Unmanaged<ClusterStatement>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    static func cell(_ handle: OpaquePointer?) -> ValueCell? {
        handle.map { UnsafeRawPointer($0).load(as: ValueCell.self) }
    }

    /// A retained handle to `object`, released by `release`.
    static func retain<Object: AnyObject>(_ object: Object) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    static func release<Object: AnyObject>(_ handle: OpaquePointer, as type: Object.Type) {
        Unmanaged<Object>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
