import Foundation
import SceneManifest
import VIP

/// Builds each declared provider, with `--fixture` and `--fault` applied.
@MainActor
struct ProviderFactory {
    let app: RuntimeApp

    /// The providers, and the storage that holds the session's claim on the state folder.
    func makeAll() throws -> (providers: [String: any Provider<SceneValue, SceneValue>], storage: ValueStorage) {
        let definition = app.loaded.app
        // The name is checked at validate (E206); an app built in code is confined here too.
        guard FilePaths.isPlainFileName(definition.name) else {
            throw RunFailure("app name '\(definition.name)' cannot name a storage file; use letters, digits, spaces, '_', '-' and '.'")
        }
        let fixtures = try checkedFixtures()
        let stored = definition.providers.contains { isStored($0.key, $0.value) }
        // One session at a time on a storage file (docs/reliability.md): claimed before the
        // first scene runs, so a second session is refused before it reads anything.
        let storage = try ValueStorage(
            file: app.options.stateDirectory?.appendingPathComponent("\(definition.name).json"), claim: stored,
            resetAdvice: app.options.resetAdvice)
        let cache = ResponseCache()
        var result: [String: any Provider<SceneValue, SceneValue>] = [:]
        let database = AppDatabase(
            path: app.options.stateDirectory?.appendingPathComponent("\(definition.name).sqlite").path ?? ":memory:",
            resetAdvice: app.options.resetAdvice)
        let queries = CollectionQueries.of(app.loaded)
        for (name, provider) in definition.providers {
            var made: any Provider<SceneValue, SceneValue>
            if case let .collection(key) = provider.kind, case let .model(modelName)? = provider.model,
                let model = definition.models[modelName]
            {
                // A collection's fixture is where it starts, when it holds nothing yet; faults
                // it applies itself, to its writes too.
                let collection = CollectionProvider(
                    name: name, model: model, key: key, queries: queries[name] ?? nil, database: database, fixture: fixtures[name],
                    faults: app.faults, clock: app.options.clock)
                database.add(collection)
                result[name] = collection
                continue
            }
            made = try base(name, provider, fixture: fixtures[name], storage: storage, cache: cache)
            // Every provider, faulted now or not: a `>> fault` line may fault it later.
            made = FaultyProvider(name: name, faults: app.faults, base: made, clock: app.options.clock)
            // A keyValue provider checks its model itself: it knows whether a value came
            // from the file or from its default.
            if let model = provider.model, !isStored(name, provider) {
                made = ModelCheckedProvider(
                    name: name, model: model, models: definition.models,
                    origin: origin(of: name, provider), base: made)
            }
            result[name] = made
        }
        return (result, storage)
    }

    /// Every `--fixture`, read; a collection's is checked whole before the session claims or
    /// seeds anything.
    private func checkedFixtures() throws -> [String: SceneValue] {
        let definition = app.loaded.app
        var fixtures: [String: SceneValue] = [:]
        for name in definition.providers.keys {
            if let value = app.options.fixtureValues[name] {
                fixtures[name] = value
            } else if let file = app.options.fixtures[name] {
                fixtures[name] = try Self.readFixture(file, for: name)
            }
        }
        for (name, provider) in definition.providers {
            guard case let .collection(key) = provider.kind, case let .model(modelName)? = provider.model, let fixture = fixtures[name]
            else { continue }
            let origin = app.options.fixtureValues[name] == nil ? app.options.fixtures[name]?.path : nil
            try CollectionFixture.check(
                fixture, origin: origin ?? "the fixture of collection '\(name)'", modelName: modelName, key: key,
                models: definition.models)
        }
        return fixtures
    }

    /// The provider a declaration (or the fixture standing for it) makes, before faults and
    /// model checks wrap it.
    private func base(
        _ name: String, _ provider: ProviderDefinition, fixture: SceneValue?, storage: ValueStorage, cache: ResponseCache
    ) throws -> any Provider<SceneValue, SceneValue> {
        let models = app.loaded.app.models
        if let fixture, isStored(name, provider) {
            // A writable provider's fixture is where it starts: it takes the place of the
            // `default`, and stores go to the state folder as a keyValue provider's do.
            return KeyValueProvider(
                name: name, defaultValue: fixture, model: provider.model, models: models,
                storage: storage, defaultOrigin: "the fixture of provider '\(name)'")
        }
        if let fixture { return InlineProvider(value: fixture) }
        switch provider.kind {
        case let .inline(value): return InlineProvider(value: value)
        case let .file(path): return FileProvider(name: name, path: path.value, root: app.loaded.root)
        case let .keyValue(defaultValue):
            return KeyValueProvider(name: name, defaultValue: defaultValue, model: provider.model, models: models, storage: storage)
        case let .http(http): return HTTPProvider(name: name, definition: http, env: app.env, format: app.format, cache: cache)
        case let .swift(registered): return app.registry.provider(registered.isEmpty ? name : registered, for: name)
        case .collection: throw RunFailure("collection '\(name)' names no model of the app")
        }
    }

    /// Whether the provider keeps its values in the state folder: a keyValue provider, and a
    /// Swift provider registered as a `WritableProvider` when a fixture stands for it.
    private func isStored(_ name: String, _ provider: ProviderDefinition) -> Bool {
        switch provider.kind {
        case .keyValue, .collection:
            return true
        case let .swift(registered):
            guard app.options.fixtureValues[name] != nil || app.options.fixtures[name] != nil else { return false }
            let base = app.registry.provider(registered.isEmpty ? name : registered, for: name)
            return base is any WritableProvider<SceneValue, SceneValue> && !(base is Unregistered)
        default:
            return false
        }
    }

    /// Where a provider's data lives, as messages name it.
    private func origin(of name: String, _ provider: ProviderDefinition) -> String {
        if app.options.fixtureValues[name] != nil || app.options.fixtures[name] != nil { return "the fixture of provider '\(name)'" }
        switch provider.kind {
        case let .file(path): return "provider '\(name)' ('\(path.value)')"
        default: return "provider '\(name)'"
        }
    }

    static func readFixture(_ url: URL, for provider: String) throws -> SceneValue {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RunFailure("cannot read fixture '\(url.path)' for provider '\(provider)'")
        }
        do {
            return try ValueJSON.parse(Array(data))
        } catch {
            throw RunFailure("\(url.path):\(error.located(in: Array(data)))")
        }
    }
}
