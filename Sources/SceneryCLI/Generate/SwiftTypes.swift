import SceneManifest

/// Swift types for a scene's values: declared types exactly, and the types of response and
/// view-model fields inferred from their expressions where they can be — through model paths
/// (`response.book.title` is `String` when `book` is a `Book`), list items and optionals; the
/// rest, and models of a scene without its app, are the scene's own Codable `Value`.
struct SwiftTypes {
    let names: SwiftNames
    private var types: StaticTypes

    init(app: AppDefinition?, scene: SceneDefinition, names: SwiftNames) {
        self.names = names
        types = StaticTypes(app: app, scene: scene)
        types.membersOfOptionalsAreOptional = true
    }

    /// The types a presenter sees: `response.FIELD` has the type the response gives it.
    func presenting(_ response: [String: TypeRef]) -> SwiftTypes {
        var copy = self
        copy.types.response = response
        return copy
    }

    func infer(_ value: ValueTemplate, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        types.infer(value, useCase: useCase, locals: locals)
    }

    func infer(_ template: Template, useCase: UseCaseDefinition?, locals: [String: TypeRef]) -> TypeRef? {
        types.infer(.template(template), useCase: useCase, locals: locals)
    }

    func locals(of useCase: UseCaseDefinition) -> [String: TypeRef] { types.locals(of: useCase) }

    /// The Swift spelling of a type: a model as `Models.Name` from the use cases, as its bare
    /// name from inside `Models`.
    func swift(_ type: TypeRef, insideModels: Bool = false) -> String {
        switch type {
        case .string, .date: "String"
        case .int: "Int"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case let .list(element): "[\(swift(element, insideModels: insideModels))]"
        case let .optional(wrapped): swift(wrapped, insideModels: insideModels) + (wrapped.isOptional ? "" : "?")
        case let .model(name):
            if let model = names.model(name) { insideModels ? model : "Models.\(model)" } else { "Value" }
        }
    }
}
