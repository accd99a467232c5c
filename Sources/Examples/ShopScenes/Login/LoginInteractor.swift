// Ejected from scenes/Login.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'email': the manifest's steps, in order.
struct LoginEmailInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Login.Email.Request, output: Output<Never, SceneRoute>) async throws {
        let trim = try SceneFunctions.call("trim", request.text, format: scene.format) as String
        try scene.set("state.email", to: trim)
    }
}

/// 'login': the manifest's steps, in order.
struct LoginLoginInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Login.Login.Request, output: Output<Never, SceneRoute>) async throws {
        do {
            var broken = false
            let email = try scene.value("state.email", as: String.self)
            let count = try SceneFunctions.call("count", email, format: scene.format) as Int
            if !(count > 0) {
                let translation = try SceneFunctions.call("t", "login.emailRequired", format: scene.format) as String
                output.report(DisplayedError(translation))
                broken = true
            }
            let matches = try SceneFunctions.call("matches", email, "^[^@ ]+@[^@ ]+[.][a-z]+$", format: scene.format) as Bool
            if !matches {
                let translation2 = try SceneFunctions.call("t", "login.emailInvalid", email, format: scene.format) as String
                output.report(DisplayedError(translation2))
                broken = true
            }
            if broken { throw UseCaseStopped() }
        }
        let email2 = try scene.value("state.email", as: String.self)
        try await scene.provider("session", as: String?.self).store(email2)
        guard output.isActive else { return }
        let email3 = try scene.value("state.email", as: String.self)
        try scene.set("shared.user", to: email3)
        output.route(SceneRoute(to: "Catalog", mode: .root))
    }
}
