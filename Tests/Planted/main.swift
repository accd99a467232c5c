// An app executable with planted defects in Swift, for `scenery explore`'s crash and hang
// checks (docs/explore.md#what-it-checks):
// - the `Share` interactor divides by the number of people it is given, in Int arithmetic,
//   so zero people stops the process (Tests/SceneryCLITests/Fixtures/Explore/Crash, whose
//   own transcript shares among four);
// - the `Start` interactor waits a negative number of seconds forever, holding the main
//   thread, as a loop that never awaits does (Fixtures/Explore/Stall, whose transcript
//   starts a timer of three seconds).
import Foundation
import SceneRuntime
import SceneryCLI

struct ShareRequest: Codable, Sendable { var people: Int }
struct ShareResponse: Codable, Sendable { var message: String }

let registry = SceneRegistry()
registry.register(interactor: "Share") { (request: ShareRequest, present: (ShareResponse) -> Void, _) in
    present(ShareResponse(message: "\(100 / request.people) each"))
}
struct StartRequest: Codable, Sendable { var seconds: Int }
registry.register(interactor: "Start") { (request: StartRequest, present: (ShareResponse) -> Void, _) in
    // The defect: a negative wait is never over, and the main thread is never let go.
    while request.seconds < 0 { usleep(1_000_000) }
    present(ShareResponse(message: "started for \(request.seconds) s"))
}
await SceneryCommand.main(registry: registry)
