import Foundation
import PortableSQLTestSupport

/// Runs the built `sqlctx` with `arguments`, `input` as its standard input (a file, not a
/// terminal), and `environment` added to the test's. Stops it after `timeout` seconds, which
/// the result then says.
func runSQLCtx(_ arguments: [String], input: String = "", environment: [String: String] = [:], directory: String? = nil, timeout: TimeInterval = 60) throws -> ShellRun {
    try runProgram(try builtProduct("sqlctx"), arguments, input: input, environment: environment, directory: directory, timeout: timeout)
}

/// Runs the system's `sqlite3` program as `runSQLCtx` runs `sqlctx`.
func runSQLite3(_ arguments: [String], input: String = "", directory: String? = nil, timeout: TimeInterval = 60) throws -> ShellRun {
    try runProgram("/usr/bin/sqlite3", arguments, input: input, environment: [:], directory: directory, timeout: timeout)
}
