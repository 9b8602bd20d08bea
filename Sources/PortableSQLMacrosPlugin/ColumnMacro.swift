#if Macros
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column` and `@Transient`: markers that `@SQLRecord` reads; they write nothing themselves.
public struct ColumnMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
#endif
