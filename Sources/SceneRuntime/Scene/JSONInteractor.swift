import Foundation
import SceneManifest
import VIP

/// A JSON use case's interactor: runs the manifest's steps in order, then presents the
/// response. Failures (a provider, a runtime expression error, `fail`) are thrown and reach
/// the scene's error service; `validate` reports each failing message and stops.
@MainActor
final class JSONInteractor: Interactor {
    typealias Route = SceneRoute

    let name: String
    let definition: UseCaseDefinition
    let services: SceneServices
    /// The scene's other use cases, for `call`; gone once the scene is, and nil for a use
    /// case that calls none.
    weak var calls: SceneCalls?
    /// The collections the use case, and the use cases it calls however deep, write: read
    /// from the manifest once per scene definition (``ScenePlans``), not on every run or push.
    private let plan: ScenePlans.UseCasePlan
    /// Swift that runs in place of the steps: a `{"swift": …}` interactor, or the use case
    /// of a scene written in Swift (``SwiftUseCase``).
    private let swift: SceneRegistry.SwiftSteps?

    init(
        name: String, definition: UseCaseDefinition, services: SceneServices, calls: SceneCalls?, plan: ScenePlans.UseCasePlan,
        swift: SceneRegistry.SwiftSteps? = nil
    ) {
        self.name = name
        self.definition = definition
        self.services = services
        self.calls = calls
        self.plan = plan
        self.swift = swift
    }

    var scene: SceneDefinition { services.definition }

    func handle(_ request: SceneValue, output: Output<SceneValue, SceneRoute>) async throws {
        _ = try await run(request, output: output, depth: 0)
    }

