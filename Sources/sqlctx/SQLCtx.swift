#if Tool
import ArgumentParser

/// The `sqlctx` command-line tool: a tour of PortableSQL, and everyday database chores.
@main
struct SQLCtx: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlctx",
        abstract: "Work with SQLite and SQLCipher databases through PortableSQL.",
        usage: """
            sqlctx <subcommand> [<arguments>] [<options>]
            sqlctx [<database>] [<sql> ...] [<options>]     (the shell, as sqlctx shell: sqlite3's)
            """,
        discussion: """
            Keys for encrypted databases come from --key-file PATH, the SQLCTX_KEY environment \
            variable, or a prompt on the terminal (--ask-key); never from the command line itself.

            `sqlctx DB` opens the shell on DB (the same as `sqlctx shell DB`), with sqlite3's \
            flags, modes and dot-commands; `sqlctx` alone opens it on an in-memory database.

            Example: sqlctx demo
            """,
        version: ToolVersion.line,
        subcommands: [
            DemoCommand.self, QueryCommand.self, InfoCommand.self, EncryptCommand.self, DecryptCommand.self,
            RekeyCommand.self, UpgradeCommand.self, MigrateCommand.self, BackupCommand.self, CheckCommand.self, NodeCommand.self,
            ShellCommand.self,
        ],
        defaultSubcommand: ShellCommand.self
    )
}
#endif
