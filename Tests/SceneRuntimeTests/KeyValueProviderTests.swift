import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

@MainActor
@Suite struct KeyValueProviderTests {
    static let files: [String: String] = [
        "app.json": appJSON(#""providers": {"history": {"type": "keyValue", "model": "[string]", "default": []}}"#),
        "scenes/Main.json": #"""
        {"formatVersion": 1, "scene": "Main",
         "useCases": {
           "load": {"interactor": [{"type": "fetch", "provider": "history", "as": "h"}], "response": {"h": "@{h}"}, "presenter": {"items": "@{response.h}"}},
           "add": {"request": {"id": "string"}, "interactor": [
             {"type": "fetch", "provider": "history", "as": "h"},
             {"type": "work", "worker": "append", "input": "@{h}", "args": {"item": "@{request.id}"}, "as": "next"},
             {"type": "store", "provider": "history", "value": "@{next}"},
             {"type": "call", "useCase": "load"}]}},
         "view": [{"type": "list", "items": "@{vm.items}", "empty": "none"}, {"type": "error"}],
         "onAppear": ["load"]}
        """#
    ]

    func options(_ directory: URL) -> RuntimeOptions {
        var options = RuntimeOptions()
        options.stateDirectory = directory
        return options
    }

    @Test func storedValuesSurviveTheRun() async throws {
        let directory = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        let first = try TestApp(Self.files, options: options(directory))
        try await first.start()
        #expect(first.lines() == ["none"])
        try await first.send("add", ["id": .string("A-1")])
        try await first.send("add", ["id": .string("A-2")])

        let second = try TestApp(Self.files, options: options(directory))
        try await second.start()
        #expect(second.lines() == ["1. A-1", "2. A-2"])
    }

    @Test func aCorruptStoreIsReportedAndKept() async throws {
        let directory = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("T.json")
        try Data("{ not json".utf8).write(to: file)
        let test = try TestApp(Self.files, options: options(directory))
        try await test.start()
        let banner = try #require(test.top?.errors.first)
        #expect(banner.hasPrefix("history: corrupt storage file '\(file.path)'"))
        #expect(banner.hasSuffix("; the file was kept unchanged: repair it, or move it away to start from empty storage"))
        try await test.send("add", ["id": .string("A-3")])
        #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
    }

    @Test func aStateDirectoryUnderAFileIsAnErrorNamingItAndWhy() async throws {
        let directory = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let plain = directory.appendingPathComponent("plain")
        try Data("x".utf8).write(to: plain)
        let test = try TestApp(Self.files, options: options(plain.appendingPathComponent("state")))
        try await test.start()
        #expect(test.lines() == ["none"])
        try await test.send("add", ["id": .string("A-1")])
        #expect(test.top?.errors == ["history: cannot create the directory '\(plain.path)/state': Not a directory"])
    }

    @Test func withoutAStateDirectoryValuesLastForTheRun() async throws {
        let test = try TestApp(Self.files)
        try await test.start()
        try await test.send("add", ["id": .string("x")])
        #expect(test.lines() == ["1. x"])
    }
}

/// The contract of a `keyValue` provider (docs/manifest.md, Providers): reading before any
/// `store` gives `default`, or null — with a `model` too; a value stored and a restart; a
/// stored value that does not fit its model is reported and never overwritten.
// checks: docs/manifest.md#providers
// checks: docs/reliability.md#a-value-that-cannot-be-read-is-never-replaced
@MainActor
@Suite struct KeyValueContractTests {
    static func files(default value: String?) -> [String: String] {
        let declared = value.map { #", "default": \#($0)"# } ?? ""
        return [
            "app.json": appJSON(
                #""models": {"Payment": {"id": "string", "amount": "decimal"}}, "providers": {"history": {"type": "keyValue", "model": "[Payment]"\#(declared)}}"#
            ),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main",
             "useCases": {
               "load": {"interactor": [{"type": "fetch", "provider": "history", "as": "h"}],
                        "response": {"h": "@{h}"}, "presenter": {"text": "@{response.h == null ? 'nothing stored' : string(count(response.h)) + ' payments'}"}},
               "pay": {"request": {"id": "string"}, "interactor": [
                 {"type": "fetch", "provider": "history", "as": "h"},
                 {"type": "work", "worker": "append", "input": "@{h ?? []}", "args": {"item": {"id": "@{request.id}", "amount": 1}}, "as": "next"},
                 {"type": "store", "provider": "history", "value": "@{next}"},
                 {"type": "call", "useCase": "load"}]},
               "clear": {"interactor": [{"type": "store", "provider": "history", "value": []}]}},
             "view": [{"type": "text", "text": "@{vm.text}"}, {"type": "error"}],
             "onAppear": ["load"]}
            """#
        ]
    }

    func state() -> (URL, RuntimeOptions) {
        let directory = scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        var options = RuntimeOptions()
        options.stateDirectory = directory
        return (directory, options)
    }

    @Test func readingBeforeAnyStoreWithoutADefaultGivesNullEvenWithAModel() async throws {
        let (directory, options) = state()
        let test = try TestApp(Self.files(default: nil), options: options)
        try await test.start()
        #expect(test.lines() == ["nothing stored"])
        #expect(test.top?.errors == [])
        // Reading wrote nothing.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("T.json").path))
    }

    @Test func readingBeforeAnyStoreGivesTheDefault() async throws {
        let (_, options) = state()
        let test = try TestApp(Self.files(default: "[]"), options: options)
        try await test.start()
        #expect(test.lines() == ["0 payments"])
    }

    @Test func aStoredValueSurvivesARestartOnTheSameStateFolder() async throws {
        let (_, options) = state()
        do {
            let first = try TestApp(Self.files(default: nil), options: options)
            try await first.start()
            try await first.send("pay", ["id": .string("P-1")])
            #expect(first.lines() == ["1 payments"])
        }
        let second = try TestApp(Self.files(default: nil), options: options)
        try await second.start()
        #expect(second.lines() == ["1 payments"])
    }

    @Test func aStoreOverAStoredValueThatDoesNotFitIsRefusedAndTheFileKept() async throws {
        let (directory, options) = state()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("T.json")
        let text = #"{"history": [{"id": "P-1", "amount": "lots"}]}"#
        try Data(text.utf8).write(to: file)
        let test = try TestApp(Self.files(default: "[]"), options: options)
        try await test.start()
        #expect(
            test.top?.errors.first
                == ("Main.load, step 1 (fetch): stored value 'history' in '\(file.path)' does not fit its model [Payment]: '[0].amount' is text, not decimal; it was kept unchanged: repair it, or remove key 'history' from the file to start over (E513) at scenes/Main.json:3:28")
        )
        // A use case that stores without reading it first is refused: nothing is lost.
        try await test.send("clear")
        let banner = try #require(test.top?.errors.last)
        #expect(
            banner.contains(
                "cannot store into provider 'history': stored value 'history' in '\(file.path)' does not fit its model [Payment]"))
        #expect(banner.contains("and storing would lose it; it was kept unchanged"))
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
