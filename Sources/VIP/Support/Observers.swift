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
    private let state = Locked<(nextID: Int, handlers: [Int: @MainActor (Value) -> Void])>((0, [:]))

    func add(_ handler: @escaping @MainActor (Value) -> Void) -> Observation {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        return Observation { [weak self] in
            self?.state.withLock { _ = $0.handlers.removeValue(forKey: id) }
        }
    }

    @MainActor
    func notify(_ value: Value) {
        let handlers = state.withLock { $0.handlers.sorted { $0.key < $1.key }.map(\.value) }
        for handler in handlers { handler(value) }
    }
}
