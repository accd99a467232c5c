import Foundation
import Testing

@testable import SceneryStorage

/// What SQLite itself would blur: text is stored as its bytes, a NUL among them, and names
/// that differ only in case (SQLite's identifiers ignore it) never share a table or column.
// checks: docs/manifest.md#collections
@Suite struct SQLiteNamesAndTextTests {
    static let schema = CollectionSchema(
        name: "books", key: "id", fields: [.init("id", .text), .init("title", .text), .init("tags", .json, optional: true)])

    @Test func textWithANulCharacterRoundTripsExactly() throws {
        let books = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        let record: [String: StoredValue] = ["id": .string("a\u{0}b"), "title": .string("x\u{0}y\u{0}"), "tags": .array([.string("\u{0}")])]
        try books.insert(record)
        try books.insert(["id": .string("a"), "title": .string("plain"), "tags": .null])
        #expect(try books.record(key: .string("a\u{0}b")) == record)
        #expect(try books.record(key: .string("a"))?["title"] == .string("plain"), "a key cut at the NUL is another key")
        #expect(try books.records(CollectionQuery([.equal("title", .string("x\u{0}y\u{0}"))])) == [record])
        #expect(try books.records(CollectionQuery([.equal("title", .string("x"))])).isEmpty)
    }

    @Test func collectionsWhoseNamesDifferOnlyInCaseNeverShareATable() throws {
        let file = scratchFolder.appendingPathComponent("scenery-case-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let books = try SQLiteCollection(schema: Self.schema, path: file.path)
        try books.insert(["id": .string("b1"), "title": .string("Dune")])
        var other = Self.schema
        other.name = "Books"
        #expect(
            throws: CollectionError.database(
                path: file.path,
                reason: "collection 'Books' has the name of collection 'books' but for case, "
                    + "and SQLite names ignore case, so they would share one table; rename one")
        ) {
            try SQLiteCollection(schema: other, path: file.path)
        }
        #expect(try books.count(CollectionQuery()) == 1)
    }

    @Test func fieldsWhoseNamesDifferOnlyInCaseAreRefused() throws {
        var schema = Self.schema
        schema.fields.append(.init("Title", .text, optional: true))
        #expect(
            throws: CollectionError.incompatible(
                collection: "books", field: "Title",
                reason:
                    "has the name of field 'title' but for case, and SQLite names ignore case, so they would share one column; rename one")
        ) {
            try SQLiteCollection(schema: schema, path: ":memory:")
        }
    }
}
