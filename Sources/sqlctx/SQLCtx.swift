import ArgumentParser

/// The `sqlctx` command-line tool: a tour of PortableSQL, and everyday database chores.
@main
struct SQLCtx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlctx",
        abstract: "Work with SQLite and SQLCipher databases through PortableSQL.",
        subcommands: [DemoCommand.self]
    )
}
