import SceneRuntime
import Testing

@MainActor
@Suite struct ControllerErrorTests {
    /// A scene without a view that fails (a corrupt store read at launch, say) shows the
    /// failure instead of an empty frame.
    @Test func aControllerThatFailsShowsItsError() async throws {
        let test = try TestApp([
            "app.json": appJSON(entry: "Launch"),
            "scenes/Launch.json": #"""
            {"formatVersion": 1, "scene": "Launch",
             "useCases": {"start": {"interactor": [{"type": "fail", "message": "cannot read the session"}]}},
             "onAppear": ["start"]}
            """#
        ])
        try await test.start()
        #expect(test.lines() == ["! cannot read the session"])
    }
}
