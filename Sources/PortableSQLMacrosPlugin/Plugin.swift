#if Macros
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of PortableSQLMacros.
@main
struct PortableSQLMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [SQLRecordMacro.self, ColumnMacro.self]
}
#endif
