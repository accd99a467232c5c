import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport
import VIP
import VIPTesting

/// A harness for JSON scenes in Swift tests: load an app, send action lines as a user would
/// type them, and assert the frame, the view model, the current scene and stack, and the
/// errors shown. Provider fixtures and faults are set up front; injected delays run on a
/// ``TestClock`` the test advances.
///
/// ```swift
/// @Test @MainActor func signingInOpensTheCatalog() async throws {
///     let shop = try SceneTester(app: "Scenes/Shop")
///     await shop.start()
///     await shop.send("email ada@example.com")
///     await shop.send("login")
///     shop.assertStack(["Catalog"])
///     shop.assertViewModel(["summary": "8 products"])
///     await shop.finish()
/// }
/// ```
///
/// Exhaustive by default, like ``TestStore``: every error the scene shows and every change
/// of the navigation stack must be asserted (`receiveError`, `assertStack`,
/// `assertScene`) before the next `send` and before `finish()`, which also fails on work
/// still running. `exhaustivity = .off` checks only what a test asserts.
@MainActor
public final class SceneTester {
    public var exhaustivity: Exhaustivity = .on
    /// The clock injected delays (`faults: ["p": .delay(milliseconds:)]`) wait on.
    public let clock: TestClock
    /// The running app: a new one after ``restart(fileID:filePath:line:column:)``.
    public internal(set) var app: RuntimeApp
    public let renderer: LineRenderer
    /// What ``restart(fileID:filePath:line:column:)`` starts again: the app, its options as
    /// given, and where `start` started it.
    let loaded: LoadedApp
    let registry: SceneRegistry
    let options: RuntimeOptions
    var sessions = 0
    var startedAt: (scene: String?, args: SceneValue) = (nil, .record(Record()))
    /// The tester's own state folder, removed with it: durable providers keep their data
    /// there, so a restart finds it.
    let stateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("scenery-tester-\(UUID().uuidString)")
    private let reporter: FailureReporter
    private var assertedStack: [String] = []
    private var pendingErrors: [String] = []
    private var errorsSeen = 0
    /// The scene whose errors are being collected, and how many of them were collected.
    private weak var watched: JSONScene?

    /// - Parameters:
    ///   - path: an app folder, or a scene file.
    ///   - fixtures: provider → the data it serves instead.
    ///   - faults: provider → `.fail`, or `.delay(milliseconds:)` on ``clock``.
    ///   - registry: the app's Swift components.
    ///   - fixtureFiles: provider → a JSON file it serves instead, as `--fixture` gives one.
    ///   - seed: where `uuid()` starts, as `--seed` sets it.
    ///   - stateSeed: a folder whose files are copied into the tester's state folder before
    ///     the app starts, as a transcript's `# state:` line gives one.
    ///   - now: what `now()` and `env.now` are, as `--now` sets them; `moveClock` moves it.
    ///   - timeZone: the IANA time zone dates show in, as `--tz` sets it.
    ///   - env: `env.NAME` values, as `--env` sets them.
    /// - Throws: when the app has errors (every finding is in the message) or cannot start.
    public init(
        app path: String, locale: String? = nil, fixtures: [String: SceneValue] = [:],
        faults: [String: RuntimeOptions.Fault] = [:], registry: SceneRegistry = SceneRegistry(), width: Int = 60,
        fixtureFiles: [String: URL] = [:], seed: UInt64 = 0, stateSeed: URL? = nil, now: Date? = nil, timeZone: String? = nil,
        env: [String: String] = [:], reporter: FailureReporter = .automatic
    ) throws {
        let report = Validator.validate(path: path)
        guard !report.hasErrors, let loaded = report.app else {
            throw SceneTesterError(message: "'\(path)' cannot be loaded:\n" + report.diagnostics.map(\.description).joined(separator: "\n"))
        }
        clock = TestClock()
        var options = RuntimeOptions()
        options.locale = locale
        options.fixtureValues = fixtures
        options.fixtures = fixtureFiles
        options.seed = seed
        if let now { options.now = now }
        options.timeZone = timeZone
        options.env = env
        options.faults = faults
        options.clock = clock
        options.stateDirectory = stateFolder
        if let stateSeed {
            do {
                try FileManager.default.copyItem(at: stateSeed, to: stateFolder)
            } catch {
                throw SceneTesterError(message: "the state seed '\(stateSeed.path)' cannot be copied: \(error.localizedDescription)")
            }
        }
        self.loaded = loaded
        self.registry = registry
        self.options = options
        app = try RuntimeApp(loaded, options: options, registry: registry)
        renderer = LineRenderer(width: width)
        self.reporter = reporter
    }

