import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// What docs/manifest.md says `validate` knows before running: a `store` checked against the
/// provider's model, a provider's constants against its model, nullability left to run time
/// everywhere alike, a `page` without `size`, and `t()` keys found where the runtime finds them.
@MainActor
@Suite struct StaticContractTests {
    static let payments = #""models": {"Payment": {"id": "string", "amount": "decimal"}}"#

    func scene(_ useCases: String, view: String = #"[{"type": "error"}]"#) -> String {
        #"{"formatVersion": 1, "scene": "Main", "useCases": {\#(useCases)}, "view": \#(view)}"#
    }

    // checks: docs/manifest.md#types
    /// At the value's expression; a constant (which keeps no position of its own) at its step.
    @Test(arguments: [
        (#""5""#, "provider 'history' holds [string], but the value stored is string", 126),
        ("5", "provider 'history' holds [string], but the value stored does not fit it: it is a number, not [string]", 76),
        (#"{"n": 1}"#, "provider 'history' holds [string], but the value stored does not fit it: it is a record, not [string]", 76),
        (#"{"n": "@{1}"}"#, "provider 'history' holds [string], but the value stored is a record, not [string]", 76),
        (#""@{count(['a'])}""#, "provider 'history' holds [string], but the value stored is int", 126),
        ("[1, 2]", "provider 'history' holds [string], but the value stored does not fit it: '[0]' is a number, not string", 76)
    ])
    func aStoreOfAKnownWrongTypeIsE314(value: String, message: String, column: Int) throws {
        let found = try findings([
            "app.json": appJSON(#""providers": {"history": {"type": "keyValue", "model": "[string]"}}"#),
            "scenes/Main.json": scene(#""save": {"interactor": [{"type": "store", "provider": "history", "value": \#(value)}]}"#)
        ])
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.code == .typeMismatch)
        #expect(finding.message == message)
        #expect(finding.line == 1)
        #expect(finding.column == column)
    }

    /// A list or record of constants is known whole, in a `set` as in a `store`.
    // checks: docs/manifest.md#types
    @Test func aSetOfAConstantThatDoesNotFitIsE314() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "state": {"tags": {"type": "[string]"}}, "useCases": {"go": {"interactor": [{"type": "set", "path": "state.tags", "value": [1, 2]}, {"type": "set", "path": "state.tags", "value": ["a", "b"]}, {"type": "set", "path": "state.tags", "value": null}]}}, "view": [{"type": "text", "text": "@{join(state.tags)}"}]}"#
        ])
        // A constant null is known too: it does not fit a list that is not optional.
        #expect(
            found.map(\.message) == [
                "'state.tags' is [string], but the value set does not fit it: '[0]' is a number, not string",
                "'state.tags' is [string], and null does not fit it"
            ])
    }

