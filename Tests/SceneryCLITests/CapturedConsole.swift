import SceneryCLI
import VIP

/// A console that keeps what a command printed.
final class CapturedConsole: Sendable {
    private let buffers = Locked((out: "", error: ""))
    var out: String { buffers.withLock { $0.out } }
    var error: String { buffers.withLock { $0.error } }
    var console: Console {
        Console(out: { [buffers] text in buffers.withLock { $0.out += text } },
                error: { [buffers] text in buffers.withLock { $0.error += text } })
    }
}
