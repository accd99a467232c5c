import Foundation
import SceneryStorage
import Testing

/// Two or more processes writing one storage file at once lose nothing: the test runs
/// copies of this test binary as writers (each sees `SCENERY_KV_WRITER` and only writes),
/// then checks every key of every writer is there.
@Suite struct KeyValueStorageProcessTests {
    static let writerVariable = "SCENERY_KV_WRITER"

    @Test func processesWritingAtOnceLoseNothing() async throws {
        let environment = ProcessInfo.processInfo.environment
        if let job = environment[Self.writerVariable] {
            // A writer: "FILE|PREFIX|COUNT".
            let parts = job.split(separator: "|").map(String.init)
            let storage = KeyValueStorage(fileURL: URL(fileURLWithPath: parts[0]))
            for index in 0..<(Int(parts[2]) ?? 0) { try storage.set(index, forKey: "\(parts[1])-\(index)") }
            return
        }
        #if os(Linux)
            let file = scratchFolder.appendingPathComponent("scenery-kv-processes-\(UUID().uuidString)/store.json")
            let writers = 3, keysEach = 40
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let statuses = try await offThePool {
                var processes: [Process] = []
                for writer in 0..<writers {
                    let process = Process()
                    process.executableURL = binary
                    process.arguments = ["--testing-library", "swift-testing", "--filter", "processesWritingAtOnceLoseNothing"]
                    process.environment = environment.merging([Self.writerVariable: "\(file.path)|w\(writer)|\(keysEach)"]) { $1 }
                    process.standardOutput = FileHandle.nullDevice
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    processes.append(process)
                }
                return processes.map { process in
                    process.waitUntilExit()
                    return process.terminationStatus
                }
            }
            #expect(statuses == Array(repeating: 0, count: writers))
            #expect(try KeyValueStorage(fileURL: file).keys().count == writers * keysEach)
        #endif
    }
}
