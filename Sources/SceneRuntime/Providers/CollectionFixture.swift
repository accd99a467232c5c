import Foundation
import SceneManifest
import ScenerySupport

/// A collection's fixture checked where it enters the run, before anything is seeded: a
/// list of records of the model, each field of its declared type (a date a day the
/// calendar has), none the model lacks, every key once. A record that does not fit would
/// otherwise be seeded and fail every later read of it (E513), far from its cause.
enum CollectionFixture {
    /// Throws the first problem, with `origin` (the fixture's file) and the record and field.
    static func check(_ fixture: SceneValue, origin: String, modelName: String, key: String, models: [String: ModelDefinition]) throws {
        guard let model = models[modelName] else { return }
        func refuse(_ problem: String) -> RunFailure { RunFailure("\(origin): \(problem); nothing was seeded") }
        guard case let .list(records) = fixture else {
            throw refuse("it is \(fixture.kindDescription), not a list of records of model \(modelName)")
        }
        var keys: [String: Int] = [:]
        for (index, item) in records.enumerated() {
            let number = index + 1
            guard case let .record(record) = item else {
                throw refuse("record \(number) is \(item.kindDescription), not a record of model \(modelName)")
            }
            let keyValue = record[key] ?? .null
            let label = keyValue.isNull ? "record \(number)" : "record \(number) (\(key) '\(keyValue.description)')"
            for field in record.fields where !model.fields.contains(where: { $0.name == field.name }) {
                let hint = Suggestions.didYouMean(field.name, in: model.fields.map(\.name)).map { " (\($0))" } ?? ""
                throw refuse("\(label): field '\(field.name)' is not a field of model \(modelName)\(hint)")
            }
            for field in model.fields {
                let value = record[field.name] ?? .null
                if field.type.unwrapped == .date, case let .string(text) = value, DateFormat.parse(text) == nil {
                    throw refuse(
                        "\(label): field '\(field.name)' is '\(text)', which is not a date; write dates like 2026-06-29 or 2026-06-29T10:00:00Z"
                    )
                }
                if let problem = field.type.mismatch(of: value, models: models) {
                    throw refuse("\(label): field '\(field.name)' does not fit the model \(modelName): \(problem)")
                }
            }
            if let first = keys[keyValue.description] { throw refuse("\(label): its key is the key of record \(first) too") }
            keys[keyValue.description] = number
        }
    }
}
