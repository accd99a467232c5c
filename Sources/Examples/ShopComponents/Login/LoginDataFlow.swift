import VIP

/// The Shop's sign-in scene in Swift: the use cases of `Scenes/Shop/scenes/Login.json`,
/// typed, behind the same manifest view. Registered by ``ShopComponents/register(into:)``.
public enum Login {
    /// The scene's state, as the manifest declares it.
    struct State: Codable, Sendable {
        var email: String
    }

    /// `email TEXT`: keeps what was typed, trimmed.
    enum Email: DataFlow {
        struct Request: Decodable, Sendable { var text: String }
        typealias Response = Never
        typealias ViewModel = Never
    }

    /// `login`: checks the email, remembers the session and opens the catalog.
    enum SignIn: DataFlow {
        struct Request: Decodable, Sendable {}
        typealias Response = Never
        typealias ViewModel = Never
    }
}
