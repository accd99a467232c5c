/// How a screen came onto the stack.
public enum Presentation: String, Sendable, Equatable {
    case root, push, modal
}

/// A navigation that could not be done.
public enum NavigationError: Error, Equatable, CustomStringConvertible {
    case stackLimit(Int)
    case nothingToGoBackTo
    case nothingPresented

    public var description: String {
        switch self {
        case let .stackLimit(limit): "the navigation stack is limited to \(limit) screens"
        case .nothingToGoBackTo: "there is no screen to go back to"
        case .nothingPresented: "no screen is presented, so there is nothing to dismiss"
        }
    }
}

/// The navigation stack: push, present, replace, back with a result, dismiss and root.
///
/// The navigator owns its screens; a screen taken off the stack is told to leave and then
/// released. When a screen becomes the top again it receives the child's result first and
/// then `screenWillAppear()`.
///
/// ```swift
/// let navigator = Navigator()
/// navigator.start(with: catalog)
/// try navigator.push(product)
/// try navigator.back()
/// ```
@MainActor
public final class Navigator {
    public struct Entry {
        public let screen: any Screen
        public let presentation: Presentation
    }

    // `@exclusivity(unchecked)`, as in ``Command``: read and written only on the main actor,
    // each access one statement that calls out to nothing (a screen is copied out before it
    // is told it leaves or appears); `top` alone was read ten times a push and pop.
    @exclusivity(unchecked) public private(set) var stack: [Entry] = []
    /// The most screens the stack may hold, so a routing loop fails instead of growing forever.
    public let limit: Int
    private let observers = Observers<[String]>()

    public init(limit: Int = 64) { self.limit = max(1, limit) }

    public var top: (any Screen)? { stack.last?.screen }
    /// The screens' names, bottom first.
    public var names: [String] { stack.map(\.screen.screenName) }

    /// Calls `handler` with the screens' names after every change.
    public func observe(_ handler: @escaping @MainActor ([String]) -> Void) -> Observation {
        observers.add(handler)
    }

    /// Clears the stack and shows `screen` as its root.
    public func start(with screen: any Screen) {
        leave(stack.indices)
        stack = [Entry(screen: screen, presentation: .root)]
        changed(appearing: screen)
    }

    public func push(_ screen: any Screen) throws(NavigationError) {
        try add(screen, as: .push)
    }

    /// Presents `screen` modally: `dismiss` later removes it and everything above it.
    public func present(_ screen: any Screen) throws(NavigationError) {
        try add(screen, as: .modal)
    }

    /// Replaces the top screen with `screen`, keeping how the top was presented.
    public func replace(with screen: any Screen) {
        guard let last = stack.last else { return start(with: screen) }
        leave(stack.index(before: stack.endIndex)..<stack.endIndex)
        stack[stack.count - 1] = Entry(screen: screen, presentation: last.presentation)
        changed(appearing: screen)
    }

    /// Pops the top screen; `result` goes to the screen below.
    public func back(result: (any Sendable)? = nil) throws(NavigationError) {
        guard stack.count > 1 else { throw .nothingToGoBackTo }
        pop(to: stack.count - 1, result: result)
    }

    /// The screen a result would go to: for `back`, the one below the top; for `dismiss`,
    /// the one below the topmost modal screen. Nil when there is none.
    public func resultReceiver(dismissing: Bool) -> (any Screen)? {
        let leaving = dismissing ? stack.lastIndex(where: { $0.presentation == .modal }) : stack.count - 1
        guard let leaving, leaving >= 1 else { return nil }
        return stack[leaving - 1].screen
    }

    /// Removes the topmost modal screen and everything pushed above it.
    public func dismiss(result: (any Sendable)? = nil) throws(NavigationError) {
        guard let modal = stack.lastIndex(where: { $0.presentation == .modal }) else { throw .nothingPresented }
        pop(to: modal, result: result)
    }

    /// Pops every screen above the bottom `count`, without a result; the new top appears again.
    public func unwind(to count: Int) {
        guard count >= 1, count < stack.count else { return }
        pop(to: count, result: nil)
    }

    /// Puts `screens` on the stack in place of what it holds — an app's screens rebuilt after
    /// its definitions changed — and the old screens leave. Only the new top appears: the
    /// screens below it were on the stack already and appear again when they become the top.
    /// An empty list closes the stack: every screen leaves.
    public func restore(_ screens: [(screen: any Screen, presentation: Presentation)]) {
        leave(stack.indices)
        stack = screens.enumerated().map { index, entry in
            Entry(screen: entry.screen, presentation: index == 0 ? .root : entry.presentation)
        }
        guard let top else { return observers.notify(names) }
        changed(appearing: top)
    }

    /// Pops everything above the root screen.
    public func popToRoot() {
        guard stack.count > 1 else { return }
        pop(to: 1, result: nil)
    }

    private func add(_ screen: any Screen, as presentation: Presentation) throws(NavigationError) {
        guard stack.count < limit else { throw .stackLimit(limit) }
        stack.append(Entry(screen: screen, presentation: presentation))
        changed(appearing: screen)
    }

    // Keeps stack[0..<count]; the screens above leave, top first.
    private func pop(to count: Int, result: (any Sendable)?) {
        leave(count..<stack.count)
        stack.removeSubrange(count...)
        guard let top else { return }
        if let result { top.screenDidReceive(result: result) }
        changed(appearing: top)
    }

    private func leave(_ range: Range<Int>) {
        for index in range.reversed() {
            let screen = stack[index].screen
            screen.screenDidLeave()
        }
    }

    private func changed(appearing screen: any Screen) {
        observers.notify(names)
        screen.screenWillAppear()
    }
}
