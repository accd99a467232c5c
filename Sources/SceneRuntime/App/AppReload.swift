import SceneManifest
import VIP

extension RuntimeApp {
    /// Takes over from `previous`, an app running the definitions this one replaces
    /// (`scenery run --watch` after a file changed). The shared fields, then each scene on
    /// the stack, bottom first, are rebuilt from this app's definitions with their args, and
    /// keep their state and view model where the fields still exist and the values still fit.
    /// A scene that is gone, or cannot be built with its args, ends the stack below it; when
    /// even the root is gone the app starts at its entry scene. The previous app's scenes
    /// leave, which cancels their work; of the new ones only the top appears, so only its
    /// `onAppear` runs again.
    /// - Returns: a line for each thing that could not be kept, for the user.
    public func takeOver(from previous: RuntimeApp) throws -> [String] {
        var notes = carryShared(from: previous.shared)
        var screens: [(screen: any Screen, presentation: Presentation)] = []
        for entry in previous.navigator.stack {
            guard let old = entry.screen as? JSONScene else { break }
            guard loaded.scenes[old.screenName] != nil else {
                notes.append("scene '\(old.screenName)' no longer exists; the stack now ends below it")
                break
            }
            let scene: JSONScene
            do {
                scene = try makeScene(old.screenName, args: old.args)
            } catch {
                notes.append("scene '\(old.screenName)' cannot be built again: \(error); the stack now ends below it")
                break
            }
            notes += scene.sceneState.carry(state: old.state, viewModel: old.viewModel)
            screens.append((scene, entry.presentation))
        }
        if screens.isEmpty { screens = [(try makeScene(loaded.app.entry.value, args: .record(Record())), .root)] }
        previous.navigator.restore([])
        userActed(leavingStackAt: screens.count)
        navigator.restore(screens)
        return notes
    }

    private func carryShared(from previous: SharedValues) -> [String] {
        guard case let .record(fields) = previous.record else { return [] }
        return Self.carry(fields, named: { "shared.\($0)" }, type: shared.type(of:), models: loaded.app.models, into: shared.write)
    }

    /// Writes each field of `previous` whose name is still declared (`type` gives its type)
    /// and whose value still fits; the others start from their defaults.
    /// - Returns: a line for each field not kept, named by `named`.
    static func carry(
        _ previous: Record, named: (String) -> String, type: (String) -> TypeRef?, models: [String: ModelDefinition],
        into write: (String, SceneValue) -> Void
    ) -> [String] {
        var notes: [String] = []
        for field in previous.fields {
            guard let declared = type(field.name) else {
                notes.append("\(named(field.name)) no longer exists")
                continue
            }
            if let problem = declared.mismatch(of: field.value, models: models) {
                notes.append("\(named(field.name)) starts again from its default: \(problem)")
            } else {
                write(field.name, field.value)
            }
        }
        return notes
    }
}

extension SceneState {
    /// Takes the state and view model of the scene this one replaces: each state field that
    /// still exists and whose value still fits its type, and the view model as it was.
    /// - Returns: a line for each state field that starts again from its default.
    func carry(state previous: Record, viewModel: Record) -> [String] {
        let notes = RuntimeApp.carry(
            previous, named: { "\(definition.name): state.\($0)" },
            type: { name in definition.state.first { $0.name == name }?.field.type },
            models: models, into: restore)
        merge(viewModel)
        return notes
    }
}
