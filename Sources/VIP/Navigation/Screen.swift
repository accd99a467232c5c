/// A module as it sits on the navigation stack: a view controller in an app, a headless
/// scene in the command line, or a controller without a view.
///
/// Conformers guarantee that `screenDidLeave()` cancels the module's work in flight
/// (usually by calling ``Module/leave()``), and that they hold their navigator weakly.
@MainActor
public protocol Screen: AnyObject {
    /// How the stack and messages name this screen.
    var screenName: String { get }
    /// On first show and on every return to this screen (Clean Swift's viewWillAppear).
    func screenWillAppear()
    /// A result passed back by a child that went `back` or was dismissed with one.
    func screenDidReceive(result: any Sendable)
    /// The screen was taken off the stack: stop all work; it is released next.
    func screenDidLeave()
}

extension Screen {
    public func screenWillAppear() {}
    public func screenDidReceive(result: any Sendable) {}
}
