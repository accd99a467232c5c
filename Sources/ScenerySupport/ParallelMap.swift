import Dispatch

/// `body(0) … body(count - 1)` run on every core at once, results in index order.
///
/// For independent work whose results the caller reads only after all of it is done — the
/// validator decodes each scene file this way. `body` must not touch shared mutable state.
public func parallelMap<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(body) }
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
