import Foundation
import SceneManifest
import SceneRuntime
import Testing
import VIP

/// Each runtime limit, at the limit (it runs) and one past it (a clear error).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct RuntimeLimitTests {
    /// `call` nests 16 levels; the 17th is E512.
    @Test(arguments: [(16, nil), (17, "E512")] as [(Int, String?)])
    func callDepth(calls: Int, code: String?) async throws {
        #expect(RuntimeApp.callDepthLimit == 16)
        // c1 calls c2 … calls c<calls + 1>, which sets the state.
        let levels = calls + 1
        var useCases = (1..<levels).map { #""c\#($0)": {"interactor": [{"type": "call", "useCase": "c\#($0 + 1)"}]}"# }
        useCases.append(#""c\#(levels)": {"interactor": [{"type": "set", "path": "state.done", "value": true}]}"#)
        let test = try TestApp([
            "app.json": appJSON(),
            "scenes/Main.json": #"""
            {"formatVersion": 1, "scene": "Main", "state": {"done": {"type": "bool", "default": false}},
             "useCases": {\#(useCases.joined(separator: ", "))},
             "view": [{"type": "text", "text": "done: @{state.done}"}, {"type": "error"}]}
            """#
        ])
        try await test.start()
        try await test.send("c1")
        #expect(test.top?.failures.last?.code?.rawValue == code)
        #expect(test.lines(width: 200).first == (code == nil ? "done: true" : "done: false"))
    }

    /// 32 routes in a row without user input run; the 33rd is E511.
    @Test(arguments: [(32, nil), (33, "E511")] as [(Int, String?)])
    func unattendedRouteChain(routes: Int, code: String?) async throws {
        #expect(RuntimeApp.unattendedRouteLimit == 32)
        // S0 routes to S1 on appear, … S<routes-1> to S<routes>, which stays.
        var files = ["app.json": appJSON(entry: "S0")]
        for index in 0..<routes {
            files["scenes/S\(index).json"] = RouteCycleTests.scene("S\(index)", routesTo: "S\(index + 1)", mode: "replace")
        }
        files["scenes/S\(routes).json"] = #"{"formatVersion": 1, "scene": "S\#(routes)", "view": [{"type": "header", "text": "end"}]}"#
        let test = try TestApp(files)
        try await test.start()
        await test.settle()
        #expect(test.top?.failures.last?.code?.rawValue == code)
        // At the limit the chain reaches its last scene; past it, it stops short.
        #expect((test.app.navigator.names == ["S\(routes)"]) == (code == nil))
    }
}
