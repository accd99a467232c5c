// Ejected from scenes/Login.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime

/// The view of 'Login' (scenes/Login.json), ejected: each frame's components, drawn in place of the manifest's
/// view, as it shows them.
enum LoginView {
    @MainActor
    static func draw(_ scene: SceneContext, into view: inout SceneLines) {
        view.header { try SceneFunctions.call("t", "login.title", format: scene.format) as String }
        view.input(
            label: { try SceneFunctions.call("t", "login.email", format: scene.format) as String },
            value: { try scene.value("state.email", as: String.self) }, word: "email")
        view.button(
            title: { try SceneFunctions.call("t", "login.submit", format: scene.format) as String }, action: "login",
            enabled: {
                let email = try scene.value("state.email", as: String.self)
                let count = try SceneFunctions.call("count", email, format: scene.format) as Int
                return count > 0
            })
        view.errors()
    }
}
