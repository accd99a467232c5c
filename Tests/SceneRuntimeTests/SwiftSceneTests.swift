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

/// The rest of what a scene in Swift reads and writes through its context: lists item by
/// item, collections, `call` with a request, a failure as `onError` sees it, and a stop that
/// undoes collection writes.
// checks: docs/cli.md#a-scene-in-swift
@MainActor
@Suite struct SceneContextTests {
    static let files: [String: String] = [
        "app.json": appJSON(
            #"""
            "models": {"Note": {"id": "string", "text": "string"}},
            "shared": {"tags": {"type": "[string]", "default": ["a", "bb", "ccc"]}},
            "providers": {"notes": {"type": "collection", "model": "Note", "key": "id"}},
            "env": {"name": "envy"}, "formatters": {"badge": {"type": "swift"}}
            """#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main", "onAppear": ["count"],
         "state": {"count": {"type": "int", "default": 0}, "seen": {"type": "string", "default": ""}},
         "useCases": {
           "count": {"interactor": [{"type": "fetch", "provider": "notes", "as": "all", "args": {}},
                                    {"type": "set", "path": "state.count", "value": "@{count(all)}"}]},
           "trim": {"interactor": []},
           "add": {"request": {"id": "string", "stop": "bool"},
                   "interactor": [{"type": "insert", "provider": "notes", "value": "@{{id: request.id, text: 'x'}}"}]},
           "note": {"request": {"text": "string"}, "interactor": [{"type": "set", "path": "state.seen", "value": "@{request.text}"}]},
           "ask": {"interactor": []}, "fail": {"interactor": []}, "look": {"interactor": []}},
         "view": [{"type": "text", "text": "@{state.count} @{join(shared.tags, ',')} @{state.seen}"}, {"type": "error"}]}
        """#
    ]

    struct Empty: Decodable, Sendable {}
    struct Add: Decodable, Sendable {
        var id: String
        var stop: Bool
    }

    /// One Swift use case whose body is `run`.
    struct Body<Request: Decodable & Sendable>: Interactor {
        typealias Route = SceneRoute
        let run: @MainActor (Request, Output<Never, SceneRoute>) async throws -> Void
        func handle(_ request: Request, output: Output<Never, SceneRoute>) async throws { try await run(request, output) }
    }

    static func registry() -> SceneRegistry {
        let registry = SceneRegistry()
        registry.register(formatter: "badge") { "★\($0)" }
        registry.register(scene: "Main") { scene in
            [
                SwiftUseCase(
                    "trim",
                    interactor: Body<Empty> { _, _ in
                        try scene.remove(from: "shared.tags", where: { (tag: String) in tag.count == 1 })
                        try scene.update("shared.tags", where: { (tag: String) in tag == "bb" }, to: { tag in tag.uppercased() })
                    }),
                SwiftUseCase(
                    "add",
                    interactor: Body<Add> { request, _ in
                        try await scene.collection("notes").insert(SceneRecord(["id": request.id, "text": "x"]))
                        if request.stop { throw UseCaseStopped() }
                        try await scene.call("count")
                    }),
                SwiftUseCase(
                    "look",
                    interactor: Body<Empty> { _, _ in
                        let badge: String = try SceneFunctions.call("badge", 3, format: scene.format)
                        try scene.set("state.seen", to: try scene.value("env.name", as: String.self) + badge)
                    }),
                SwiftUseCase("ask", interactor: Body<Empty> { _, _ in try await scene.call("note", request: SceneRecord(["text": "hi"])) }),
                SwiftUseCase(
                    "fail",
                    interactor: Body<Empty> { _, _ in
                        do {
                            try await scene.collection("notes").insert(SceneRecord(["id": "n1", "text": 1]))
                        } catch {
                            let seen = try scene.recover(error, from: "notes", useCase: "fail", step: 1)
                            try scene.set("state.seen", to: "\(seen.code ?? "none") from \(seen.from)")
                        }
                    })
            ]
        }
        return registry
    }

    func start() async throws -> TestApp {
        var options = RuntimeOptions()
        options.stateDirectory = scratchFolder.appendingPathComponent("scenery-context-\(UUID().uuidString)")
        let test = try TestApp(Self.files, options: options, registry: Self.registry())
        try await test.start()
        return test
    }

    @Test func envAndTheAppsFormattersReadAsTheManifestReadsThem() async throws {
        let test = try await start()
        try await test.send("look")
        #expect(test.lines(width: 60) == ["0 a,bb,ccc envy★3"])
    }

    @Test func listsChangeItemByTypedItem() async throws {
        let test = try await start()
        try await test.send("trim")
        #expect(test.lines(width: 60) == ["0 BB,ccc"])
    }

    @Test func aStopUndoesWhatTheUseCaseWroteToCollections() async throws {
        let test = try await start()
        try await test.send("add", ["id": .string("n1"), "stop": .bool(false)])
        #expect(test.lines(width: 60) == ["1 a,bb,ccc"])
        try await test.send("add", ["id": .string("n2"), "stop": .bool(true)])
        try await test.send("count")
        #expect(test.lines(width: 60) == ["1 a,bb,ccc"])
        #expect(test.top?.errors == [])
    }

    @Test func aCallTakesItsRequestAndAFailureIsSeenAsOnErrorSeesIt() async throws {
        let test = try await start()
        try await test.send("ask")
        #expect(test.lines(width: 60) == ["0 a,bb,ccc hi"])
        try await test.send("fail")
        #expect(test.lines(width: 60).first?.hasSuffix("E513 from notes") == true, "\(test.lines(width: 60))")
    }
}
