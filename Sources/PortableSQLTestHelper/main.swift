// A helper that tests run as a child process, for what must not happen in the test process
// itself: loading SQLCipher under another SQLCIPHER_LIBRARY, being killed mid-write.
import Foundation
import PortableSQLPlus

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "open-plus":
    // Opens an in-memory `.plus` context; prints the cipher version, or the error on stderr.
    let context = SQLContext(configuration: .plus)
    do {
        _ = try context.selectAll(sql: "SELECT 1")
        print(context.cipherVersion ?? "no cipher version")
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("usage: portablesql-test-helper open-plus\n".utf8))
    exit(2)
}
