// The entry point every fuzz target of Fuzz/ shares. Built by `Scripts/fuzz` (with `-DFUZZING`,
// libFuzzer's runtime linked without its `main`), it hands each input to libFuzzer's driver;
// built plainly (`swift build`), it replays the files and folders named on the command line, so
// that a finding kept in Fuzz/Corpus/TARGET stays a test of `make test`.
import Foundation

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzer(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

/// The check of the target being run: one per process, set once before the first input.
nonisolated(unsafe) private var currentCheck: ((UnsafeRawBufferPointer) -> Void)?

/// Runs a fuzz target whose `check` stops the program (a trap, `fatalError`) on a finding.
public enum FuzzDriver {
    /// Under libFuzzer, runs libFuzzer's driver with the command line (`-max_total_time=…`,
    /// corpus folders); otherwise replays every file named, or inside a folder named, in the
    /// order of their paths, and prints how many. Exits with the driver's status.
    public static func run(_ name: String, check: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        currentCheck = check
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzer(&argc, &argv) { start, count in
            currentCheck?(UnsafeRawBufferPointer(start: start, count: count))
            return 0
        })
        #else
        var files: [URL] = []
        for argument in CommandLine.arguments.dropFirst() {
            let url = URL(fileURLWithPath: argument)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("\(name): no file or folder \(argument)\n".utf8))
                exit(1)
            }
            let inside = isFolder.boolValue ? try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) : nil
            files += inside?.sorted { $0.path < $1.path } ?? [url]
        }
        for file in files {
            guard let data = try? Data(contentsOf: file) else {
                FileHandle.standardError.write(Data("\(name): cannot read \(file.path)\n".utf8))
                exit(1)
            }
            data.withUnsafeBytes(check)
        }
        print("\(name): \(files.count) inputs replayed, no finding")
        exit(0)
        #endif
    }
}
