/// The limits a running app holds to, declared once: the runtime enforces them, and the
/// diagnostic codes that report them (E511, E512) say them.
public enum RuntimeLimits {
    /// How deep `call` steps may nest.
    public static let callDepth = 16
    /// The most routes scenes may take one after another without user input (an
    /// `onAppear` that routes, a result that routes on): past it the route is refused with
    /// E511 naming the cycle, so a loop between scenes cannot spin forever.
    public static let unattendedRoutes = 32
}
