import Foundation
import SceneManifest

/// What `--trace` reports: every request a use case receives, every response it presents,
/// every route taken, every error shown, and every failure a step's `onError` took.
public enum TraceEvent: Sendable, Equatable {
    case request(scene: String, useCase: String, request: SceneValue)
    case response(scene: String, useCase: String, response: SceneValue)
    case route(SceneRoute)
    case error(RuntimeError)
    /// A failure a step's `onError` or `fallback` took: the `error` its handler sees.
    case recovered(scene: String, useCase: String, step: Int, error: SceneValue)

    /// The event as one line: `request Cart.add {"id":2}`, `route push Product args={"id":2}`.
    public var text: String {
        switch self {
        case let .request(scene, useCase, request): "request \(scene).\(useCase) \(ValueJSON.text(request))"
        case let .response(scene, useCase, response): "response \(scene).\(useCase) \(ValueJSON.text(response))"
        case let .route(route):
            "route \(route.mode.rawValue)\(route.to.map { " \($0)" } ?? "") args=\(ValueJSON.text(route.args))"
                + (route.result.map { " result=\(ValueJSON.text($0))" } ?? "")
        case let .error(failure): "error \(failure.located)"
        case let .recovered(scene, useCase, step, error): "recovered \(scene).\(useCase) step \(step) \(ValueJSON.text(error))"
        }
    }

    /// The event as a record for `--format json`: `event` names it, the other fields depend on it —
    /// `scene useCase request`, `scene useCase response`, `mode to args result`, or `error` with
    /// the fields a frame's `error` has.
    public var record: SceneValue {
        var record = Record()
        switch self {
        case let .request(scene, useCase, request):
            record["event"] = .string("request")
            record["scene"] = .string(scene)
            record["useCase"] = .string(useCase)
            record["request"] = request
        case let .response(scene, useCase, response):
            record["event"] = .string("response")
            record["scene"] = .string(scene)
            record["useCase"] = .string(useCase)
            record["response"] = response
        case let .route(route):
            record["event"] = .string("route")
            record["mode"] = .string(route.mode.rawValue)
            record["to"] = route.to.map(SceneValue.string) ?? .null
            record["args"] = route.args
            record["result"] = route.result ?? .null
        case let .error(failure):
            record["event"] = .string("error")
            record["error"] = failure.record
        case let .recovered(scene, useCase, step, error):
            record["event"] = .string("recovered")
            record["scene"] = .string(scene)
            record["useCase"] = .string(useCase)
            record["step"] = .number(Decimal(step))
            record["error"] = error
        }
        return .record(record)
    }
}

/// Where a running app sends its ``TraceEvent``s: the scenes and use cases are handed this
/// one object, and whoever watches (`scenery run --trace`) sets its handler, before or after.
@MainActor
final class Tracer {
    var handler: (@MainActor (TraceEvent) -> Void)?

    init(handler: (@MainActor (TraceEvent) -> Void)? = nil) { self.handler = handler }

    func callAsFunction(_ event: @autoclosure () -> TraceEvent) {
        handler?(event())
    }
}
