import ScenerySupport
import Testing
import VIP
import VIPTesting

@MainActor
@Suite struct RecorderTests {
    @Test func recordersKeepEverythingInOrder() {
        let router = RecordingRouter<GreetingRoute>()
        let display = RecordingDisplay<Greeting.ViewModel>()
        router.route(.profile(name: "a"))
        router.route(.profile(name: "b"))
        display.sink(.init(text: "x"))
        #expect(router.routes == [.profile(name: "a"), .profile(name: "b")])
        #expect(display.viewModels == [.init(text: "x")])
    }
}
