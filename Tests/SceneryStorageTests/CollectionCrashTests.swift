import Foundation
import Testing

@testable import SceneryStorage

/// Collections across processes: a writer killed with SIGKILL at random points loses no
/// committed write and corrupts nothing, and two processes that read-modify-write one
/// record in units never lose an update. Writers are copies of this test binary (they see
/// `SCENERY_COLLECTION_WRITER`), as in `KeyValueStorageCrashTests`.
// checks: docs/manifest.md#collections
@Suite struct CollectionCrashTests {
    static let writerVariable = "SCENERY_COLLECTION_WRITER"
    static let schema = CollectionSchema(
        name: "log", key: "id", fields: [.init("id", .text), .init("count", .integer), .init("body", .text)])

    @Test func killedWritersLoseNoCommittedWriteAndTwoWritersLoseNoUpdate() async throws {
        let environment = ProcessInfo.processInfo.environment
        if let job = environment[Self.writerVariable] {
            try Self.write(job: job)
            return
        }
        #if os(Linux)
            let folder = scratchFolder.appendingPathComponent("scenery-collection-crash-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let database = folder.appendingPathComponent("App.sqlite").path

            // Kills at random points.
            var acknowledged: Set<String> = []
            for round in 0..<8 {
                let acks = folder.appendingPathComponent("acks-\(round).txt")
                try await offThePool {
                    try Self.run(job: "insert|\(database)|\(acks.path)|r\(round)", environment: environment, killAfterFirst: acks)
                }
                acknowledged.formUnion(KeyValueStorageCrashTests.acknowledgements(in: acks))
                let log = try SQLiteCollection(schema: Self.schema, path: database)
                let stored = Set(try log.records(CollectionQuery()).compactMap { if case let .string(id)? = $0["id"] { id } else { nil } })
                #expect(acknowledged.subtracting(stored).isEmpty, "round \(round) lost \(acknowledged.subtracting(stored).sorted())")
                #expect(try log.database.query("PRAGMA integrity_check").first?["integrity_check"] == .text("ok"))
            }
            #expect(acknowledged.count > 8)

            // Two processes incrementing one counter, each read-then-write in a unit.
            let increments = 150
            try await offThePool {
                let first = try Self.start(job: "count|\(database)|\(increments)", environment: environment)
                let second = try Self.start(job: "count|\(database)|\(increments)", environment: environment)
                first.waitUntilExit()
                second.waitUntilExit()
                #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
            }
            let log = try SQLiteCollection(schema: Self.schema, path: database)
            #expect(try log.record(key: .string("counter"))?["count"] == .number(Decimal(2 * increments)))
        #endif
    }

    static func start(job: String, environment: [String: String]) throws -> Process {
        try KeyValueStorageCrashTests.startWriter(
            test: "killedWritersLoseNoCommittedWriteAndTwoWritersLoseNoUpdate", variable: writerVariable,
            job: job, environment: environment)
    }

    static func run(job: String, environment: [String: String], killAfterFirst acks: URL) throws {
        let process = try start(job: job, environment: environment)
        KeyValueStorageCrashTests.waitForFirstAcknowledgement(acks, process: process)
        usleep(UInt32.random(in: 0...40_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// `insert|DB|ACKS|PREFIX`: inserts PREFIX-0, PREFIX-1… each in its own unit,
    /// acknowledging each once committed. `count|DB|N`: N units that each read the counter
    /// and write it plus one.
    static func write(job: String) throws {
        let parts = job.split(separator: "|").map(String.init)
        let log = try SQLiteCollection(schema: schema, path: parts[1])
        let parent = getppid()
        if parts[0] == "count" {
            for _ in 0..<(Int(parts[2]) ?? 0) {
                try log.unit {
                    if case let .number(count)? = try log.record(key: .string("counter"))?["count"] {
                        try log.update(key: .string("counter"), fields: ["count": .number(count + 1)])
                    } else {
                        try log.insert(["id": .string("counter"), "count": .number(1), "body": .string("")])
                    }
                }
            }
            return
        }
        let acks = open(parts[2], O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        for index in 0..<100_000 where getppid() == parent {
            let key = "\(parts[3])-\(index)"
            try log.unit {
                try log.insert(["id": .string(key), "count": .number(Decimal(index)), "body": .string(String(repeating: "x", count: 200))])
            }
            let line = Array("\(key)\n".utf8)
            _ = line.withUnsafeBytes { Foundation.write(acks, $0.baseAddress, $0.count) }
        }
    }
}
