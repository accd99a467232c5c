import Foundation
import ScenerySupport

/// What a watching session waits for: its next input line, or a change to the app's files.
package enum SessionEvent: Sendable {
    /// The line asked for, or nil at the end of input.
    case line(LineReader.Line?)
    case filesChanged([String])
}

/// Input lines and file changes in one stream, for `scenery run --watch`. Reading a line
/// blocks, so lines are read on a thread of their own, one each time the session asks for
/// one (``requestLine()``) — nothing is read ahead, so memory stays bounded as without
/// `--watch`. The watcher polls in a task; both end when the session stops.
package final class WatchedInput: Sendable {
    package let events: AsyncStream<SessionEvent>
    private let continuation: AsyncStream<SessionEvent>.Continuation
    private let wanted = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)
    private let watching: Task<Void, Never>

    package init(_ source: LineSource, watcher: FileWatcher) {
        let (events, continuation) = AsyncStream.makeStream(of: SessionEvent.self)
        self.events = events
        self.continuation = continuation
        watching = Task.detached { await watcher.watch { continuation.yield(.filesChanged($0)) } }
        let reader = Reader(source: source)
        let wanted = wanted, stopped = stopped
        let thread = Thread {
            while true {
                wanted.wait()
                if stopped.withLock({ $0 }) { return }
                let line = reader.next()
                continuation.yield(.line(line))
                if line == nil { return }
            }
        }
        thread.name = "scenery input"
        thread.start()
    }

    /// Asks the reading thread for the next line; it comes as a `.line` event.
    package func requestLine() { wanted.signal() }

    /// Ends the stream and the watcher; a reading thread blocked on input ends with it, or
    /// with the process.
    package func stop() {
        stopped.withLock { $0 = true }
        wanted.signal()
        watching.cancel()
        continuation.finish()
    }

    /// The line source, used by the reading thread alone. `@unchecked Sendable`: it is
    /// handed to that thread once and never touched from another.
    private final class Reader: @unchecked Sendable {
        private var source: LineSource
        init(source: LineSource) { self.source = source }
        func next() -> LineReader.Line? { source.readLine() }
    }
}
