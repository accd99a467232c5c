import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP

/// `--arg K=V` for the scene a run starts at: the same typed `args` a route passes, given
/// on the command line and coerced to the types the scene declares.
enum SceneArguments {
    /// The args record for `scene` from `K=V` pairs: every name must be declared (else a
    /// did-you-mean), every required arg given, and each value must read as its type.
    static func record(_ pairs: [String], for scene: SceneDefinition) throws(UsageError) -> SceneValue {
        let declared = scene.args.map(\.name)
        var given: [String] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("option '--arg' takes NAME=VALUE, not '\(pair)'")
            }
            let name = String(pair[..<equals])
            guard declared.contains(name) else {
                let hint =
                    Suggestions.didYouMean(name, in: declared)
                    ?? (declared.isEmpty ? "'\(scene.name)' takes no arguments" : "it takes: \(declared.joined(separator: ", "))")
                throw UsageError("scene '\(scene.name)' has no argument '\(name)'", hint: hint)
            }
            given.append(name)
        }
        for (name, type) in scene.args where !type.isOptional && !given.contains(name) {
            throw UsageError(
                "scene '\(scene.name)' needs argument '\(name)' (\(type))",
                hint: "give it with '--arg \(name)=\(RequestCoercion.example(type))'")
        }
        do {
            return try RequestCoercion.request(pairs, for: scene.args, action: "--arg")
        } catch {
            throw UsageError("option \(error.description)")
        }
    }
}
