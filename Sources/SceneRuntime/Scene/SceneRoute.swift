import SceneManifest

/// Where a JSON scene navigates: the evaluated form of a `route` step.
public struct SceneRoute: Sendable, Equatable {
    public var to: String?
    public var mode: RouteMode
    public var args: SceneValue
    public var result: SceneValue?
    /// The step that produced the route, as a site for the error when the route cannot be
    /// taken (its code and message are empty). Not part of equality.
    public var origin: RuntimeError?

    public init(to: String?, mode: RouteMode, args: SceneValue = .record(Record()), result: SceneValue? = nil) {
        self.to = to
        self.mode = mode
        self.args = args
        self.result = result
    }

    public static func == (lhs: SceneRoute, rhs: SceneRoute) -> Bool {
        lhs.to == rhs.to && lhs.mode == rhs.mode && lhs.args == rhs.args && lhs.result == rhs.result
    }
}
