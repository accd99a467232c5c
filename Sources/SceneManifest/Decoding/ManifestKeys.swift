/// The keys each kind of manifest object allows, exactly as the decoders read them, for
/// editors: `scenery lsp` completes keys from these lists.
public enum ManifestKeys {
    /// A kind of object in app.json or a scene file; a typed one (a step, a component, a
    /// provider) carries its `type`, nil while it is not written yet.
    public enum Place: Equatable, Sendable {
        /// `field`: a state or shared field; `declaration`: a worker or formatter.
        case app, scene, useCase, field, declaration, listField, rule
        case provider(type: String?)
        case step(type: String?)
        case component(type: String?)
    }

    /// The keys whose value names a use case of the scene: a component's `action`, the
    /// scene's `onResult` and each of its `onAppear`, a `call` step's `useCase`. What the
    /// editor's index and completion read.
    public static let namingUseCase: Set<String> = ["action", "onAppear", "onResult", "useCase"]

    /// The keys `place` allows, in the order the reference lists them. A typed object whose
    /// type is not known yet allows `type` and the keys every type has.
    public static func allowed(in place: Place) -> [String] {
        switch place {
        case .app: AppDecoder.keys
        case .scene: SceneDecoder.keys
        case .useCase: SceneDecoder.useCaseKeys
        case .field: ["type", "default"]
        case .declaration: ["type"]
        case .listField: ["each", "as", "value"]
        case .rule: ["check", "message"]
        case let .provider(type):
            type.flatMap(ProviderType.init)?.declaration.allowed ?? ["type", "model"]
        case let .step(type):
            type.flatMap(StepType.init)?.declaration.allowed ?? ["type", "if"]
        case let .component(type):
            type.flatMap(ComponentType.init)?.declaration.allowed ?? ["type", "if"]
        }
    }
}
