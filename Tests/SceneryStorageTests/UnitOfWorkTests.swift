import Foundation
import ScenerySupport
import Testing

@testable import SceneryStorage

/// A unit of work belongs to the thread or task that began it: nobody else reads its rows
/// before they commit, and nobody else's write lands inside it, where its rollback would
/// undo a write that was acknowledged.
// checks: docs/manifest.md#collections
@Suite struct UnitOfWorkTests {
    static let schema = CollectionSchema(name: "books", key: "id", fields: [.init("id", .text), .init("title", .text)])

    @Test func aReadOutsideAUnitNeverSeesItsUncommittedRows() async throws {
        let books = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        let (inserted, didInsert) = AsyncStream<Void>.makeStream()
        let (release, released) = AsyncStream<Void>.makeStream()
        let writer = Task {
            try await books.database.transaction {
                try books.insert(["id": .string("b1"), "title": .string("Dune")])
                didInsert.yield()
                for await _ in release { break }
                throw CancellationError()
            }
        }
        for await _ in inserted { break }
        // The writer is suspended inside its unit, its row not committed.
        #expect(try books.count(CollectionQuery()) == 0)
        #expect(try books.record(key: .string("b1")) == nil)
        released.yield()
        await #expect(throws: CancellationError.self) { try await writer.value }
        #expect(try books.count(CollectionQuery()) == 0, "the unit was undone")
    }

    @Test func aWriteFromAnotherThreadWaitsForTheUnitAndSurvivesItsRollback() throws {
        let books = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        let entered = DispatchSemaphore(value: 0)
        let other = DispatchSemaphore(value: 0)
        let acknowledged = Locked(false)
        DispatchQueue.global().async {
            entered.wait()
            // Inside the first thread's unit, an insert of another thread's: it waits.
            try? books.insert(["id": .string("b2"), "title": .string("Emma")])
            acknowledged.withLock { $0 = true }
            other.signal()
        }
        #expect(throws: CancellationError.self) {
            try books.unit {
                try books.insert(["id": .string("b1"), "title": .string("Dune")])
                entered.signal()
                Thread.sleep(forTimeInterval: 0.2)
                #expect(acknowledged.withLock { $0 } == false, "the other thread's write waits for the unit to end")
                throw CancellationError()
            }
        }
        other.wait()
        #expect(acknowledged.withLock { $0 })
        #expect(try books.record(key: .string("b2"))?["title"] == .string("Emma"), "an acknowledged write is kept")
        #expect(try books.record(key: .string("b1")) == nil)
    }

    @Test func aUnitInsideTheHoldersUnitIsASavepoint() throws {
        let books = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        try books.unit {
            try books.insert(["id": .string("b1"), "title": .string("Dune")])
            #expect(throws: CollectionError.self) {
                try books.unit {
                    try books.insert(["id": .string("b2"), "title": .string("Emma")])
                    try books.insert(["id": .string("b1"), "title": .string("again")])
                }
            }
            #expect(try books.count(CollectionQuery()) == 1, "the holder reads its own rows, and the inner unit's are undone")
        }
        #expect(try books.count(CollectionQuery()) == 1)
    }

    @Test func aScratchDatabaseLeavesNoFileBehind() throws {
        var file = ""
        do {
            let books = try SQLiteCollection(schema: Self.schema, path: ":memory:")
            try books.insert(["id": .string("b1"), "title": .string("Dune")])
            #expect(try books.count(CollectionQuery()) == 1)
            file = books.database.file
            #expect(FileManager.default.fileExists(atPath: file))
        }
        for suffix in ["", "-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: file + suffix), "\(suffix)") }
    }
}
