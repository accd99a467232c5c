import ScenerySupport

/// A handle to a registered observer; cancelling or releasing it stops the notifications.
public final class Observation: Sendable {
    /// What cancelling does, and the list the observer is on — gone once its subject is,
    /// and then there is nothing to remove.
    private struct Registration {
        var onCancel: (@MainActor @Sendable () -> Void)?
        weak var list: AnyObject?
    }

    private let registration: Locked<Registration>

    init(list: AnyObject? = nil, onCancel: @escaping @MainActor @Sendable () -> Void) {
        registration = Locked(Registration(onCancel: onCancel, list: list))
    }

    /// Stops the notifications at once. Calling it twice is harmless.
    @MainActor
    public func cancel() { take(always: true)?() }

    // A handle may be released on any thread, so the observer is removed by a job on the main
    // actor, where the list lives: once the main actor next runs queued work. `cancel()`
    // removes it at once. Handlers of observables tied to a view capture it weakly anyway.
    // A handle released after its subject (a scene's error watch, when the scene and its
    // module go together) schedules nothing: a task every pop made for nothing.
    deinit {
        guard let body = take(always: false) else { return }
        Task { @MainActor in body() }
    }

    /// The cancelling work, taken once; nil when it was taken, or when the list is gone and
    /// `always` is false.
    private func take(always: Bool) -> (@MainActor @Sendable () -> Void)? {
        registration.withLock { registration in
            defer { registration.onCancel = nil }
            return always || registration.list != nil ? registration.onCancel : nil
        }
    }
}

/// The list of observers behind every `observe(_:)` in the core. Handlers run on the main
/// actor, in registration order, so observers see changes deterministically.
///
/// The list lives on the main actor and takes no lock: notifying with nobody listening, as
/// a command does twice per request, costs next to nothing.
@MainActor
final class Observers<Value> {
    private typealias Handler = @MainActor (Value) -> Void
    // `@exclusivity(unchecked)`, as in ``Command``: main-actor state read or written in one
    // statement that calls out to nothing (`notify` calls the handlers of a copy).
    @exclusivity(unchecked) private var handlers: [(id: Int, handler: Handler)] = []
    private var nextID = 0

    func add(_ handler: @escaping @MainActor (Value) -> Void) -> Observation {
        let id = nextID
        nextID += 1
        // Appended in registration order, so notifying needs no sorting.
        handlers.append((id, handler))
        return Observation(list: self) { [weak self] in self?.remove(id) }
    }

    /// Calls every handler with `value`, made only when someone listens (a navigator's names).
    func notify(_ value: @autoclosure () -> Value) {
        guard !handlers.isEmpty else { return }
        // A copy: a handler may add or cancel observers while the others are called.
        let handlers = handlers
        let value = value()
        for entry in handlers { entry.handler(value) }
    }

    private func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
    }
}
