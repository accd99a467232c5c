import Foundation

/// An error as a display shows it: a message for the user and where it came from.
public struct DisplayedError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The use case or component that reported it, if known.
    public var source: String?
    /// The error as reported, when it was one: a display reads typed details from it (a
    /// code, a position) that the message does not carry. Not part of equality.
    public var underlying: (any Error)?

    public init(_ message: String, source: String? = nil) {
        self.message = message
        self.source = source
    }

    /// The user-facing text of any error: `LocalizedError.errorDescription` when there is
    /// one, otherwise the error's description.
    public init(_ error: any Error, source: String? = nil) {
        let message = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        self.init(message, source: source)
        underlying = error
    }

    public static func == (lhs: DisplayedError, rhs: DisplayedError) -> Bool {
        lhs.message == rhs.message && lhs.source == rhs.source
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// Where interactors report errors and displays read them, after STT's notification error
/// service: reporting never stops the module; the display shows the latest error.
///
/// ```swift
/// let errors = ErrorService()
/// let watch = errors.observe { banner.text = $0?.message }
/// errors.report(ProviderError.offline, source: "load")
/// ```
@MainActor
public final class ErrorService {
    /// The error a display shows now; `nil` once cleared.
    public private(set) var latest: DisplayedError?
    /// Every error reported, oldest first, up to `historyLimit`.
    public private(set) var history: [DisplayedError] = []
    public let historyLimit: Int
    private let observers = Observers<DisplayedError?>()
    /// The one handler of the screen that owns the service, called before the observers:
    /// a JSON scene watches its own module's errors for its whole life, and an observation
    /// (a handle, its lock and a weak link back) was four objects more on every push.
    package var ownerHandler: (@MainActor (DisplayedError?) -> Void)?

    public init(historyLimit: Int = 100) { self.historyLimit = max(1, historyLimit) }

    /// Reports an error. Cancellation is not an error and is ignored.
    public func report(_ error: any Error, source: String? = nil) {
        if error is CancellationError { return }
        report(DisplayedError(error, source: source))
    }

    /// Reports an error already phrased for the user.
    public func report(_ error: DisplayedError) {
        latest = error
        history.append(error)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        ownerHandler?(error)
        observers.notify(error)
    }

    /// Clears the banner (the history stays).
    public func clear() {
        guard latest != nil else { return }
        latest = nil
        ownerHandler?(nil)
        observers.notify(nil)
    }

    /// Calls `handler` with every new latest error, or `nil` when cleared.
    public func observe(_ handler: @escaping @MainActor (DisplayedError?) -> Void) -> Observation {
        observers.add(handler)
    }
}