    deinit { try? FileManager.default.removeItem(at: stateFolder) }

    /// Forgets what the app before a restart showed and where its stack stood.
    func forgetSession() {
        pendingErrors = []
        errorsSeen = 0
        watched = nil
        assertedStack = []
    }

    /// The scene on top of the stack.
    public var scene: JSONScene? { app.navigator.top as? JSONScene }

    /// The top scene's frame as the command line prints it.
    public var lines: [String] { renderer.render(scene?.components() ?? []) }

    /// Starts at the entry scene (or `scene`, given `args`) and waits for its first frame.
    public func start(
        at scene: String? = nil, args: SceneValue = .record(Record()), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        startedAt = (scene, args)
        do {
            try app.start(at: scene, args: args)
        } catch {
            fail(
                "start: the app did not start", expected: "a first scene", actual: error.localizedDescription,
                fix: "check the entry scene and its arguments", at: site)
            return
        }
        await settle()
        assertedStack = app.navigator.names
    }

    /// Sends an action line, as typed at `scenery run` (`open 2`, `login name='Ada'`), and
    /// waits until the work it started is done or waits on ``clock``.
    public func send(
        _ text: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        checkExhausted("send", at: site)
        if let refusal = perform(text) {
            fail(
                "send: '\(text)' was refused", expected: "the action runs", actual: refusal,
                fix: "assert the refusal with sendRefused(_:_:) if it is expected", at: site)
            return
        }
        await settle()
    }

    /// Sends an action line that must be refused with exactly this message.
    public func sendRefused(
        _ text: String, _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let refusal = perform(text) else {
            fail(
                "sendRefused: '\(text)' ran", expected: message, actual: "the action ran",
                fix: "the scene accepted it: send it with send(_:)", at: site)
            await settle()
            return
        }
        if refusal != message {
            fail(
                "sendRefused: '\(text)' was refused for another reason", expected: message, actual: refusal,
                fix: "expect the refusal the scene gives", at: site)
        }
    }

