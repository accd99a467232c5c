import ScenerySupport
/// A handle to a registered observer; cancelling or releasing it stops the notifications.
public final class Observation: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = Locked(onCancel) }

    /// Stops the notifications. Calling it twice is harmless.
    public func cancel() {
        let body = onCancel.withLock { body -> (@Sendable () -> Void)? in
            defer { body = nil }
            return body
        }
        body?()
    }

    deinit { cancel() }
}

/// The list of observers behind every `observe(_:)` in the core. Handlers run on the main
/// actor, in registration order, so observers see changes deterministically.
final class Observers<Value>: Sendable {
    private typealias Handler = @MainActor (Value) -> Void
    // Appended in registration order, so notifying needs no sorting: a copy of the array
    // under the lock, then the calls outside it (a handler may add or cancel observers).
    private let state = Locked<(nextID: Int, handlers: [(id: Int, handler: Handler)])>((0, []))

    func add(_ handler: @escaping @MainActor (Value) -> Void) -> Observation {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers.append((state.nextID, handler))
            return state.nextID
        }
        return Observation { [weak self] in
            self?.state.withLock { state in state.handlers.removeAll { $0.id == id } }
        }
    }

    @MainActor
    func notify(_ value: Value) {
        let handlers = state.withLock { $0.handlers }
        for entry in handlers { entry.handler(value) }
    }
}
