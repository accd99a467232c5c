import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// `scenery eject --tests DIR`: the app's transcripts as Swift tests of the ejected module
/// (docs/eject.md#tests-from-transcripts). Each transcript's inputs are run here against
/// the JSON scenes, and every frame they show is written down: the test sends the same
/// inputs to the module through a ``SceneTester`` and asserts each frame, so it fails where
/// the Swift does not do what the scene did.
@MainActor
struct TranscriptTests {
    /// The app folder as the user gave it.
    let app: String
    let loaded: LoadedApp
    let module: String
    /// The Swift components the running executable has, which the JSON scenes run with.
    let registry: SceneRegistry
    /// Where the test file goes.
    let folder: String

    /// The test files — one a transcript, and the module's app path and registry they share —
    /// and a note for each transcript left out, with why.
    func files() async -> (files: [SceneEjector.File], notes: [String]) {
        let tests = "\(app)/tests"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: tests)) ?? []).filter { $0.hasSuffix(".transcript") }.sorted()
        let shared = shared()
        var files = [shared]
        var notes: [String] = []
        var used: Set<String> = [shared.name]
        for name in names {
            let path = "\(tests)/\(name)"
            switch await test(path) {
            case let .success(lines):
                // `edit-unavailable.transcript` is `EditUnavailableTranscriptTests`.
                let words = name.dropLast(".transcript".count).split { !($0.isLetter || $0.isNumber) }.map {
                    $0.prefix(1).uppercased() + $0.dropFirst()
                }
                var type = (words.first?.first?.isNumber ?? true ? "Transcript" : "") + words.joined() + "TranscriptTests"
                while !used.insert("\(type).swift").inserted { type += "Again" }
                let indented = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { "        " + $0 }
                let body =
                    [
                        "/// \(name) as a test of the ejected scenes: its inputs sent as they were typed, each frame the",
                        "/// JSON scenes showed asserted.", "@MainActor", "@Suite struct \(type) {",
                        "    @Test func replay() async throws {"
                    ] + indented + ["    }", "}"]
                files.append(
                    SceneEjector.File(
                        name: "\(type).swift",
                        text: header(["Foundation", "SceneManifest", "SceneRuntime", "SceneTesting", "Testing"], body)))
            case let .failure(reason):
                notes.append("'\(path)' is not made a test: \(reason.message)")
            }
        }
        return (files, notes)
    }

    /// The enum the tests share: where the app is, and its ejected scenes registered.
    private func shared() -> SceneEjector.File {
        let relative = PathText.relative(PathText.absolute(app), from: PathText.absolute(folder))
        var lines = [
            "/// What the tests made from the transcripts of '\(loaded.app.name)' share: where the app is, and its",
            "/// ejected scenes registered in place of their manifests' use cases.", "@MainActor", "enum \(module)Transcripts {",
            "    /// The app folder, found from this file.",
            "    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(\"\(SwiftExpression.escaped(relative))\").standardized.path",
            "", "    static func registry() -> SceneRegistry {", "        let registry = SceneRegistry()"
        ]
        if hasSwiftComponents {
            lines.append("        // The app's own Swift components, as its executable registers them: a function of yours.")
            lines.append("        registerComponents(registry)")
        }
        lines += ["        \(module).register(into: registry)", "        return registry", "    }", "}"]
        return SceneEjector.File(name: "\(module)Transcripts.swift", text: header(["Foundation", "SceneRuntime", module], lines))
    }

    private func header(_ imports: [String], _ body: [String]) -> String {
        (["// Made from the transcripts of '\(loaded.app.name)' by `scenery eject --tests`: edit it as your own code.", ""]
            + imports.map { "import \($0)" } + [""] + body).joined(separator: "\n") + "\n"
    }

    /// Whether the app has Swift components its tests must register.
    private var hasSwiftComponents: Bool {
        let app = loaded.app
        if !app.workers.isEmpty || !app.formatters.isEmpty { return true }
        if app.providers.values.contains(where: { if case .swift = $0.kind { true } else { false } }) { return true }
        return loaded.scenes.values.contains { scene in
            scene.useCases.contains { _, useCase in
                if case .swift = useCase.interactor { return true }
                if case .swift? = useCase.presenter { return true }
                return false
            }
        }
    }

    struct Skipped: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The body of one transcript's test, or why it cannot be one.
    private func test(_ path: String) async -> Result<[String], Skipped> {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
            let transcript = try? Transcript.parse(text, path: path), transcript.problems.isEmpty
        else { return .failure(Skipped("it cannot be read as a transcript")) }
        // One list of lines, a `>> restart` between sessions, as the run echoes it.
        let inputs = transcript.sessions.enumerated().flatMap { index, session in (index > 0 ? [Transcript.restart] : []) + session }
        if inputs.contains(where: { SessionLoop.isFaultLine($0) && $0.contains("=delay:") }) {
            return .failure(Skipped("a '>> fault' delays a provider in real time, where a test's clock waits for it"))
        }
        let setup: TesterSetup
        do {
            setup = try TesterSetup(
                transcript.arguments, state: transcript.state, transcript: path, app: app, loaded: loaded, shared: "\(module)Transcripts")
        } catch {
            return .failure(error)
        }
        let segments: [[String]]
        switch await run(transcript.sessions, setup: setup) {
        case let .success(ran): segments = ran
        case let .failure(skipped): return .failure(skipped)
        }
        guard segments.count == inputs.count + 1 else { return .failure(Skipped("its inputs do not each echo once when run")) }
        var lines = setup.opening + ["app.assertLines(\(Self.literal(segments[0])))"]
        for (input, output) in zip(inputs, segments.dropFirst()) {
            if input == Transcript.restart {
                lines += ["await app.restart()", "app.assertLines(\(Self.literal(output)))"]
                continue
            }
            if SessionLoop.isSessionDirective(input) {
                switch Self.directive(input, output) {
                case let .success(call): lines.append(call)
                case let .failure(skipped): return .failure(skipped)
                }
                continue
            }
            let parsed: InputLine?
            do {
                parsed = try InputLine.parse(input)
            } catch {
                return .failure(Skipped("'\(input)' is not an input line: \(error.description)"))
            }
            // A comment line, kept as one.
            guard let line = parsed else {
                lines.append("// \(input.trimmingCharacters(in: .whitespaces).dropFirst().trimmingCharacters(in: .whitespaces))")
                continue
            }
            if let word = BuiltInAction(rawValue: line.action), word.printed != nil {
                if word == .quit { break }
                lines.append("// '\(SwiftExpression.escaped(input))' prints; the frame stays as it was")
                continue
            }
            let quoted = "\"\(SwiftExpression.escaped(input))\""
            if output.count == 1, output[0].hasPrefix("error: ") {
                lines.append("await app.sendRefused(\(quoted), \"\(SwiftExpression.escaped(String(output[0].dropFirst(7))))\")")
            } else {
                lines += ["await app.send(\(quoted))", "app.assertLines(\(Self.literal(output)))"]
            }
        }
        return .success(lines + ["await app.finish()"])
    }

    /// The tester's call for a `>> ` line that printed `output`: `>> clock +2h` moves its
    /// clock, `>> fault orders=fail` injects, `>> stored` and `>> actions` assert what the run printed.
    private static func directive(_ input: String, _ output: [String]) -> Result<String, Skipped> {
        if input == SessionLoop.storedLine { return .success("await app.assertStored(\(literal(output)))") }
        if input == SessionLoop.actionsLine { return .success("app.assertActions(\(literal(output)))") }
        guard output.isEmpty else { return .failure(Skipped("'\(input)' is refused when it runs: \(output.joined(separator: " "))")) }
        if SessionLoop.isDeleteLine(input) {
            guard let (collection, key) = SessionLoop.deleted(input) else {
                return .failure(Skipped("'\(input)' is not a record a test deletes"))
            }
            return .success("app.delete(\"\(SwiftExpression.escaped(key))\", from: \"\(SwiftExpression.escaped(collection))\")")
        }
        if SessionLoop.isClockLine(input) {
            let move = input.dropFirst(SessionLoop.clockPrefix.count).trimmingCharacters(in: .whitespaces)
            return .success("app.moveClock(\"\(SwiftExpression.escaped(move))\")")
        }
        let text = input.dropFirst(SessionLoop.faultPrefix.count).trimmingCharacters(in: .whitespaces)
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        let fault: String? =
            switch parts.last {
            case "fail": ".fail"
            case "fail-store": ".failStores"
            default: nil
            }
        guard parts.count == 2, fault != nil || parts[1] == "none" else {
            return .failure(Skipped("'\(input)' is not a fault a test injects"))
        }
        return .success("app.inject(\(fault ?? "nil"), on: \"\(SwiftExpression.escaped(parts[0]))\")")
    }

    /// The run's output for `sessions`, in full frames, split at each input's echo (a `>> `
    /// line's and a `>> restart`'s too): the first frame, then what each input printed. Each
    /// session after the first starts the app again on the same state folder with the next
    /// seed, as `scenery test` runs a transcript; the seed folder, if any, is copied in first.
    /// A run that refuses the transcript's `# args:` (a usage error) leaves it out: a test
    /// cannot start the app that way either.
    private func run(_ sessions: [[String]], setup: TesterSetup) async -> Result<[[String]], Skipped> {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-eject-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        if let seed = setup.stateSeed, StateSeed.copy(seed, into: state, as: seed) != nil { return .success([]) }
        let output = Locked("")
        let captured = Console(out: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        var arguments = [app] + setup.runArguments + ["--render", "full", "--state-dir", state.path]
        let seedIndex = arguments.firstIndex(of: "--seed").map { $0 + 1 }
        let seed = seedIndex.flatMap { UInt64(arguments[$0]) } ?? 0
        for (index, inputs) in sessions.enumerated() {
            if index > 0 { captured.line(Transcript.restart) }
            if let seedIndex { arguments[seedIndex] = "\(seed &+ UInt64(index))" }
            let code = await RunCommand.run(arguments, console: captured, registry: registry, script: inputs.map { $0 + "\n" }.joined())
            if code == ExitCode.usage {
                let said = Transcript.lines(of: output.withLock { $0 }).first { $0.hasPrefix("error: ") } ?? "a usage error"
                return .failure(Skipped("its '# args:' are refused when it runs: \(said.dropFirst("error: ".count))"))
            }
        }
        var segments: [[String]] = [[]]
        for line in Transcript.lines(of: output.withLock { $0 }) {
            if line.hasPrefix("> ") || line == Transcript.restart || SessionLoop.isSessionDirective(line) {
                segments.append([])
            } else {
                segments[segments.count - 1].append(line)
            }
        }
        return .success(segments)
    }

    /// `["a", "b"]` as a Swift array literal, a line each when there are several.
    static func literal(_ lines: [String]) -> String {
        let quoted = lines.map { "\"\(SwiftExpression.escaped($0))\"" }
        return quoted.count <= 1 ? "[\(quoted.joined())]" : "[\n" + quoted.map { "    " + $0 }.joined(separator: ",\n") + "\n]"
    }
}
