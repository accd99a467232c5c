/// What a scene may refer to outside itself. When a scene is validated alone, outside any
/// app, the app-wide parts are nil and references to them are not checked.
struct SceneContext {
    var models: Set<String>?
    /// The models' fields, which a state field's `default` must fit; empty outside an app.
    var definitions: [String: ModelDefinition] = [:]
    var providers: [String: ProviderDefinition]?
    var shared: Set<String>?
    var env: Set<String>?
    var workers: Set<String>
    var formatters: Set<String> = []
    /// Providers declared with errors: named, but not known well enough to check a use of.
    var brokenProviders: Set<String> = []

    init(app: AppDefinition?) {
        guard let app else {
            workers = BuiltInWorker.names
            return
        }
        models = Set(app.models.keys)
        definitions = app.models
        providers = app.providers
        shared = Set(app.shared.keys)
        env = app.envNames
        workers = BuiltInWorker.names.union(app.workers)
        formatters = app.formatters
        brokenProviders = app.brokenProviders
    }
}

/// The names a scene declares, gathered before its expressions are checked, so a view can
/// use `vm.x` produced by any presenter and an action can name any use case.
struct SceneNames {
    var args: Set<String> = []
    var state: Set<String> = []
    var useCases: Set<String> = []
    /// Use cases marked `internal`: no component's action may name them.
    var internalUseCases: Set<String> = []
    /// Fields some presenter produces; nil when a Swift presenter makes them unknowable.
    var viewModel: Set<String>? = []
    /// The known fields of `args`, `state`, `shared`, `env` and `vm`, made once for every
    /// scope of the scene. A scope may hold fields of roots it lacks: the checker looks a
    /// root's fields up only where the root is available.
    private(set) var fields = RootFields()

    init(_ root: JSONValue, context: SceneContext) {
        // `$schema` and `x-…` keys are notes, not names, as the decoder's maps skip them;
        // passed over where they lie, with no array of the rest made.
        func names(_ members: [JSONValue.Member]?) -> LazyFilterSequence<LazyMapSequence<[JSONValue.Member], String>> {
            (members ?? []).lazy.map(\.key).filter { !ManifestReader.isExtensionKey($0) }
        }
        args = Set(names(root["args"]?.members))
        state = Set(names(root["state"]?.members))
        let declared = root["useCases"]?.members ?? []
        // Sized once: grown one insert at a time, the set was rehashed two or three times.
        useCases.reserveCapacity(declared.count)
        for useCase in declared where !ManifestReader.isExtensionKey(useCase.key) {
            useCases.insert(useCase.key)
            if case .bool(true)? = useCase.value["internal"]?.kind { internalUseCases.insert(useCase.key) }
            guard let presenter = useCase.value["presenter"]?.members else { continue }
            if presenter.contains(where: { $0.key == "swift" }) {
                viewModel = nil
            } else {
                viewModel?.formUnion(names(presenter))
            }
        }
        fields["args"] = args
        fields["state"] = state
        fields["shared"] = context.shared
        fields["env"] = context.env
        fields["vm"] = viewModel
    }
}
