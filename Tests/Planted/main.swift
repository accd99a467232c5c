// An app executable with one planted defect in Swift, for `scenery explore`'s crash check
// (docs/explore.md#what-it-checks): the `Share` interactor divides by the number of people
// it is given, in Int arithmetic, so zero people stops the process. The app is
// Tests/SceneryCLITests/Fixtures/Explore/Crash; its own transcript shares among four.
import SceneRuntime
import SceneryCLI

struct ShareRequest: Codable, Sendable { var people: Int }
struct ShareResponse: Codable, Sendable { var message: String }

let registry = SceneRegistry()
registry.register(interactor: "Share") { (request: ShareRequest, present: (ShareResponse) -> Void, _) in
    present(ShareResponse(message: "\(100 / request.people) each"))
}
await SceneryCommand.main(registry: registry)
