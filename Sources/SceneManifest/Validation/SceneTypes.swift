/// One scene's ``StaticTypes`` and the locals each of its use cases binds, worked out once
/// for all the cross checks that read them (routes, model fields, type fit) rather than by
/// each check, and for each route, again.
struct SceneTypes {
    let types: StaticTypes
    private let localsByUseCase: [String: [String: TypeRef]]

    init(app: AppDefinition, scene: SceneDefinition) {
        let types = StaticTypes(app: app, scene: scene)
        self.types = types
        var locals: [String: [String: TypeRef]] = [:]
        locals.reserveCapacity(scene.useCases.count)
        for (name, useCase) in scene.useCases { locals[name] = types.locals(of: useCase) }
        localsByUseCase = locals
    }

    /// The locals the steps of use case `name` bind, by the type each holds.
    func locals(of name: String) -> [String: TypeRef] { localsByUseCase[name] ?? [:] }
}
