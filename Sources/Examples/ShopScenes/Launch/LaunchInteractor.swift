// Ejected from scenes/Launch.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'start': the manifest's steps, in order.
struct LaunchStartInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: Launch.Start.Request, output: Output<Never, SceneRoute>) async throws {
        let user = try await scene.provider("session", as: String?.self).fetch()
        guard output.isActive else { return }
        try scene.set("shared.user", to: user)
        if user == nil {
            output.route(SceneRoute(to: "Login", mode: .replace))
        }
        guard output.isActive else { return }
        if user != nil {
            output.route(SceneRoute(to: "Catalog", mode: .replace))
        }
    }
}
