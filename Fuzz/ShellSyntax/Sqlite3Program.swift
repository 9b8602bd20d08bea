// The system's sqlite3 program, the oracle of FuzzShellSyntax: a script on its standard input.
// Started with posix_spawn, its input and output in files: Foundation's `Process` takes some
// 50 ms a run here, posix_spawn 3 ms.
import Foundation

/// What sqlite3 printed for a script.
struct Sqlite3Output {
    let standardOutput: Data
    let standardError: String

    /// The files of this process's runs: the script, and what sqlite3 printed.
    private static let files = ["in", "out", "err"].map {
        FileManager.default.temporaryDirectory.appendingPathComponent("FuzzShellSyntax-\(getpid()).\($0)").path
    }

    /// Runs `/usr/bin/sqlite3 -batch :memory:` with `script` on its standard input.
    init(script: Data) {
        let (input, output, error) = (Self.files[0], Self.files[1], Self.files[2])
        guard FileManager.default.createFile(atPath: input, contents: script) else { fatalError("cannot write \(input)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let arguments: [UnsafeMutablePointer<CChar>?] = ["sqlite3", "-batch", ":memory:"].map { (word: String) in strdup(word) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, "/usr/bin/sqlite3", &actions, nil, arguments, environ)
        guard started == 0 else { fatalError("cannot run /usr/bin/sqlite3: \(String(cString: strerror(started)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        standardOutput = FileManager.default.contents(atPath: output) ?? Data()
        standardError = String(decoding: FileManager.default.contents(atPath: error) ?? Data(), as: UTF8.self)
    }
}
