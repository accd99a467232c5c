import Foundation
import SceneryStorage
import Testing

/// Writers killed with SIGKILL at random points lose no acknowledged write and leave no
/// corrupt file; the next open removes the temporary files they left. Each round runs a
/// copy of this test binary as a writer (it sees `SCENERY_KV_CRASH_WRITER`), which sets
/// keys one after another and appends each key to an acknowledgement file once `set`
/// has returned; the test kills it after a random delay and checks the store.
///
/// `swift test` runs 12 rounds; `SCENERY_KV_CRASH_ROUNDS=500 swift test --filter
/// KeyValueStorageCrashTests` runs a longer campaign (docs/reliability.md).
// checks: docs/reliability.md#storage-survives-kill--9
@Suite struct KeyValueStorageCrashTests {
    static let writerVariable = "SCENERY_KV_CRASH_WRITER"

    @Test func writersKilledAtRandomPointsLoseNothingTheyAcknowledged() async throws {
        let environment = ProcessInfo.processInfo.environment
        if let job = environment[Self.writerVariable] {
            try Self.write(job: job)
            return
        }
        #if os(Linux)
            let rounds = Int(environment["SCENERY_KV_CRASH_ROUNDS"] ?? "") ?? 12
            let folder = scratchFolder.appendingPathComponent("scenery-kv-crash-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let store = folder.appendingPathComponent("store.json")
            var acknowledged: Set<String> = []
            var killedWithTemporaryFile = 0
            for round in 0..<rounds {
                let acks = folder.appendingPathComponent("acks-\(round).txt")
                let job = "\(store.path)|\(acks.path)|r\(round)"
                let leftTemporaryFile = try await offThePool { try Self.runAndKill(job: job, acks: acks, environment: environment) }
                if leftTemporaryFile { killedWithTemporaryFile += 1 }
                acknowledged.formUnion(Self.acknowledgements(in: acks))

                // The next open: every acknowledged key, a whole file, no temporary files left.
                let storage = KeyValueStorage(fileURL: store)
                let keys = Set(try storage.keys())
                #expect(acknowledged.subtracting(keys).isEmpty, "round \(round) lost \(acknowledged.subtracting(keys).sorted())")
                for key in acknowledged.prefix(3) { #expect(try storage.value(String.self, forKey: key) == key) }
                let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
                #expect(left.isEmpty, "round \(round) left \(left)")
            }
            #expect(acknowledged.count > rounds, "the writers acknowledged \(acknowledged.count) writes in \(rounds) rounds")
            print(
                "crash injection: \(rounds) kills, \(acknowledged.count) acknowledged writes, 0 lost, \(killedWithTemporaryFile) kills left a temporary file"
            )
        #endif
    }

    /// Starts a writer, lets it write for a while — killed anywhere from its first write to
    /// deep in a run of them — and kills it; true when it left a temporary file.
    static func runAndKill(job: String, acks: URL, environment: [String: String]) throws -> Bool {
        let process = try startWriter(
            test: "writersKilledAtRandomPointsLoseNothingTheyAcknowledged", variable: writerVariable, job: job,
            environment: environment)
        waitForFirstAcknowledgement(acks, process: process)
        usleep(UInt32.random(in: 0...40_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let folder = acks.deletingLastPathComponent().path
        return try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.hasSuffix(".tmp") }
    }

    /// A writer: sets `PREFIX-0`, `PREFIX-1`… (each value its own key) until it is killed,
    /// acknowledging each once stored.
    static func write(job: String) throws {
        let parts = job.split(separator: "|").map(String.init)
        let storage = KeyValueStorage(fileURL: URL(fileURLWithPath: parts[0]))
        let acks = open(parts[1], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        // A writer whose test process died (an interrupted `swift test`) stops on its own
        // instead of writing on unwatched: it is reparented when its parent goes.
        let parent = getppid()
        for index in 0..<100_000 where getppid() == parent {
            let key = "\(parts[2])-\(index)"
            try storage.set(key, forKey: key)
            let line = Array("\(key)\n".utf8)
            _ = line.withUnsafeBytes { Foundation.write(acks, $0.baseAddress, $0.count) }
        }
    }

    /// A copy of this test binary running only `test`, as a writer: it sees `job` in
    /// `variable`, and its output is dropped.
    static func startWriter(test: String, variable: String, job: String, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", test]
        process.environment = environment.merging([variable: job]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func waitForFirstAcknowledgement(_ acks: URL, process: Process) {
        for _ in 0..<2_000 where process.isRunning {
            if let data = FileManager.default.contents(atPath: acks.path), !data.isEmpty { return }
            usleep(1_000)
        }
    }

    /// Whole lines only: a line cut by the kill was not acknowledged.
    static func acknowledgements(in acks: URL) -> Set<String> {
        guard let text = FileManager.default.contents(atPath: acks.path).map({ String(decoding: $0, as: UTF8.self) }) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return Set(lines)
    }
}
