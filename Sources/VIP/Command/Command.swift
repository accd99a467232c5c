/// Why a command did not run.
public enum CommandRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The command is disabled; the reason is fit to show the user.
    case disabled(command: String, reason: String)
    /// The command is running and does not allow a second run at once.
    case alreadyExecuting(command: String)
    /// The module the command belongs to has been left.
    case moduleLeft(command: String)

    public var description: String {
        switch self {
        case let .disabled(command, reason): "'\(command)' is disabled: \(reason)"
        case let .alreadyExecuting(command): "'\(command)' is already running"
        case let .moduleLeft(command): "'\(command)' belongs to a scene that was left"
        }
    }
}

/// What a command's observers see after every change. Not nested in the generic
/// ``Command``, so notifying is compiled for this one type, not looked up per `Input`.
public struct CommandState: Equatable, Sendable {
    public var isExecuting: Bool
    public var canExecute: Bool

    public init(isExecuting: Bool, canExecute: Bool) {
        self.isExecuting = isExecuting
        self.canExecute = canExecute
    }
}

/// An action a user can trigger, after STT's SttCommand: it knows whether it can execute,
/// whether it is executing, refuses to run again while running unless re-entrance is
/// allowed, and publishes every change of that state (so a button can disable itself).
///
/// ```swift
/// let save = Command<Void>(name: "save") { await interactor.save() }
/// let watch = save.observe { button.isEnabled = $0.canExecute }
/// try save.execute(())
/// ```
@MainActor
public final class Command<Input: Sendable> {
    /// What observers see after every change.
    public typealias State = CommandState

    public let name: String
    /// Whether a second run may start while one is running.
    public let allowsReentrance: Bool
    /// How many runs are in flight.
    public private(set) var executingCount = 0
    /// Why the command is disabled, or nil when it is enabled.
    public private(set) var disabledReason: String?

    private let action: @MainActor (Input) async -> Void
    private let scope: WorkScope?
    private let observers = Observers<State>()

    /// - Parameters:
    ///   - name: how messages name the command.
    ///   - allowsReentrance: whether it may run again while running.
    ///   - scope: where its runs are tracked; leaving the scope cancels them.
    ///   - action: the work of one run.
    public init(
        name: String, allowsReentrance: Bool = false, scope: WorkScope? = nil,
        action: @escaping @MainActor (Input) async -> Void
    ) {
        self.name = name
        self.allowsReentrance = allowsReentrance
        self.scope = scope
        self.action = action
    }

    public var isExecuting: Bool { executingCount > 0 }

    /// Why `execute` would refuse now, or nil if it would run.
    public var refusal: CommandRefusal? {
        if let scope, !scope.isActive { return .moduleLeft(command: name) }
        if let disabledReason { return .disabled(command: name, reason: disabledReason) }
        if isExecuting && !allowsReentrance { return .alreadyExecuting(command: name) }
        return nil
    }

    // Without building a refusal: observers read it on every change.
    public var canExecute: Bool {
        (scope?.isActive ?? true) && disabledReason == nil && (executingCount == 0 || allowsReentrance)
    }

    public var state: State { State(isExecuting: isExecuting, canExecute: canExecute) }

    /// Enables the command (`nil`) or disables it with a reason for the user.
    public func setDisabled(reason: String?) {
        guard reason != disabledReason else { return }
        disabledReason = reason
        observers.notify(state)
    }

    /// Starts one run.
    /// - Returns: the run's task, to await or cancel.
    /// - Throws: ``CommandRefusal`` when the command cannot execute now.
    @discardableResult
    public func execute(_ input: Input) throws(CommandRefusal) -> Task<Void, Never> {
        if let refusal { throw refusal }
        executingCount += 1
        observers.notify(state)
        let run: @MainActor () async -> Void = { [action] in
            await action(input)
            self.executingCount -= 1
            self.observers.notify(self.state)
        }
        if let scope {
            guard let task = scope.spawn(run) else { throw .moduleLeft(command: name) }
            return task
        }
        return MainActorTask.start(run)
    }

    /// Calls `handler` after every change of ``state``.
    public func observe(_ handler: @escaping @MainActor (State) -> Void) -> Observation {
        observers.add(handler)
    }
}
