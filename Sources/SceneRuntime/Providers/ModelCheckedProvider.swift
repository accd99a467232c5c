import Foundation
import SceneManifest
import ScenerySupport
import VIP

/// A provider whose declared `model` is enforced: data that does not fit it is an E513
/// error naming where the data lives, never shown as something else (a string read as a
/// list of four). Reads change nothing, so a stored file with bad data is kept as it is;
/// a write that does not fit is refused before it reaches the provider.
struct ModelCheckedProvider: WritableProvider {
    typealias Query = SceneValue
    let name: String
    let model: TypeRef
    let models: [String: ModelDefinition]
    /// Where the data lives, for messages: `stored value 'loans' in '…/Shop.json'`.
    let origin: String
    let base: any Provider<SceneValue, SceneValue>
    /// The last value that fitted: a provider that hands back the very same storage again
    /// (inline data, a fixture) is not checked again.
    let fitted = Locked<SceneValue?>(nil)

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        let value = try await base.fetch(query)
        if fitted.withLock({ $0?.isSameStorage(as: value) ?? false }) { return value }
        if let problem = model.mismatch(of: value, models: models) {
            throw RunFailure("\(origin) does not fit its model \(model): \(problem)", code: DiagnosticCode.valueDoesNotFit)
        }
        fitted.withLock { $0 = value }
        return value
    }

    func store(_ value: SceneValue, for query: SceneValue) async throws {
        try Self.checkStore(value, into: name, model: model, models: models)
        try await base.writable(named: name).store(value, for: query)
    }

    /// Refuses a value that does not fit the model of provider `name` before it is stored
    /// (E513): the one check every writable provider with a model makes.
    static func checkStore(_ value: SceneValue, into name: String, model: TypeRef, models: [String: ModelDefinition]) throws {
        if let problem = model.mismatch(of: value, models: models) {
            throw RunFailure(
                "cannot store into provider '\(name)', whose model is \(model): \(problem)", code: DiagnosticCode.valueDoesNotFit)
        }
    }
}
