import SceneManifest

/// Every place of an app a run can exercise, at its manifest `file:line:column`: use cases,
/// interactor steps (routes among them), `if` branches, validation rules and view
/// components. Coverage counts (``CoverageRecorder``) are keyed by these places.
public enum CoverageMap {
    public enum Kind: String, Sendable, CaseIterable {
        case useCase = "use case", step, rule, component
    }

    public struct Item: Sendable, Equatable {
        /// The manifest's path as the app was opened (`Scenes/Shop/scenes/Cart.json`).
        public let file: String
        public let kind: Kind
        /// How a summary names it: `checkout.fail`, `load`, `view[3] button`.
        public let label: String
        public let line: Int
        public let column: Int
        public let key: String
        /// The keys of its two outcomes — taken and not taken, passed and failed, shown and
        /// hidden — when it has a branch.
        public let branches: [String]
    }

    /// The places of every scene of `loaded`, scene by scene in file order.
    public static func items(of loaded: LoadedApp) -> [Item] {
        loaded.scenes.values.sorted { ($0.source?.file.path ?? $0.name) < ($1.source?.file.path ?? $1.name) }.flatMap(items(of:))
    }

    static func items(of scene: SceneDefinition) -> [Item] {
        guard let source = scene.source else { return [] }
        var items: [Item] = []
        func add(_ kind: Kind, _ label: String, _ offset: Int, branch: Bool) {
            let position = source.position(at: offset)
            let key = key(scene, kind, offset)
            items.append(
                Item(
                    file: source.file.path, kind: kind, label: label, line: position.line, column: position.column,
                    key: key, branches: branch ? [Self.branch(key, 0), Self.branch(key, 1)] : []))
        }
        for (name, useCase) in scene.useCases {
            if let offset = scene.offsets["useCases.\(name)"] { add(.useCase, name, offset, branch: false) }
            for step in useCase.everyStep {
                add(.step, "\(name).\(step.typeName)", step.offset, branch: step.condition != nil)
                if let rules = (step.body as? ValidateStep)?.rules {
                    for (index, rule) in rules.enumerated() {
                        add(.rule, "\(name).validate[\(index)]", rule.check.origin ?? step.offset, branch: true)
                    }
                }
            }
        }
        for (index, component) in (scene.view ?? []).enumerated() {
            add(.component, "view[\(index)] \(component.typeName)", component.offset, branch: !component.conditions.isEmpty)
        }
        return items.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    static func key(_ scene: SceneDefinition, _ kind: Kind, _ offset: Int) -> String {
        "\(scene.source?.file.path ?? scene.name)|\(kind.rawValue)|\(offset)"
    }

    static func branch(_ key: String, _ outcome: Int) -> String { "\(key)|\(outcome)" }
}
