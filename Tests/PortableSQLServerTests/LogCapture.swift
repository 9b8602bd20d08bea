import Logging
internal import PortableSQLSystem

/// Keeps every line logged through its `logger`, from any thread.
final class LogCapture: Sendable {
    /// One logged line: its level, message and metadata (the handler's and the call's).
    struct Line: Sendable, CustomStringConvertible {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]

        /// The level, the message and every metadata key and value: all the text the line carries.
        var description: String {
            "\(level) \(message) " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    private let storage = Locked<[Line]>([])

    /// The lines logged so far, in order.
    var lines: [Line] { storage.withLock { $0 } }

    /// Everything logged so far as one text, to search for what must never be logged.
    var allText: String { lines.map(\.description).joined(separator: "\n") }

    /// A logger whose lines land here, at `level` and above.
    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "PortableSQLServerTests") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: Line) {
        storage.withLock { $0.append(line) }
    }

    /// The handler behind `logger(level:)`.
    private struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append(Line(level: event.level, message: event.message.description, metadata: merged.mapValues { "\($0)" }))
        }
    }
}
