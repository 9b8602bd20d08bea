// NotesServer: notes over HTTP, stored with PortableSQL. The pool and the HTTP server run as two
// services of one ServiceGroup, which SIGTERM or SIGINT shuts down gracefully: the HTTP server
// first (it stops accepting and finishes the requests it has), then the pool, which closes and
// checkpoints its WAL into the database file.
import Foundation
import Hummingbird
import Logging
import PortableSQL
import PortableSQLServer
import ServiceLifecycle

let settings: ServerSettings
do {
    settings = try ServerSettings(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("NotesServer: \(error)\n".utf8))
    exit(2)
}
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = settings.logLevel
    return handler
}
let logger = Logger(label: "NotesServer")

// Bound values stay out of the log (they are the users' notes); keys would never be there anyway.
let logging = SQLLogging(logger: logger, label: "notes", slowStatementThreshold: settings.slowStatementThreshold)
try NotesSchema.migrate(path: settings.databasePath)
let pool = try SQLContextPool(
    path: settings.databasePath,
    configuration: .platform.strict(.hiddenValuesInTrace), prepareConnection: logging.loggingStatements())
let database = SQLContextPoolService(pool: pool, logging: logging)

let app = Application(
    router: NotesRoutes.router(store: NotesStore(database: database)),
    configuration: .init(address: .hostname("127.0.0.1", port: settings.port), serverName: "NotesServer"),
    onServerRunning: { channel in
        logger.info("listening on 127.0.0.1:\(channel.localAddress?.port ?? settings.port)")
    },
    logger: logger)

// The pool comes first: a group shuts its services down last to first.
let group = ServiceGroup(configuration: .init(services: [database, app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
try await group.run()
logger.info("stopped")
