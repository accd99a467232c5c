import Dispatch

/// `body(0) … body(count - 1)` run on every core at once, results in index order.
///
/// For independent work whose results the caller reads only after all of it is done — the
/// validator decodes each scene file this way. `body` must not touch shared mutable state.
public func parallelMap<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    // A few iterations run here: waking the pool's threads costs more than they do (a
    // one-scene app's start-up).
    guard count >= 4 else { return (0..<count).map(body) }
    return withoutActuallyEscaping(body) { body in
        let work = Unchecked(value: body)
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let slots = Unchecked(value: base)
            // Each iteration initializes its own slot; concurrentPerform returns only after
            // every iteration has, so no slot is touched by two threads or read early.
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (slots.value + index).initialize(to: work.value(index))
            }
            initialized = count
        }
    }
}

/// A value handed to the iterations of one `concurrentPerform`, which the caller waits for.
/// `@unchecked Sendable`: the iterations only read it (the body, the buffer's base) and
/// write slots of their own; the caller reads the slots after every iteration has returned.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

extension Array where Element: Sendable {
    /// `map(transform)`, on every core at once when there are at least `threshold` elements:
    /// in a few chunks of consecutive elements, so each chunk's work outweighs handing it to
    /// a thread; the results in order. For work on each element alone — decoding the rows a
    /// query read, formatting the rows of a list.
    package func concurrentMap<Result>(above threshold: Int, _ transform: (Element) -> Result) -> [Result] {
        guard count >= threshold else { return map(transform) }
        let chunks = Swift.min(count, 8)
        let size = (count + chunks - 1) / chunks
        let parts = parallelMap(chunks) { chunk in
            self[Swift.min(count, chunk * size)..<Swift.min(count, (chunk + 1) * size)].map(transform)
        }
        return parts.flatMap { $0 }
    }
}
