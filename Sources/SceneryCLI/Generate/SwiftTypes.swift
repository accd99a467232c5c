import SceneManifest

/// Swift types for a scene's values: declared types exactly, and the types of response and
/// view-model fields inferred from their expressions where they can be; the rest are the
/// scene's own Codable `Value`.
struct SwiftTypes {
    let app: AppDefinition?
    let scene: SceneDefinition

    private var types: StaticTypes { StaticTypes(app: app, scene: scene) }

    func infer(_ value: ValueTemplate, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        types.infer(value, useCase: useCase, locals: locals)
    }

    func locals(of useCase: UseCaseDefinition) -> [String: TypeRef] { types.locals(of: useCase) }

    /// The Swift spelling of a declared type.
    func swift(_ type: TypeRef) -> String {
        switch type {
        case .string, .date: "String"
        case .int: "Int"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case let .list(element): "[\(swift(element))]"
        case let .optional(wrapped): "\(swift(wrapped))?"
        case let .model(name): name
        }
    }
}
