// Ejected from scenes/OrderForm.json by `scenery eject`: edit it as your own code.

import Foundation
import SceneRuntime
import VIP

/// 'start': the manifest's steps, in order.
struct OrderFormStartInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderForm.Start.Request, output: Output<Never, SceneRoute>) async throws {
        let orderId2 = try scene.value("args.orderId", as: String?.self)
        let order: Models.Order?
        if SceneFunctions.holds(orderId2) {
            let orderId = try scene.value("args.orderId", as: String?.self)
            do {
                order = try await scene.provider("orders", as: Models.Order?.self).fetch(arguments: ["key": orderId])
            } catch {
                let failure = try scene.recover(error, from: "orders", useCase: "start", step: 1)
                guard output.isActive else { return }
                throw DisplayedError("This order cannot be edited now (\(failure.message)).")
            }
        } else {
            order = nil
        }
        guard output.isActive else { return }
        if SceneFunctions.holds(order) {
            try scene.set("state.form", to: order)
        }
    }
}

/// 'save': the manifest's steps, in order.
struct OrderFormSaveInteractor: Interactor {
    typealias Route = SceneRoute
    let scene: SceneContext

    func handle(_ request: OrderForm.Save.Request, output: Output<Never, SceneRoute>) async throws {
        do {
            var broken = false
            let now = try SceneFunctions.call("now", format: scene.format) as String
            let daysBetween = try SceneFunctions.call("daysBetween", now, request.deliverBy, format: scene.format) as Int
            if !(daysBetween >= 1) {
                output.report(DisplayedError("Choose a delivery day after today"))
                broken = true
            }
            if broken { throw UseCaseStopped() }
        }
        let orderId = try scene.value("args.orderId", as: String?.self)
        if SceneFunctions.holds(orderId) {
            do {
                try await scene.collection("orders").update(request)
            } catch {
                let failure = try scene.recover(error, from: "orders", useCase: "save", step: 2)
                guard output.isActive else { return }
                throw DisplayedError("The order was not saved: \(failure.message)")
            }
        }
        guard output.isActive else { return }
        let orderId2 = try scene.value("args.orderId", as: String?.self)
        if !SceneFunctions.holds(orderId2) {
            do {
                try await scene.collection("orders").insert(request)
            } catch {
                let failure2 = try scene.recover(error, from: "orders", useCase: "save", step: 3)
                guard output.isActive else { return }
                throw DisplayedError("The order was not saved: \(failure2.message)")
            }
        }
        guard output.isActive else { return }
        output.route(SceneRoute(to: nil, mode: .back))
    }
}
