import Foundation
import SceneManifest
import SceneRuntime
import Testing

@MainActor
@Suite struct WorkerTests {
    /// A scene whose `run` use case works on three items and shows the result as JSON text.
    func run(_ worker: String, _ args: String) async throws -> String {
        let (out, errors) = try await outcome(worker, args)
        #expect(errors == [])
        return out
    }

    /// The worker's result as JSON text ("?" when nothing was presented), and the errors the scene showed.
    func outcome(_ worker: String, _ args: String) async throws -> (String, [String]) {
        let test = try TestApp([
            "app.json": appJSON(
                #""providers": {"items": {"type": "inline", "value": [{"id": "a", "kind": "x", "n": 3}, {"id": "b", "kind": "y", "n": 1}, {"id": "c", "kind": "x", "n": 2}]}}"#
            ),
            "scenes/Main.json": #"{"formatVersion": 1, "scene": "Main", "useCases": {"run": {"interactor": ["#
                + #"{"type": "fetch", "provider": "items", "as": "all"}, {"type": "work", "worker": "\#(worker)", "input": "@{all}", "args": \#(args), "as": "out"}], "#
                + #""response": {"out": "@{out}"}, "presenter": {"out": "@{response.out}"}}}, "view": [{"type": "error"}]}"#
        ])
        try await test.start()
        try await test.send("run")
        return (test.top?.viewModel["out"].map { ValueJSON.text($0) } ?? "?", test.top?.errors ?? [])
    }

    @Test(arguments: [
        ("filter", #"{"where": "@{it.kind == 'x'}"}"#, #"[{"id":"a","kind":"x","n":3},{"id":"c","kind":"x","n":2}]"#),
        ("find", #"{"where": "@{it.n < 3}"}"#, #"{"id":"b","kind":"y","n":1}"#),
        ("find", #"{"where": "@{it.n > 9}"}"#, "null"),
        ("sort", #"{"by": "n"}"#, #"[{"id":"b","kind":"y","n":1},{"id":"c","kind":"x","n":2},{"id":"a","kind":"x","n":3}]"#),
        (
            "sort", #"{"by": "@{it.kind}", "order": "desc"}"#,
            #"[{"id":"b","kind":"y","n":1},{"id":"a","kind":"x","n":3},{"id":"c","kind":"x","n":2}]"#
        ),
        ("search", #"{"text": "Y", "fields": ["kind"]}"#, #"[{"id":"b","kind":"y","n":1}]"#),
        ("map", #"{"to": "@{it.id + it.n}"}"#, #"["a3","b1","c2"]"#),
        ("page", #"{"size": 2, "page": 2}"#, #"[{"id":"c","kind":"x","n":2}]"#),
        (
            "group", #"{"by": "kind"}"#,
            #"[{"key":"x","items":[{"id":"a","kind":"x","n":3},{"id":"c","kind":"x","n":2}]},{"key":"y","items":[{"id":"b","kind":"y","n":1}]}]"#
        ),
        ("sum", #"{"of": "@{it.n * 1.5}"}"#, "9"),
        ("count", "{}", "3"),
        ("unique", #"{"by": "kind"}"#, #"[{"id":"a","kind":"x","n":3},{"id":"b","kind":"y","n":1}]"#),
        (
            "append", #"{"item": {"id": "d"}}"#,
            #"[{"id":"a","kind":"x","n":3},{"id":"b","kind":"y","n":1},{"id":"c","kind":"x","n":2},{"id":"d"}]"#
        ),
        ("remove", #"{"where": "@{it.kind == 'x'}"}"#, #"[{"id":"b","kind":"y","n":1}]"#),
        (
            "update", #"{"where": "@{it.id == 'b'}", "set": {"n": "@{it.n + 10}"}}"#,
            #"[{"id":"a","kind":"x","n":3},{"id":"b","kind":"y","n":11},{"id":"c","kind":"x","n":2}]"#
        )
    ])
    func builtInWorker(worker: String, args: String, expected: String) async throws {
        #expect(try await run(worker, args) == expected)
    }

    @Test(arguments: [
        (#"{"size": 0}"#, "page: 'size' must be a whole number of at least 1, not 0"),
        (#"{"size": -2, "page": 1}"#, "page: 'size' must be a whole number of at least 1, not -2"),
        (#"{"size": 1.5}"#, "page: 'size' must be a whole number of at least 1, not 1.5"),
        (#"{"size": "two"}"#, "page: 'size' must be a whole number of at least 1, not 'two'"),
        (#"{"size": 2, "page": 0}"#, "page: 'page' must be a whole number of at least 1, not 0")
    ])
    func pageSizesAndNumbersBelowOneAreErrors(args: String, message: String) async throws {
        let (out, errors) = try await outcome("page", args)
        // A manifest fault: the banner names where (docs/manifest.md, Runtime errors).
        // checks: docs/manifest.md#runtime-errors
        let code = args.contains("two") ? "E501" : "E504"
        #expect(errors == ["Main.run, step 2 (work): \(message) (\(code)) at scenes/Main.json:1:128"])
        #expect(out == "?", "the failing step presents nothing")
    }

    @Test func pageDefaultsToTheFirstTenItemsAndANullArgumentTakesTheDefault() async throws {
        #expect(
            try await run("page", #"{"size": null}"#)
                == #"[{"id":"a","kind":"x","n":3},{"id":"b","kind":"y","n":1},{"id":"c","kind":"x","n":2}]"#)
        #expect(try await run("page", #"{"size": 1, "page": 3}"#) == #"[{"id":"c","kind":"x","n":2}]"#)
        #expect(try await run("page", #"{"size": 1, "page": 4}"#) == "[]")
    }
}
