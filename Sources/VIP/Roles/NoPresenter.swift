/// The presenter of a use case that presents nothing (it only routes or stores), so it
/// still fits the one pipeline: its Response and ViewModel are `Never`.
public struct NoPresenter: Presenter {
    public init() {}

    public func present(_ response: Never) -> Never {}
}