    /// Runs the use case now when every step it can take runs without suspending
    /// (``ScenePlans/UseCasePlan/immediateSteps``): what it does and presents is the same
    /// either way, less the task.
    func handleWithoutSuspending(_ request: SceneValue, output: Output<SceneValue, SceneRoute>) throws -> Bool {
        // Only where a request's task starts at once too (`Task.immediate`): elsewhere a task
        // runs later, and running this one now would change the order use cases run in.
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return false }
        guard let immediate = plan.immediateSteps, swift == nil else { return false }
        _ = try runAtOnce(request, immediate, output: output, depth: 0)
        return true
    }

    /// ``run(_:output:depth:)`` for a use case that runs at once: it writes no collection,
    /// so there is no unit of work to begin, commit or roll back.
    func runAtOnce(_ request: SceneValue, _ bodies: [any ImmediateStep], output: Output<SceneValue, SceneRoute>, depth: Int) throws
        -> SceneValue?
    {
        services.state.coverage?.useCase(name, in: scene)
        var steps = StepRun(request: request, output: output, depth: depth)
        for (index, step) in definition.steps.enumerated() {
            let goesOn: Bool
            do {
                goesOn = try performAtOnce(step, index < bodies.count ? bodies[index] : nil, at: index + 1, &steps)
            } catch {
                throw located(error, step: index + 1, step)
            }
            // Stopped by a `validate`, or the scene was left: nothing is presented.
            guard goesOn else { return nil }
        }
        guard output.isActive else { return nil }
        return try respond(steps, output)
    }

    /// Runs the use case; returns the response it presented, or nil when it stopped early
    /// (a failed `validate`, or the scene was left).
    func run(_ request: SceneValue, output: Output<SceneValue, SceneRoute>, depth: Int) async throws -> SceneValue? {
        services.state.coverage?.useCase(name, in: scene)
        // The collections the use case writes: their writes commit together when it runs to
        // its end, and none of them does when it fails or stops.
        let units = try collectionUnits()
        // A use case run by the user or the scene waits its turn; one it calls is inside
        // its caller's turn already.
        let gates = depth == 0 ? units.map(\.gate) : []
        for gate in gates { await gate.acquire() }
        defer { for gate in gates { gate.release() } }
        if let swift {
            do {
                // A use case run by the user or the scene gives its response to its presenter alone.
                return try await within(units[...]) { try await swift(request, output, depth > 0) }
            } catch is UseCaseStopped {
                return nil
            } catch {
                throw located(error, part: "interactor")
            }
        }
        var steps = StepRun(request: request, output: output, depth: depth)
        let ran: Bool
        do {
            ran = try await within(units[...]) {
                for (index, step) in definition.steps.enumerated() {
                    do {
                        guard try await perform(step, at: index + 1, &steps) else {
                            // Left the scene (a route) before this step: what ran is kept.
                            // Stopped by a `validate`: none of it is.
                            if output.isActive { throw StepsFailed(error: nil) }
                            return false
                        }
                    } catch let failed as StepsFailed {
                        throw failed
                    } catch {
                        throw StepsFailed(error: located(error, step: index + 1, step))
                    }
                }
                return true
            }
        } catch let failed as StepsFailed {
            if let error = failed.error { throw error }
            return nil
        } catch {
            // Beginning or committing the unit.
            throw located(error, part: "interactor")
        }
        guard ran else { return nil }
        guard output.isActive else { return nil }
        return try respond(steps, output)
    }

    /// Makes the response from what the steps left and presents it.
    private func respond(_ steps: StepRun, _ output: Output<SceneValue, SceneRoute>) throws -> SceneValue {
        let response: SceneValue
        do {
            response = SceneValue.record(try record(definition.response ?? [], context(steps)))
        } catch {
            throw located(error, part: "response")
        }
        services.trace(.response(scene: scene.name, useCase: name, response: response))
        output.present(response)
        return response
    }

    /// What stopped the steps, thrown through their units of work so that none of their
    /// writes commits: a step's error, located, or nil for a failed `validate`.
    private struct StepsFailed: Error {
        let error: (any Error)?
    }

    /// Runs `body` inside a unit of work on each database of `units`, nested.
    private func within<T>(_ units: ArraySlice<CollectionProvider>, _ body: () async throws -> T) async throws -> T {
        guard let first = units.first else { return try await body() }
        return try await first.unit { try await within(units.dropFirst(), body) }
    }

    /// One collection per database the use case's steps (and handlers) insert, update or
    /// delete in: what its unit of work spans.
    private func collectionUnits() throws -> [CollectionProvider] {
        var units: [CollectionProvider] = []
        for name in plan.writtenCollections {
            let collection = try services.collection(name)
            if !units.contains(where: { $0.databaseIdentity == collection.databaseIdentity }) { units.append(collection) }
        }
        return units
    }

    /// The `error` an `onError` handler sees: `code` (`E513`, or null for a message meant for
    /// the app's user), `message` (as the banner would say it, without code or position),
    /// and `from` (the provider, worker or use case that failed).
    func errorValue(_ error: any Error, from source: String) -> SceneValue {
        let failure = scene.runtimeError(error, useCase: name)
        var record = Record()
        record["code"] = failure.code.map { .string($0.rawValue) } ?? .null
        record["message"] = .string(failure.message)
        record["from"] = .string(source)
        return .record(record)
    }

    /// The items of the list a `where` works on; nil for null, which holds none.
    func listItems(at path: String) throws(RunFailure) -> [SceneValue]? { try services.state.listItems(at: path) }

    /// A step's failure as a ``RuntimeError`` naming this use case, the step and the position
    /// of the failing expression (or of the step). A failure from a called use case already
    /// names its own place and passes through.
    private func located(_ error: any Error, step index: Int? = nil, _ step: Step? = nil, part: String? = nil) -> any Error {
        guard !(error is RuntimeError), !(error is CancellationError) else { return error }
        return scene.runtimeError(error, useCase: name, step: index, stepType: step?.typeName, part: part, offset: step?.offset)
    }

    /// The scene's roots, the request, the locals so far, and `result` in the `onResult` use case.
    func context(_ run: StepRun) -> EvaluationContext {
        var context = services.state.evaluationContext(request: run.request)
        context.locals = run.locals
        let request = run.request
        if scene.onResult?.value == name { context.setRoot("result", to: request) }
        return context
    }

    func record(_ fields: [(name: String, value: ValueTemplate)], _ context: EvaluationContext) throws(RunFailure) -> Record {
        var record = Record()
        record.reserveCapacity(fields.count)
        for (name, template) in fields { record[name] = try evaluate(template, context) }
        return record
    }

    func evaluate(_ template: ValueTemplate, _ context: EvaluationContext) throws(RunFailure) -> SceneValue {
        try Evaluator.evaluate(template, in: context).mapError(RunFailure.init).get()
    }

    func evaluate(_ template: Template, _ context: EvaluationContext) throws(RunFailure) -> SceneValue {
        try Evaluator.evaluate(template, in: context).mapError(RunFailure.init).get()
    }
}
