import SceneManifest

/// The Swift names of an ejected scene: its enum and DataFlows (as `scenery generate swift`
/// names them), its roles (`LoginSignInInteractor`), the app's models inside the module's
/// `Models` namespace, and locals that never meet the names the generated code uses.
struct EjectNames {
    let dataFlow: SwiftNames

    init(app: AppDefinition, scene: SceneDefinition) {
        dataFlow = SwiftNames(app: app, scene: scene)
    }

    var scene: String { dataFlow.scene }

    /// A use case's DataFlow, as the scene's enum holds it: `Login.SignIn`.
    func flow(_ useCase: String) -> String { "\(scene).\(dataFlow.useCase(useCase))" }

    /// A role of a use case: `LoginSignInInteractor`, `LoginSignInPresenter`.
    func role(_ useCase: String, _ role: String) -> String { scene + dataFlow.useCase(useCase) + role }

    /// Names the generated code gives a meaning; a manifest local spelt like one is renamed.
    static let taken: Set<String> = ["scene", "output", "request", "response", "format", "problems", "SceneFunctions"]

    /// The types and functions the generated code names: no local may hide them.
    static let runtimeNames: Set<String> = [
        "SceneFunctions", "SceneWorkers", "SceneRecord", "SceneRoute", "SceneContext", "SceneError", "SceneValue", "Record",
        "DisplayedError", "UseCaseStopped", "SwiftUseCase", "Output", "Interactor", "Presenter", "KeyValuePairs", "Set"
    ]

    /// The Swift name of a manifest local.
    func local(_ name: String) -> String {
        let field = SwiftNames.field(name).swift
        return Self.taken.contains(field) ? field + "Value" : field
    }

    /// The Swift spelling of a declared type; a date is its ISO-8601 text, as the runtime holds it.
    func swift(_ type: TypeRef) -> String {
        switch type {
        case .string, .date: "String"
        case .int: "Int"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case let .list(element): "[\(swift(element))]"
        case let .optional(wrapped): swift(wrapped) + (wrapped.isOptional ? "" : "?")
        case let .model(name):
            if name.isEmpty {
                "SceneRecord"
            } else if name == "\u{0}SceneError" {
                "SceneError"
            } else {
                "Models.\(dataFlow.model(name) ?? name)"
            }
        }
    }
}
