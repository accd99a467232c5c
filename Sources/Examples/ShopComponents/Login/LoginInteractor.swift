import Foundation
import SceneManifest
import SceneRuntime
import VIP

/// Keeps the email typed, trimmed of surrounding spaces.
struct LoginEmailInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Login.Email.Request, output: Output<Never, SceneRoute>) throws {
        try scene.set("state.email", to: request.text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Signs in: an empty or malformed email is refused with every reason, else the session
/// is stored and the catalog becomes the only scene.
struct LoginSignInInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext
    let session: SceneProvider<String?>

    func handle(_ request: Login.SignIn.Request, output: Output<Never, SceneRoute>) async throws {
        let state = try scene.state(Login.State.self)
        var problems: [String] = []
        if state.email.isEmpty { problems.append(scene.translate("login.emailRequired")) }
        if !Self.isEmail(state.email) { problems.append(scene.translate("login.emailInvalid", state.email)) }
        guard problems.isEmpty else {
            for problem in problems { output.report(DisplayedError(problem)) }
            return
        }
        try await session.store(state.email)
        try scene.set("shared.user", to: state.email)
        output.route(SceneRoute(to: "Catalog", mode: .root))
    }

    private static func isEmail(_ text: String) -> Bool {
        text.range(of: "^[^@ ]+@[^@ ]+[.][a-z]+$", options: .regularExpression) != nil
    }
}
