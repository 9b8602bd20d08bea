#if Macros
import SwiftDiagnostics

/// An error `@SQLRecord` reports at a declaration, saying what to do.
struct RecordDiagnostic: DiagnosticMessage, Error {
    let message: String
    let diagnosticID = MessageID(domain: "PortableSQLMacros", id: "SQLRecord")
    let severity = DiagnosticSeverity.error
}
#endif
