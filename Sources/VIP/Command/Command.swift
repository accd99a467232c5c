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
    // `@exclusivity(unchecked)`: these are read and written only on the main actor, each in
    // one short statement that calls out to nothing, so no two accesses can overlap; the
    // run-time check they would otherwise pay on every request is a tenth of the pipeline's cost.
    /// How many runs are in flight.
    @exclusivity(unchecked) public private(set) var executingCount = 0
    /// Why the command is disabled, or nil when it is enabled.
    @exclusivity(unchecked) public private(set) var disabledReason: String?

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
        let action = action
        return try start { await action(input) }
    }

    /// Starts one run whose work is `body` in place of the command's action.
    func start(_ body: @escaping @MainActor () async -> Void) throws(CommandRefusal) -> Task<Void, Never> {
        let run = try begin()
        let task = MainActorTask.start { @MainActor in
            await body()
            self.finish(run)
        }
        attach(task, to: run)
        return task
    }

    // A run in three calls, for a caller that starts the task itself so that its work is
    // compiled into the task's own closure (``UseCase/send(_:)``): `begin` before the task,
    // `finish` as its body's last act, `attach` once it has started.

    /// Counts a run that is about to start, or refuses it.
    /// - Returns: the run's number in the scope, if the command has one.
    @usableFromInline
    func begin() throws(CommandRefusal) -> Int? {
        if let refusal { throw refusal }
        // Not inactive: `refusal` said so.
        let id = scope?.begin()
        executingCount += 1
        observers.notify(state)
        return id
    }

    @usableFromInline
    func finish(_ run: Int?) {
        executingCount -= 1
        observers.notify(state)
        if let run { scope?.end(run) }
    }

    @usableFromInline
    func attach(_ task: Task<Void, Never>, to run: Int?) {
        if let run { scope?.attach(task, id: run) }
    }

    /// Calls `handler` after every change of ``state``.
    public func observe(_ handler: @escaping @MainActor (State) -> Void) -> Observation {
        observers.add(handler)
    }
}
