import ScenerySupport

/// A console that keeps what a command printed, for tests of commands — Scenery's own and
/// those of an app's executable.
///
/// ```swift
/// let captured = CapturedConsole()
/// let code = await SceneryCommand.run(["validate", "Scenes/Shop"], console: captured.console)
/// #expect(captured.out == "…")
/// ```
public final class CapturedConsole: Sendable {
    public init() {}

    private let buffers = Locked((out: "", error: ""))
    public var out: String { buffers.withLock { $0.out } }
    public var error: String { buffers.withLock { $0.error } }
    public var console: Console {
        Console(
            out: { [buffers] text in buffers.withLock { $0.out += text } },
            error: { [buffers] text in buffers.withLock { $0.error += text } })
    }
}
