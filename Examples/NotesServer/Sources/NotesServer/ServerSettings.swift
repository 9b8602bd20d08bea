import Logging

/// What the server is told on its command line or in its environment; an argument wins over
/// the environment, which wins over the default.
///
/// - `--port N` / `NOTES_PORT` (default 8080; 0 takes any free port, and the server logs the one
///   it got: "listening on 127.0.0.1:PORT")
/// - `--database PATH` / `NOTES_DATABASE` (default `notes.sqlite`, created when missing)
/// - `--log-level LEVEL` / `NOTES_LOG_LEVEL` (default `info`; `debug` logs every statement)
/// - `--slow-ms N` / `NOTES_SLOW_MS` (default 100: statements that run that long are logged as
///   slow, at `warning`)
///
/// The server always binds 127.0.0.1.
struct ServerSettings {
    var port: Int
    var databasePath: String
    var logLevel: Logger.Level
    var slowStatementThreshold: Duration

    /// Reads the settings from `arguments` (without the program's name) and `environment`.
    ///
    /// - Throws: `SettingsError` for an unknown option, an option without a value, or a value
    ///   that does not read.
    init(arguments: [String], environment: [String: String]) throws {
        var values = [
            "port": environment["NOTES_PORT"], "database": environment["NOTES_DATABASE"],
            "log-level": environment["NOTES_LOG_LEVEL"], "slow-ms": environment["NOTES_SLOW_MS"],
        ]
        var rest = arguments[...]
        while let option = rest.popFirst() {
            let name = String(option.drop { $0 == "-" })
            guard option.hasPrefix("--"), values.keys.contains(name) else { throw SettingsError("unknown option \(option)") }
            guard let value = rest.popFirst() else { throw SettingsError("\(option) needs a value") }
            values[name] = value
        }
        guard let port = Int(values["port"].flatMap { $0 } ?? "8080"), (0...65535).contains(port) else {
            throw SettingsError("the port is not a number from 0 to 65535")
        }
        guard let level = Logger.Level(rawValue: values["log-level"].flatMap { $0 } ?? "info") else {
            throw SettingsError("the log level is none of trace, debug, info, notice, warning, error, critical")
        }
        guard let slow = Int(values["slow-ms"].flatMap { $0 } ?? "100"), slow >= 0 else {
            throw SettingsError("the slow statement threshold is not a number of milliseconds")
        }
        self.port = port
        self.databasePath = values["database"].flatMap { $0 } ?? "notes.sqlite"
        self.logLevel = level
        self.slowStatementThreshold = .milliseconds(slow)
    }
}

/// Why the settings do not read.
struct SettingsError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
