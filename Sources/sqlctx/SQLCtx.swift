import ArgumentParser

/// The `sqlctx` command-line tool: a tour of PortableSQL, and everyday database chores.
@main
struct SQLCtx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlctx",
        abstract: "Work with SQLite and SQLCipher databases through PortableSQL.",
        discussion: """
            Keys for encrypted databases come from --key-file PATH, the SQLCTX_KEY environment \
            variable, or a prompt on the terminal (--ask-key); never from the command line itself.

            Example: sqlctx demo
            """,
        version: ToolVersion.line,
        subcommands: [
            DemoCommand.self, QueryCommand.self, InfoCommand.self, EncryptCommand.self, DecryptCommand.self,
            RekeyCommand.self, UpgradeCommand.self, MigrateCommand.self, BackupCommand.self, CheckCommand.self,
        ]
    )
}
