import SceneManifest

/// Counts what a run exercised, by place in a manifest: the use cases it started, the
/// steps it ran, which way each `if` went, each validation rule's verdict, each view
/// component it showed. Keys are those of ``CoverageMap``, so counts from separate runs
/// (and processes) add up against the same map.
@MainActor
public final class CoverageRecorder {
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    func hit(_ key: String) { counts[key, default: 0] += 1 }

    func useCase(_ name: String, in scene: SceneDefinition) {
        guard let offset = scene.offsets["useCases.\(name)"] else { return }
        hit(CoverageMap.key(scene, .useCase, offset))
    }

    /// A step reached: which way its `if` went, and whether it ran.
    func step(_ step: Step, in scene: SceneDefinition, ran: Bool) {
        let key = CoverageMap.key(scene, .step, step.offset)
        if step.condition != nil { hit(CoverageMap.branch(key, ran ? 0 : 1)) }
        if ran { hit(key) }
    }

    func rule(_ check: Template, of step: Step, in scene: SceneDefinition, passed: Bool) {
        let key = CoverageMap.key(scene, .rule, check.origin ?? step.offset)
        hit(key)
        hit(CoverageMap.branch(key, passed ? 0 : 1))
    }

    /// A view component when a frame was built: shown or hidden by its `if`.
    func component(_ component: ComponentDefinition, in scene: SceneDefinition, shown: Bool) {
        let key = CoverageMap.key(scene, .component, component.offset)
        if !component.conditions.isEmpty { hit(CoverageMap.branch(key, shown ? 0 : 1)) }
        if shown { hit(key) }
    }
}