    /// Moves ``clock`` forward, lets delayed providers answer, and waits for the work.
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
        await settle()
    }

    // MARK: - Assertions

    /// Asserts the whole frame of the top scene.
    public func assertLines(
        _ expected: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let actual = lines
        guard actual != expected else { return }
        fail(
            "assertLines: the frame differs", expected: expected.joined(separator: "\n"), actual: actual.joined(separator: "\n"),
            fix: "if the new frame is right, update the expected lines; otherwise fix the scene",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts fields of the top scene's view model (fields not named are not checked).
    public func assertViewModel(
        _ fields: [String: SceneValue], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let viewModel = scene?.viewModel ?? Record()
        var expected = Record(), actual = Record()
        for name in fields.keys.sorted() {
            expected[name] = fields[name] ?? .null
            actual[name] = viewModel[name] ?? .null
        }
        guard expected != actual else { return }
        fail(
            "assertViewModel: the view model differs", expected: Self.describe(expected), actual: Self.describe(actual),
            fix: "if the presenter is right, update the expected fields; otherwise fix the presenter",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts the scene on top of the stack.
    public func assertScene(
        _ name: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let actual = app.navigator.names.last ?? "(none)"
        if actual != name {
            fail(
                "assertScene: another scene is on top", expected: name, actual: actual, fix: "check the routes the last action took",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        assertedStack = app.navigator.names
    }

    /// Asserts the whole navigation stack, bottom first.
    public func assertStack(
        _ names: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let actual = app.navigator.names
        if actual != names {
            fail(
                "assertStack: the stack differs", expected: names.joined(separator: "\n"), actual: actual.joined(separator: "\n"),
                fix: "check the routes the last actions took", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        assertedStack = actual
    }

    /// Asserts the next error the scene showed.
    public func receiveError(
        _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        collectShownErrors()
        if exhaustivity == .off, let index = pendingErrors.firstIndex(of: message) {
            pendingErrors.removeSubrange(...index)
            return
        }
        guard let next = pendingErrors.first else {
            fail(
                "receiveError: no error was shown", expected: message, actual: "(nothing)", fix: "check that the scene reports this error",
                at: site)
            return
        }
        pendingErrors.removeFirst()
        if next != message {
            fail(
                "receiveError: another error was shown", expected: message, actual: next,
                fix: "if the new message is right, update the expectation; otherwise fix the scene", at: site)
        }
    }

    /// Ends the test: fails on errors and navigation not asserted and on work still running
    /// (which it then cancels).
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async
    {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        checkExhausted("finish", at: site)
        if let scene, scene.isBusy {
            if exhaustivity == .on {
                fail(
                    "finish: work is still running in \(scene.screenName)", expected: "no work in flight",
                    actual: "\(scene.screenName) is busy (waiting on the test clock: \(clock.sleeperCount))",
                    fix: "advance the tester's clock so delayed providers answer", at: site)
            }
            scene.screenDidLeave()
            await scene.waitUntilIdle()
        }
    }

    // MARK: - Internals

    /// Runs a line on the top scene; the refusal message, or nil when it ran.
    private func perform(_ text: String) -> String? {
        let input: InputLine
        do {
            guard let line = try InputLine.parse(text) else { return "the line is empty" }
            input = line
        } catch {
            return error.description
        }
        if let scene { watch(scene) }
        switch ActionDispatch(app: app).perform(input) {
        case .ran: return nil
        case let .refused(refusal): return refusal.description
        case let .builtIn(word): return "'\(word.rawValue)' only prints in 'scenery run'; read the tester's frame, state or stack instead"
        }
    }

    /// Waits until the top scene is idle, or its work waits on the test clock. Work that is
    /// neither (a provider answering on another thread) is polled every millisecond, so a
    /// loaded machine only makes the wait longer; ten seconds is the bound.
    private func settle() async {
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while ContinuousClock.now < deadline {
            await Task.yield()
            guard let scene else { return }
            watch(scene)
            if !scene.isBusy { return }
            if clock.sleeperCount > 0 {
                for _ in 0..<20 { await Task.yield() }
                if scene.isBusy && clock.sleeperCount > 0 { return }
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Starts collecting from `scene`, after collecting what the scene watched so far showed.
    private func watch(_ scene: JSONScene) {
        guard watched !== scene else { return }
        collectErrors()
        watched = scene
        errorsSeen = 0
    }

    /// Collects what the scene on top shows, moving to it first if the stack changed.
    private func collectShownErrors() {
        if let scene { watch(scene) }
        collectErrors()
    }

    private func collectErrors() {
        guard let scene = watched else { return }
        let shown = scene.errors
        if shown.count < errorsSeen { errorsSeen = 0 }
        pendingErrors += shown.dropFirst(errorsSeen)
        errorsSeen = shown.count
    }

    private func checkExhausted(_ verb: String, at site: CallSite) {
        collectShownErrors()
        guard exhaustivity == .on else {
            pendingErrors = []
            assertedStack = app.navigator.names
            return
        }
        if !pendingErrors.isEmpty {
            fail(
                "\(verb): \(pendingErrors.count.counting("error")) shown and not asserted", expected: "",
                actual: pendingErrors.joined(separator: "\n"), fix: "assert them with receiveError(_:), or set exhaustivity = .off",
                at: site)
            pendingErrors = []
        }
        if app.navigator.names != assertedStack {
            fail(
                "\(verb): the stack changed and was not asserted", expected: assertedStack.joined(separator: "\n"),
                actual: app.navigator.names.joined(separator: "\n"), fix: "assert it with assertStack(_:) or assertScene(_:)", at: site)
            assertedStack = app.navigator.names
        }
    }

    func fail(_ headline: String, expected: String, actual: String, fix: String, at site: CallSite) {
        reporter(FailureMessage(headline: headline, expected: expected, actual: actual, fix: fix).text, at: site)
    }

    private static func describe(_ record: Record) -> String {
        record.fields.map { "\($0.name): \(ValueJSON.text($0.value))" }.joined(separator: "\n")
    }
}

public struct SceneTesterError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