    // checks: docs/manifest.md#types
    @Test func aStoreThatFitsIsClean() throws {
        let found = try findings([
            "app.json": appJSON(#""providers": {"history": {"type": "keyValue", "model": "[string]"}}"#),
            "scenes/Main.json": scene(
                #""save": {"request": {"id": "string"}, "interactor": [{"type": "store", "provider": "history", "value": ["@{request.id}"]}]}"#
            )
        ])
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    // checks: docs/manifest.md#providers
    @Test(arguments: [
        (
            #"{"type": "inline", "model": "[Payment]", "value": [{"id": "P-1", "amount": "ten"}]}"#,
            "the value of provider 'p' does not fit [Payment]: '[0].amount' is text, not decimal"
        ),
        (
            #"{"type": "inline", "model": "[Payment]", "value": null}"#,
            "the value of provider 'p' does not fit [Payment]: it is null, not [Payment]"
        ),
        (
            #"{"type": "keyValue", "model": "[Payment]", "default": {"id": "P-1"}}"#,
            "the default of provider 'p' does not fit [Payment]: it is a record, not [Payment]"
        )
    ])
    func aProviderConstantThatDoesNotFitItsModelIsE314(provider: String, message: String) throws {
        let found = try findings([
            "app.json": appJSON(Self.payments + #", "providers": {"p": \#(provider)}"#), "scenes/Main.json": scene("")
        ])
        #expect(found.map(\.code) == [.typeMismatch])
        #expect(found.first?.message == message)
    }

    // checks: docs/manifest.md#providers
    @Test func aNullDefaultIsNoDefaultAndFitsAnyModel() throws {
        let found = try findings([
            "app.json": appJSON(
                Self.payments
                    + #", "providers": {"p": {"type": "keyValue", "model": "[Payment]", "default": null}, "q": {"type": "keyValue", "model": "[Payment]"}}"#
            ),
            "scenes/Main.json": scene("")
        ])
        #expect(found.isEmpty, "\(found.map(\.description))")
    }

    // checks: docs/manifest.md#providers
    @Test func anExpressionInAProviderConstantIsW005() throws {
        let found = try findings([
            "app.json": appJSON(#""providers": {"greeting": {"type": "inline", "value": {"text": "Hi @{env.user}"}}}"#),
            "scenes/Main.json": scene("")
        ])
        #expect(found.map(\.code) == [.expressionInConstant])
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "the value of provider 'greeting' holds '@{' in a constant, which is kept as text: constants are not templates")
    }

    // checks: docs/manifest.md#built-in-workers
    @Test func aPageWithoutSizeValidatesAndShowsTen() async throws {
        let files = [
            "app.json": appJSON(#""providers": {"n": {"type": "inline", "value": [1,2,3,4,5,6,7,8,9,10,11,12]}}"#),
            "scenes/Main.json": scene(
                #""load": {"interactor": [{"type": "fetch", "provider": "n", "as": "all"}, {"type": "work", "worker": "page", "input": "@{all}", "as": "p"}], "response": {"p": "@{p}"}, "presenter": {"text": "@{join(response.p, ' ')}"}}"#,
                view: #"[{"type": "text", "text": "@{vm.text}"}]"#
            ).replacingOccurrences(of: #""view""#, with: #""onAppear": ["load"], "view""#)
        ]
        #expect(try findings(files).isEmpty)
        let test = try TestApp(files)
        try await test.start()
        #expect(test.lines() == ["1 2 3 4 5 6 7 8 9 10"])
    }

    /// `T?` where `T` is declared is a warning (W006), not an error, everywhere alike — `set`,
    /// a route argument — and a null that arrives is refused at run time, nothing changed.
    // checks: docs/manifest.md#types
    @Test func nullabilityIsLeftToRunTimeEverywhereAlike() async throws {
        let files = [
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"name": {"type": "string", "default": "none"}},
             "useCases": {
               "name": {"request": {"name": "string?"}, "interactor": [{"type": "set", "path": "state.name", "value": "@{request.name}"}]},
               "open": {"request": {"name": "string?"}, "interactor": [{"type": "route", "to": "Other", "mode": "push", "args": {"name": "@{request.name}"}}]}},
             "view": [{"type": "text", "text": "@{state.name}"}, {"type": "error"}]}
            """#,
            "scenes/Other.json":
                #"{"formatVersion": 1, "scene": "Other", "args": {"name": "string"}, "view": [{"type": "text", "text": "@{args.name}"}]}"#
        ]
        let found = try findings(files)
        #expect(found.map(\.code.rawValue) == ["W006", "W006"])
        #expect(found.allSatisfy { $0.severity == .warning })
        let test = try TestApp(files)
        try await test.start()
        try await test.send("name")
        #expect(test.top?.errors.first?.contains("(E513)") == true)
        #expect(test.lines().first == "none")
        try await test.send("open")
        #expect(test.top?.errors.last?.contains("scene 'Other' needs argument 'name' (string) (E510)") == true)
        #expect(test.app.navigator.names == ["Main"])
    }

    /// One mistake, one finding: an unknown function is E403, and its value's type is not
    /// guessed, so a `set` of it is not also E314.
    // checks: docs/manifest.md#diagnostics
    @Test func anUnknownFunctionIsOneFinding() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "state": {"n": {"type": "int", "default": 0}}, "useCases": {"go": {"interactor": [{"type": "set", "path": "state.n", "value": "@{lenght('abc')}"}]}}, "view": [{"type": "text", "text": "@{state.n}"}]}"#
        ])
        #expect(found.map(\.code) == [.unknownFunction], "\(found.map(\.description))")
    }

    // checks: docs/manifest.md#string-tables
    @Test func aKeyInTheLanguageTableOfTheAppsLocaleIsKnown() async throws {
        let files = [
            "app.json": #"{"formatVersion": 1, "name": "T", "entry": "Main", "locale": "en_US"}"#,
            "locales/en_US.json": #"{"title": "Title"}"#,
            "locales/en.json": #"{"title": "Title", "farewell": "Bye"}"#,
            "locales/ru_RU.json": #"{"title": "Заголовок"}"#,
            "locales/ru.json": #"{"title": "Заголовок", "farewell": "Пока"}"#,
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "view": [{"type": "text", "text": "@{t('title')} @{t('farewell')}"}]}"#
        ]
        let found = try findings(files)
        #expect(found.isEmpty, "\(found.map(\.description))")
        let test = try TestApp(files)
        try await test.start()
        #expect(test.lines() == ["Title Bye"])
    }

    // checks: docs/manifest.md#string-tables
    @Test func e313NamesEveryTableOfTheAppsLocaleItSearched() throws {
        let found = try findings([
            "app.json": #"{"formatVersion": 1, "name": "T", "entry": "Main", "locale": "de_AT"}"#,
            "locales/de_AT.json": #"{"a": "A"}"#,
            "locales/de.json": #"{"b": "B"}"#,
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "view": [{"type": "text", "text": "@{t('a')} @{t('b')} @{t('c')}"}]}"#
        ])
        #expect(
            found.map(\.message) == [
                "unknown string 'c': it is not in locales/de_AT.json or locales/de.json, the tables of the app's locale"
            ])
    }

    // checks: docs/manifest.md#string-tables
    @Test func aKeyNoTableOfTheAppsLocaleHoldsIsE313AndOneOtherLocalesLackIsW003() throws {
        let found = try findings([
            "app.json": #"{"formatVersion": 1, "name": "T", "entry": "Main", "locale": "en_US"}"#,
            "locales/en.json": #"{"title": "Title"}"#,
            "locales/de.json": #"{"tilte": "Titel"}"#,
            "scenes/Main.json": #"{"formatVersion": 1, "scene": "Main", "view": [{"type": "text", "text": "@{t('title')} @{t('titel')}"}]}"#
        ])
        #expect(found.map(\.code) == [.missingTranslation, .unknownString])
        #expect(
            found.map(\.message) == [
                "missing translation 'title' in locales/de.json",
                "unknown string 'titel': it is not in locales/en.json, the table of the app's locale"
            ])
    }
}

/// A use case that only presents leaves out `interactor` (docs/manifest.md, Use cases).
// checks: docs/manifest.md#use-cases
@MainActor
@Suite struct PresentingUseCaseTests {
    @Test func aUseCaseWithoutAnInteractorPresentsItsResponse() async throws {
        let files = [
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"name": {"type": "string", "default": "Ada"}},
             "useCases": {"greet": {"request": {"greeting": "string"}, "response": {"text": "@{request.greeting}, @{state.name}"},
                                    "presenter": {"line": "@{response.text}!"}}},
             "view": [{"type": "text", "text": "@{vm.line ?? 'nothing yet'}"}]}
            """#
        ]
        let found = try findings(files)
        #expect(found.isEmpty, "\(found.map(\.description))")
        let test = try TestApp(files)
        try await test.start()
        #expect(test.lines() == ["nothing yet"])
        try await test.send("greet", ["greeting": .string("Hello")])
        #expect(test.lines() == ["Hello, Ada!"])
    }
}

/// An `internal` use case is the scene's own: a component a person uses cannot name it
/// (docs/manifest.md, Use cases), and `internal` takes a bool.
// checks: docs/manifest.md#use-cases
@MainActor
@Suite struct InternalUseCaseTests {
    @Test func aComponentCannotNameAnInternalUseCase() throws {
        let found = try findings([
            "app.json": appJSON(),
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "useCases": {"load": {"internal": true}, "go": {"internal": "yes"}}, "view": [{"type": "button", "title": "Load", "action": "load"}]}"#
        ])
        #expect(found.map(\.code) == [.wrongType, .unknownUseCase], "\(found.map(\.description))")
        #expect(found.last?.message == "use case 'load' is internal: only the scene runs it, so a component's action cannot")
        #expect(found.last?.column == 163)  // the action value
    }

    @Test func typingOneIsRefusedAndSendingOneInATestToo() async throws {
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json":
                #"{"formatVersion": 1, "scene": "Main", "useCases": {"load": {"internal": true}}, "view": [{"type": "header", "text": "Main"}]}"#
        ])
        try await test.start()
        #expect(
            ActionDispatch(app: test.app).perform("load", request: .record(Record())) == .refused(.internalUseCase("load", scene: "Main")))
        #expect(ActionDispatch(app: test.app).help() == ["actions in Main:", "  back, state, stack, help, quit"])
    }
}
