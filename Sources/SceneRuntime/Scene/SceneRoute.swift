import SceneManifest

/// Where a JSON scene navigates: the evaluated form of a `route` step.
public struct SceneRoute: Sendable, Equatable {
    public var to: String?
    public var mode: RouteMode
    public var args: SceneValue
    public var result: SceneValue?
    /// The step that produced the route: where the error points when the route cannot be
    /// taken. Not part of equality.
    public var origin: Origin?

    /// The `route` step a route comes from.
    public struct Origin: Sendable {
        public var scene: String
        public var useCase: String
        /// The step's 1-based index in its use case, and its type.
        public var step: Int
        public var stepType: String
        public var position: SourcePosition?
    }

    public init(to: String?, mode: RouteMode, args: SceneValue = .record(Record()), result: SceneValue? = nil) {
        self.to = to
        self.mode = mode
        self.args = args
        self.result = result
    }

    /// A route made in Swift: args and a result from typed values, as a `route` step's.
    public init(
        to: String?, mode: RouteMode, arguments: KeyValuePairs<String, any SceneValueConvertible>,
        result: (any SceneValueConvertible)? = nil
    ) {
        self.init(
            to: to, mode: mode, args: .record(Record(fields: arguments.map { ($0.key, $0.value.sceneValue) })),
            result: result?.sceneValue)
    }

    public static func == (lhs: SceneRoute, rhs: SceneRoute) -> Bool {
        lhs.to == rhs.to && lhs.mode == rhs.mode && lhs.args == rhs.args && lhs.result == rhs.result
    }
}
