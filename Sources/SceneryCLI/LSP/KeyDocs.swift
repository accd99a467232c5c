import SceneManifest

/// One line on each manifest key, for completion details and hover; the manifest reference
/// (docs/manifest.md) says the rest. The keys of a step, provider or component come from its
/// type's declaration (``TypeDeclaration``); the table below has the others. A key whose
/// meaning depends on where it is has a line per place (`useCase.request`), looked up before
/// the key alone.
enum KeyDocs {
    static func line(for key: String, in place: ManifestKeys.Place?) -> String? {
        if let place, let declared = declarations(in: place) {
            return declared.lazy.compactMap { $0.key(key)?.doc }.first
        }
        return place.flatMap { lines["\(name(of: $0)).\(key)"] } ?? lines[key]
    }

    /// The declarations of the types a typed object may be: its own type's first, once it
    /// names a known one, then every type of its kind — the first that has the key says what
    /// it is, so a key that does not fit its type (a `fallback` on a `store`) still has a
    /// doc. Nil for an object that has no type.
    static func declarations(in place: ManifestKeys.Place) -> [TypeDeclaration]? {
        switch place {
        case let .step(type): ordered(StepType.allCases.map(\.declaration), first: type)
        case let .provider(type): ordered(ProviderType.allCases.map(\.declaration), first: type)
        case let .component(type): ordered(ComponentType.allCases.map(\.declaration), first: type)
        case .app, .scene, .useCase, .field, .declaration, .listField, .rule: nil
        }
    }

    private static func ordered(_ declarations: [TypeDeclaration], first type: String?) -> [TypeDeclaration] {
        declarations.filter { $0.name == type } + declarations.filter { $0.name != type }
    }

    /// What a place is called, in this table and in hover text.
    static func name(of place: ManifestKeys.Place) -> String {
        switch place {
        case .app: "app"
        case .scene: "scene"
        case .useCase: "useCase"
        case .field: "field"
        case .declaration: "declaration"
        case .listField: "listField"
        case .rule: "rule"
        case .provider: "provider"
        case .step: "step"
        case .component: "component"
        }
    }

    static let lines: [String: String] = [
        // app.json
        "formatVersion": "the manifest format's version: 1",
        "app.name": "the app's name; also names its key-value storage file",
        "entry": "the scene the app starts at",
        "timeZone": "the IANA time zone dates show in and days begin in (UTC by default); --tz overrides",
        "locale": "the locale formatting and translation use (en_US, ru_RU); run --locale overrides it",
        "currency": "the ISO 4217 code currency() formats in (USD, RUB)",
        "env": "named text values every expression reads as env.NAME; run --env overrides them",
        "models": "record types: each a map of field names to types",
        "shared": "fields every scene reads and writes as shared.NAME, each with a type and a default",
        "providers": "where data comes from, by name: \(TypeDeclaration.listed(ProviderType.allCases.map(\.rawValue))) providers",
        "workers": "Swift workers the app's registry supplies, by name: {\"type\": \"swift\"}",
        "formatters": "Swift formatters the app's registry supplies, by name: {\"type\": \"swift\"}",
        "invariants":
            "what must hold in every frame of a scene, by scene name: [{\"check\": \"@{…}\", \"message\": \"…\"}]; false shows E514",
        // scenes
        "scene": "the scene's name; the same as its file's name",
        "title": "what people call the scene: shown under its name by scenery graph; a frame shows the view's header, not this",
        "scene.args": "what the scene is given when routed to: names and types",
        "state": "the scene's own fields, each with a type and a default",
        "useCases": "the scene's use cases by name: request → interactor → response → presenter",
        "view": "the scene's components, top to bottom",
        "onAppear": "use cases run whenever the scene becomes the top",
        "onResult": "the use case run with what a scene above returned (back/dismiss with a result)",
        // use cases
        "useCase.request": "the request's fields and types, or a model's name; an input line fills them in order",
        "interactor": "the steps the interactor runs, in order",
        "useCase.onError": "steps every step that may fail runs when it fails and has no onError or fallback of its own",
        "useCase.response": "the response's fields as expressions over the steps' results",
        "presenter": "the view model's fields made from the response, or {\"swift\": NAME}",
        "reentrant": "whether the use case may run again while it is still running (default false)",
        "internal":
            "whether only the scene runs it (call, onAppear, onResult): it cannot be typed, and help does not list it (default false)",
        // fields
        "type": "the kind of object, or a field's type: string, int, decimal, bool, date, [T], T? or a model",
        "default": "the value the field starts with",
        // rules and list fields
        "check": "the condition that must hold",
        "rule.message": "the message shown when the check fails",
        "each": "the list to make the field from",
        "listField.as": "the name each element is known by",
        "listField.value": "what each element becomes"
    ]
}
