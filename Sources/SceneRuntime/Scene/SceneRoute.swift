import SceneManifest

/// Where a JSON scene navigates: the evaluated form of a `route` step.
public struct SceneRoute: Sendable, Equatable {
    public var to: String?
    public var mode: RouteMode
    public var args: Value
    public var result: Value?

    public init(to: String?, mode: RouteMode, args: Value = .record(Record()), result: Value? = nil) {
        self.to = to
        self.mode = mode
        self.args = args
        self.result = result
    }
}
