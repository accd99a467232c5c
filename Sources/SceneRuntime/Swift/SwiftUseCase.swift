import SceneManifest
import VIP

/// One use case of a scene written in Swift: a typed interactor and presenter that run in
/// place of the manifest's steps and view-model fields, behind the same request checks,
/// banners, routes and view. Requests arrive decoded from what the user typed; responses
/// reach the presenter as they are, and the view model is merged into the scene's `vm`.
///
/// ```swift
/// SwiftUseCase("load", interactor: LoadInteractor(scene: scene), presenter: LoadPresenter(format: scene.format))
/// ```
@MainActor
public struct SwiftUseCase {
    public let name: String
    let run: SceneRegistry.SwiftSteps
    /// Nil for a use case with no presenter: it changes nothing in the view model.
    let present: SceneRegistry.DynamicPresenter?

    /// A use case whose responses its presenter turns into the scene's view model.
    public init<I: Interactor, P: Presenter>(_ name: String, interactor: I, presenter: P)
    where
        I.Request: Decodable, I.Response: Encodable, I.Response == P.Response, I.Route == SceneRoute,
        P.ViewModel: Encodable
    {
        self.name = name
        // The typed response the presenter gets, handed over as it is: decoding it back
        // from the dynamic value the pipeline carries would give the same value, slower.
        let pending = PendingResponse<I.Response>()
        run = Self.run(name, interactor, pending)
        present = { _ in
            guard let response = pending.take() else { return Record() }
            return try sceneValue(of: try presenter.present(response)).recordValue
        }
    }

    /// A use case that presents nothing: it stores, sets or routes.
    public init<I: Interactor>(_ name: String, interactor: I)
    where I.Request: Decodable, I.Response: Encodable, I.Route == SceneRoute {
        self.name = name
        run = Self.run(name, interactor, nil)
        present = nil
    }

    /// Decodes the request, runs the interactor, and forwards what it presents (encoded, as
    /// the trace and a `call` step's `as` see it), routes and reports.
    private static func run<I: Interactor>(_ name: String, _ interactor: I, _ pending: PendingResponse<I.Response>?)
        -> SceneRegistry.SwiftSteps
    where I.Request: Decodable, I.Response: Encodable, I.Route == SceneRoute {
        { request, output, wantsResponse in
            let typed = try Bridge.decode(I.Request.self, from: request, what: "request of use case '\(name)'")
            var last: SceneValue?
            var failure: (any Error)?
            let typedOutput = Output<I.Response, SceneRoute>(
                isLive: { output.isActive },
                present: { response in
                    // A typed presenter takes the response as it is: it is made a dynamic
                    // value only when a `call` step reads it.
                    if let pending, !wantsResponse {
                        pending.value = response
                        last = .null
                        output.present(.null)
                        return
                    }
                    do {
                        let value = try sceneValue(of: response)
                        last = value
                        pending?.value = response
                        output.present(value)
                    } catch {
                        failure = error
                    }
                },
                route: { output.route($0) }, report: { output.report($0) })
            try await interactor.handle(typed, output: typedOutput)
            if let failure { throw failure }
            return last
        }
    }
}

/// The response an interactor just presented, for its presenter, which runs next.
@MainActor
final class PendingResponse<Response> {
    var value: Response?

    func take() -> Response? {
        defer { value = nil }
        return value
    }
}

/// Thrown by a Swift use case that stops as a failed `validate` stops a JSON one: what it
/// wrote to collections is undone, and no error shows beyond the messages it reported.
public struct UseCaseStopped: Error {
    public init() {}
}
