/// Navigates away from a module. Routes are the module's own values
/// (`enum Route { case product(id: String) }`); the router turns them into navigation.
///
/// Conformers guarantee they hold views and navigators weakly, so a router never keeps a
/// module alive.
@MainActor
public protocol Router<Route>: AnyObject {
    associatedtype Route: Sendable
    func route(_ route: Route)
}
