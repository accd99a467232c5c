import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

// checks: docs/cli.md#a-scene-in-swift
@MainActor
@Suite struct SwiftSceneTests {
    static let files: [String: String] = [
        "app.json": appJSON(
            #"""
            "shared": {"last": {"type": "string?", "default": null}},
            "providers": {"notes": {"type": "keyValue", "model": "[string]", "default": []}}
            """#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "state": {"count": {"type": "int", "default": 0}, "title": {"type": "string", "default": ""}},
         "useCases": {
           "add": {"request": {"text": "string"},
             "interactor": [{"type": "set", "path": "state.title", "value": "@{request.text}"}],
             "response": {"count": "@{state.count}", "title": "@{state.title}"},
             "presenter": {"summary": "@{response.title} (json)"}},
           "reset": {"interactor": [{"type": "set", "path": "state.count", "value": 0}]},
           "again": {"interactor": [
               {"type": "call", "useCase": "add", "request": {"text": "@{state.title}"}, "as": "added"},
               {"type": "set", "path": "shared.last", "value": "@{added.title}!"}]},
           "bad": {"interactor": [{"type": "set", "path": "state.count", "value": 1}]},
           "open": {"interactor": [{"type": "route", "to": "Other", "args": {"note": "json"}}]}},
         "view": [{"type": "text", "text": "@{vm.summary} · @{state.count} · @{shared.last}"}, {"type": "error"}]}
        """#,
        "scenes/Other.json": #"""
        {"formatVersion": 1, "scene": "Other", "args": {"note": "string"},
         "state": {"seen": {"type": "string", "default": ""}},
         "useCases": {"look": {"interactor": [{"type": "set", "path": "state.seen", "value": "@{args.note}"}]}},
         "view": [{"type": "text", "text": "seen @{state.seen}"}, {"type": "error"}],
         "onAppear": ["look"]}
        """#
    ]

    struct State: Codable {
        var count: Int
        var title: String
    }
    struct AddRequest: Decodable, Sendable { var text: String }
    struct AddResponse: Codable, Sendable {
        var count: Int
        var title: String
    }
    struct Summary: Encodable, Sendable { var summary: String }
    struct Empty: Decodable, Sendable {}

    /// Counts the notes added, stores them, and presents the count and the latest.
    struct AddInteractor: Interactor {
        typealias Route = SceneRoute
        let scene: SceneContext
        func handle(_ request: AddRequest, output: Output<AddResponse, SceneRoute>) async throws {
            let state = try scene.state(State.self)
            let notes = scene.provider("notes", as: [String].self)
            try await notes.store(try await notes.fetch() + [request.text])
            try scene.set("state.count", to: state.count + 1)
            try scene.set("state.title", to: request.text)
            output.present(AddResponse(count: state.count + 1, title: request.text))
        }
    }

    struct AddPresenter: Presenter {
        let scene: SceneContext
        func present(_ response: AddResponse) -> Summary {
            Summary(summary: "\(response.title), \(response.count) in \(scene.format.locale)")
        }
    }

    /// Writes a text where the manifest declares an int.
    struct BadInteractor: Interactor {
        typealias Route = SceneRoute
        let scene: SceneContext
        func handle(_ request: Empty, output: Output<Never, SceneRoute>) throws {
            try scene.set("state.count", to: "many")
        }
    }

    struct OpenInteractor: Interactor {
        typealias Route = SceneRoute
        func handle(_ request: Empty, output: Output<Never, SceneRoute>) {
            output.route(SceneRoute(to: "Other", mode: .push, args: .record(Record(fields: [("note", .string("swift"))]))))
        }
    }

    struct LookInteractor: Interactor {
        typealias Route = SceneRoute
        struct Args: Decodable { var note: String }
        let scene: SceneContext
        func handle(_ request: Empty, output: Output<Never, SceneRoute>) throws {
            try scene.set("state.seen", to: try scene.args(Args.self).note + " from Swift")
        }
    }

    static func registry() -> SceneRegistry {
        let registry = SceneRegistry()
        registry.register(scene: "Main") { scene in
            [
                SwiftUseCase("add", interactor: AddInteractor(scene: scene), presenter: AddPresenter(scene: scene)),
                SwiftUseCase("bad", interactor: BadInteractor(scene: scene)),
                SwiftUseCase("open", interactor: OpenInteractor())
            ]
        }
        registry.register(scene: "Other") { scene in [SwiftUseCase("look", interactor: LookInteractor(scene: scene))] }
        return registry
    }

    @Test func theRegisteredUseCasesRunInPlaceOfTheManifestsBehindTheSameView() async throws {
        let test = try TestApp(Self.files, registry: Self.registry())
        try await test.start()
        try await test.send("add", ["text": .string("milk")])
        try await test.send("add", ["text": .string("tea")])
        #expect(test.lines(width: 60) == ["tea, 2 in en_US · 2 ·"])
        #expect(test.top?.state["title"] == .string("tea"))
        // The stored value is the provider's, as a `store` step's would be.
        try await test.send("reset")
        #expect(test.lines(width: 60) == ["tea, 2 in en_US · 0 ·"])
    }

    @Test func underPlainScenesTheManifestsOwnUseCasesRun() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        try await test.send("add", ["text": .string("milk")])
        #expect(test.lines(width: 60) == ["milk (json) · 0 ·"])
    }

    @Test func aJSONUseCaseCallsASwiftOneAndGetsItsResponse() async throws {
        let test = try TestApp(Self.files, registry: Self.registry())
        try await test.start()
        try await test.send("add", ["text": .string("milk")])
        try await test.send("again")
        #expect(test.lines(width: 60) == ["milk, 2 in en_US · 2 · milk!"])
    }

    @Test func aWriteThatDoesNotFitTheDeclaredTypeIsRefusedWithE513() async throws {
        let test = try TestApp(Self.files, registry: Self.registry())
        try await test.start()
        try await test.send("bad")
        let failure = try #require(test.top?.shownFailures.first)
        #expect(failure.code == DiagnosticCode.valueDoesNotFit)
        #expect(failure.message.hasPrefix("cannot set 'state.count', which is int"))
        #expect(test.top?.state["count"] == .number(0))
    }

    @Test func routesAndArgsReachTheNextSceneInSwift() async throws {
        let test = try TestApp(Self.files, registry: Self.registry())
        try await test.start()
        try await test.send("open")
        #expect(test.lines(width: 60) == ["seen swift from Swift"])
    }

    @Test func aRegistrationNamingAnUndeclaredUseCaseIsRefusedWithADidYouMean() async throws {
        let registry = SceneRegistry()
        registry.register(scene: "Main") { scene in [SwiftUseCase("ad", interactor: OpenInteractor())] }
        let test = try TestApp(Self.files, registry: registry)
        #expect(
            Self.startFailure(test)
                == "scene 'Main' is registered in Swift with a use case 'ad', which its manifest does not declare; did you mean 'add'?")
    }

    @Test func aRegistrationNamingOneUseCaseTwiceIsRefused() async throws {
        let registry = SceneRegistry()
        registry.register(scene: "Main") { _ in
            [SwiftUseCase("open", interactor: OpenInteractor()), SwiftUseCase("open", interactor: OpenInteractor())]
        }
        let test = try TestApp(Self.files, registry: registry)
        #expect(
            Self.startFailure(test) == "scene 'Main' is registered in Swift with use case 'open' twice")
    }

    /// What starting the app fails with, as a person reads it; nil when it starts.
    static func startFailure(_ test: TestApp) -> String? {
        do {
            try test.app.start()
            return nil
        } catch {
            return (error as? any LocalizedError)?.errorDescription ?? "\(error)"
        }
    }
}
