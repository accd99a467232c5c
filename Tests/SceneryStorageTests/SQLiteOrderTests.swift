import Foundation
import ScenerySupport
import Testing

@testable import SceneryStorage

/// Collections compare and sort in SQL as values do in memory: dates as moments, decimals
/// exactly, in `where` and `sort` alike, through the index SQLite keeps for the field.
// checks: docs/manifest.md#collections
@Suite struct SQLiteOrderTests {
    static let schema = CollectionSchema(
        name: "events", key: "id",
        fields: [
            .init("id", .text), .init("at", .date, optional: true), .init("amount", .decimal, optional: true)
        ])

    private func keys(_ events: SQLiteCollection, _ query: CollectionQuery) throws -> [String] {
        try events.records(query).map { if case let .string(id)? = $0["id"] { id } else { "?" } }
    }

    @Test func datesSortAndFilterAsMomentsAcrossZonesAndFractions() throws {
        let events = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        for (id, at) in [
            ("paris", "2026-06-01T10:00:00+02:00"), ("nine", "2026-06-01T09:00:00Z"),
            ("half", "2026-06-01T09:00:00.500Z"), ("eight", "2026-06-01T08:00:00Z"),
            ("day", "2026-06-01"), ("compact", "2026-06-01T10:30:00+0200")
        ] {
            try events.insert(["id": .string(id), "at": .string(at)])
        }
        // paris and eight are one moment: the key breaks the tie.
        #expect(try keys(events, CollectionQuery(order: [.init("at")])) == ["day", "eight", "paris", "compact", "nine", "half"])
        #expect(
            try keys(events, CollectionQuery(order: [.init("at", descending: true)])) == [
                "half", "nine", "compact", "paris", "eight", "day"
            ])
        #expect(try keys(events, CollectionQuery([.greater("at", .string("2026-06-01T08:30:00Z"))])) == ["half", "nine"])
        #expect(try keys(events, CollectionQuery([.greaterOrEqual("at", .string("2026-06-01T08:30:00Z"))])) == ["compact", "half", "nine"])
        #expect(try keys(events, CollectionQuery([.equal("at", .string("2026-06-01T08:00:00Z"))])) == ["eight", "paris"])
        #expect(try keys(events, CollectionQuery([.lessOrEqual("at", .string("2026-06-01T10:00:00+0200"))])) == ["day", "eight", "paris"])
        #expect(try events.count(CollectionQuery([.notEqual("at", .string("2026-06-01T11:00:00+02:00"))])) == 5)
    }

    @Test func aDateFieldComparedWithTextThatIsNoDateIsRefused() throws {
        let events = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        try events.insert(["id": .string("a"), "at": .string("2026-06-01")])
        #expect(
            throws: CollectionError.value(
                collection: "events", field: "at",
                reason: "is a date, and 'soon' is not one; write dates like 2026-06-29 or 2026-06-29T10:00:00Z")
        ) {
            try events.records(CollectionQuery([.less("at", .string("soon"))]))
        }
        #expect(throws: CollectionError.self) { try events.count(CollectionQuery([.greaterOrEqual("at", .string("2026-02-30"))])) }
    }

    @Test func aDateSQLiteWouldReadOtherwiseIsStoredAsItsMomentInUTC() throws {
        let events = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        try events.insert(["id": .string("a"), "at": .string("2026-06-01T10:30:00+0200")])
        try events.insert(["id": .string("b"), "at": .string("2026-06-01T10:30:00.250+02:00")])
        #expect(try events.record(key: .string("a"))?["at"] == .string("2026-06-01T08:30:00Z"))
        #expect(
            try events.record(key: .string("b"))?["at"] == .string("2026-06-01T10:30:00.250+02:00"), "a form SQLite reads alike is kept")
    }

    @Test(arguments: [
        ("2026-06-01", "2026-06-01"),
        ("2026-06-01T10:00:00Z", "2026-06-01T10:00:00Z"),
        ("2026-06-01T10:00:00.5-03:30", "2026-06-01T10:00:00.5-03:30"),
        ("2026-06-01T10:00:00+0200", "2026-06-01T08:00:00Z"),
        ("2026-06-01T10:00:00+15:00", "2026-05-31T19:00:00Z"),
        ("2026-06-01T10:00:00.1234Z", "2026-06-01T10:00:00.123Z"),
        ("2026-06-01T10:00:00z", "2026-06-01T10:00:00Z"),
        ("2026-06-01T10:00:00 UTC+2", "2026-06-01T08:00:00Z"),
        ("2026-06-01T10:00Z", "2026-06-01T10:00:00Z"),
        ("1500-03-01T00:00:00+0100", "1500-02-29T23:00:00Z"),
        ("not a date", "not a date")
    ])
    func storedDates(_ written: String, _ stored: String) {
        #expect(SQLiteOrder.storedDate(written) == stored)
    }

    @Test func civilDaysInvertTheDaysScenerysDatesAreReadIn() {
        for days in stride(from: -800_000, through: 3_000_000, by: 7) {
            let (year, month, day) = ISODate.civil(days)
            #expect(ISODate.daysSince1970(year: year, month: month, day: day) == days, "\(days) → \(year)-\(month)-\(day)")
            if ISODate.daysSince1970(year: year, month: month, day: day) != days { return }
        }
    }

    @Test func storedDatesNameTheMomentTheyWereWrittenFor() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let milliseconds = Int64.random(in: -30_000_000_000_000...250_000_000_000_000, using: &random)
            guard let text = ISODate.utcText(milliseconds: milliseconds) else {
                Issue.record("\(milliseconds)")
                return
            }
            var copy = text
            #expect(copy.withUTF8 { ISODate.milliseconds($0) } == milliseconds, "\(text)")
        }
    }

    @Test func decimalsSortAndFilterExactly() throws {
        let events = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        let amounts = [
            "1.00000000000000000001", "1", "-1.5", "-1.55", "0", "0.05", "0.5", "10", "9.99", "-10",
            "99999999999999999999999999999999999999", "-0.000000000000000000000000000001", "123.45"
        ]
        for (index, amount) in amounts.enumerated() {
            try events.insert(["id": .string(String(format: "%02d", index)), "amount": .number(Decimal(string: amount) ?? 0)])
        }
        let sorted = try events.records(CollectionQuery(order: [.init("amount")])).map { $0["amount"] }
        let expected = amounts.compactMap { Decimal(string: $0) }.sorted().map(StoredValue.number)
        #expect(sorted == expected)
        let descending = try events.records(CollectionQuery(order: [.init("amount", descending: true)])).map { $0["amount"] }
        #expect(descending == expected.reversed())
        #expect(try keys(events, CollectionQuery([.greater("amount", .number(1))])) == ["00", "07", "08", "10", "12"])
        #expect(try keys(events, CollectionQuery([.equal("amount", .number(Decimal(string: "1.00000000000000000001") ?? 0))])) == ["00"])
        #expect(try keys(events, CollectionQuery([.less("amount", .number(Decimal(string: "-1.5") ?? 0))])) == ["03", "09"])
        #expect(
            try keys(events, CollectionQuery([.greaterOrEqual("amount", .number(0)), .less("amount", .number(1))])) == ["04", "05", "06"])
    }

    @Test func theSortUsesTheFieldsIndex() throws {
        let events = try SQLiteCollection(schema: Self.schema, path: ":memory:")
        for field in ["at", "amount"] {
            let sort = SQLiteOrder.expression("\"\(field)\"", field == "at" ? .date : .decimal)
            let plan = try events.database.query("EXPLAIN QUERY PLAN SELECT * FROM \"collection_events\" ORDER BY \(sort), \"id\" LIMIT 10")
            let detail = plan.compactMap { if case let .text(text)? = $0["detail"] { text } else { nil } }.joined(separator: "; ")
            #expect(detail.contains("USING INDEX collection_events_by_\(field)") && !detail.contains("TEMP B-TREE"), "\(detail)")
        }
    }

    @Test func aFileFromAnEarlierSceneryIsBroughtToMomentsAndExactNumbersWhenOpened() throws {
        let file = scratchFolder.appendingPathComponent("scenery-order-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        do {
            let events = try SQLiteCollection(schema: Self.schema, path: file.path)
            // As an earlier Scenery left it: the text as written, indexes on the text and on doubles.
            try events.database.execute("DROP INDEX \"collection_events_by_at\"")
            try events.database.execute("DROP INDEX \"collection_events_by_amount\"")
            try events.database.execute("CREATE INDEX \"collection_events_by_at\" ON \"collection_events\" (\"at\", \"id\")")
            try events.database.execute(
                "CREATE INDEX \"collection_events_by_amount\" ON \"collection_events\" (CAST(\"amount\" AS REAL), \"id\")")
            try events.database.execute(
                "INSERT INTO \"collection_events\" (id, at, amount) VALUES ('a', '2026-06-01T10:30:00+0200', '1.00000000000000000001'), ('b', '2026-06-01T09:00:00Z', '1')"
            )
        }
        let events = try SQLiteCollection(schema: Self.schema, path: file.path)
        #expect(try events.record(key: .string("a"))?["at"] == .string("2026-06-01T08:30:00Z"))
        #expect(try keys(events, CollectionQuery(order: [.init("at")])) == ["a", "b"])
        #expect(try keys(events, CollectionQuery(order: [.init("amount", descending: true)])) == ["a", "b"])
        let indexes = try events.database.query("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'collection_events_by_at'")
        guard case let .text(sql)? = indexes.first?["sql"] else {
            Issue.record("no index on at")
            return
        }
        #expect(sql.contains("julianday(\"at\")"))
    }
}
