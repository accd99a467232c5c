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
            """#,
    ]

    func options(_ directory: URL) -> RuntimeOptions {
        var options = RuntimeOptions()
        options.stateDirectory = directory
        return options
    }

    @Test func storedValuesSurviveTheRun() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-state-\(UUID().uuidString)")
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("T.json")
        try Data("{ not json".utf8).write(to: file)
        let test = try TestApp(Self.files, options: options(directory))
        try await test.start()
        let banner = try #require(test.top?.errors.first)
        #expect(banner.hasPrefix("history: corrupt storage file '\(file.path)'"))
        #expect(banner.hasSuffix("; the file was kept unchanged"))
        try await test.send("add", ["id": .string("A-3")])
        #expect(try String(contentsOf: file, encoding: .utf8) == "{ not json")
    }

    @Test func aStateDirectoryUnderAFileIsAnErrorNamingItAndWhy() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-state-\(UUID().uuidString)")
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
