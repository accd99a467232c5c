import Foundation

// Built with `-D FUZZING -sanitize=fuzzer,address` (Tests/Fuzz/run), `main` hands over to
// libFuzzer's driver, which calls the target `SCENERY_FUZZ_TARGET` names for each input.
// Built plainly, this is a replayer: `swift run scenery-fuzz TARGET FILE|FOLDER…` runs saved
// inputs through the same bodies, to reproduce a crash without the sanitizer.

#if FUZZING
    /// libFuzzer's entry for programs that keep their own `main`.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    nonisolated(unsafe) private var selected: FuzzTarget?

    @main
    struct Fuzz {
        static func main() {
            let name = ProcessInfo.processInfo.environment["SCENERY_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget.named(name) else {
                FileHandle.standardError.write(Data("error: set SCENERY_FUZZ_TARGET to one of: \(FuzzTarget.names)\n".utf8))
                exit(2)
            }
            selected = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(&argc, &argv) { data, size in
                    selected?.body(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                })
        }
    }
#else
    @main
    struct Replay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget.named(name), arguments.count > 1 else {
                print("usage: scenery-fuzz TARGET FILE|FOLDER...\ntargets: \(FuzzTarget.names)")
                exit(arguments.isEmpty ? 0 : 2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        print("error: cannot read '\(file)'")
                        exit(1)
                    }
                    target.body(Array(data))
                    count += 1
                }
            }
            print("\(name): \(count) inputs, no crash")
        }

        private static func files(at path: String) -> [String] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.sorted().map { "\(path)/\($0)" }
        }
    }
#endif
