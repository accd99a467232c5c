import Foundation
import SceneManifest
import Testing

@testable import SceneryCLI

/// What `scenery new scene NAME --from SCENE` writes into SCENE.json: a use case that pushes
/// NAME and a button that takes it, inserted where they go, laid out as their neighbours
/// are, with every other byte of the file kept.
// checks: docs/cli.md#scenery-new
// checks: docs/cli.md#wiring-a-scene-in
@Suite struct SceneWiringTests {
    let details = SceneWiring(scene: "Details", title: "Details")

    func wired(_ text: String, _ wiring: SceneWiring? = nil) throws(SceneWiring.Failure) -> String {
        String(decoding: try (wiring ?? details).wired(Array(text.utf8)), as: UTF8.self)
    }

    @Test func theTemplatesSceneGetsAUseCaseAfterItsLastAndAButtonBeforeItsErrorBanner() throws {
        let home = SceneTemplates.manifest("Home", schema: nil)
        let edited = try wired(home)
        #expect(
            edited
                == home
                .replacingOccurrences(
                    of: """
                              }
                            }
                          },
                        """,
                    with: """
                              }
                            },
                            "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] }
                          },
                        """
                )
                .replacingOccurrences(
                    of: """
                            { "type": "error" }
                        """,
                    with: """
                            { "type": "button", "title": "Details", "action": "details" },
                            { "type": "error" }
                        """))
    }

    @Test(arguments: [
        // Inline objects and arrays stay inline; the button goes last without an error banner.
        (
            #"{"scene": "A", "useCases": {"load": {}}, "view": [{"type": "text", "text": "]}"}]}"#,
            #"{"scene": "A", "useCases": {"load": {}, "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] }}, "#
                + #""view": [{"type": "text", "text": "]}"}, { "type": "button", "title": "Details", "action": "details" }]}"#
        ),
        // Before an inline error banner.
        (
            #"{"useCases": {"a": {}}, "view": [{"type": "error"}]}"#,
            #"{"useCases": {"a": {}, "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] }}, "#
                + #""view": [{ "type": "button", "title": "Details", "action": "details" }, {"type": "error"}]}"#
        ),
        // Empty containers, inline.
        (
            #"{"useCases": {}, "view": []}"#,
            #"{"useCases": { "details": { "interactor": [ { "type": "route", "to": "Details", "mode": "push" } ] } }, "#
                + #""view": [ { "type": "button", "title": "Details", "action": "details" } ]}"#
        ),
        // Empty containers on lines of their own, indented a step of the file's indentation.
        (
            "{\n\t\"useCases\": {},\n\t\"view\": [\n\t]\n}\n",
            "{\n\t\"useCases\": {\n\t\t\"details\": { \"interactor\": [ { \"type\": \"route\", \"to\": \"Details\", \"mode\": \"push\" } ] }\n\t},\n"
                + "\t\"view\": [\n\t\t{ \"type\": \"button\", \"title\": \"Details\", \"action\": \"details\" }\n\t]\n}\n"
        ),
        // No use cases yet: the scene gets "useCases", last.
        (
            "{\n  \"scene\": \"A\",\n  \"view\": [\n    { \"type\": \"header\", \"text\": \"A\" }\n  ]\n}\n",
            "{\n  \"scene\": \"A\",\n  \"view\": [\n    { \"type\": \"header\", \"text\": \"A\" },\n"
                + "    { \"type\": \"button\", \"title\": \"Details\", \"action\": \"details\" }\n  ],\n"
                + "  \"useCases\": { \"details\": { \"interactor\": [ { \"type\": \"route\", \"to\": \"Details\", \"mode\": \"push\" } ] } }\n}\n"
        )
    ])
    func layoutFollowsTheNeighbours(scene: String, expected: String) throws {
        #expect(try wired(scene) == expected)
    }

    @Test func crlfLineEndsAreKept() throws {
        let scene = "{\r\n  \"useCases\": {\r\n    \"load\": {}\r\n  },\r\n  \"view\": [\r\n    { \"type\": \"error\" }\r\n  ]\r\n}\r\n"
        #expect(
            try wired(scene) == "{\r\n  \"useCases\": {\r\n    \"load\": {},\r\n"
                + "    \"details\": { \"interactor\": [ { \"type\": \"route\", \"to\": \"Details\", \"mode\": \"push\" } ] }\r\n  },\r\n"
                + "  \"view\": [\r\n    { \"type\": \"button\", \"title\": \"Details\", \"action\": \"details\" },\r\n"
                + "    { \"type\": \"error\" }\r\n  ]\r\n}\r\n")
    }

    @Test func titlesAreQuotedAndReservedWordsAvoided() throws {
        let back = SceneWiring(scene: "Back", title: #"Say "back" \ now"#)
        #expect(back.useCase == "openBack")
        #expect(back.buttonText() == #"{ "type": "button", "title": "Say \"back\" \\ now", "action": "openBack" }"#)
        #expect(SceneWiring(scene: "OrderDetails", title: "").useCase == "orderDetails")
        let edited = try wired(#"{"useCases": {}, "view": []}"#, back)
        let parsed = try JSONParser.parse(Array(edited.utf8))
        #expect(parsed["view"]?.elements?.first?["title"]?.string == #"Say "back" \ now"#)
    }

    @Test(
        arguments: [
            (
                #"{"view": [}"#,
                SceneWiring.Failure.syntax(JSONSyntaxError(.unexpectedCharacter(found: "character '}'", expected: "a value"), at: 10))
            ),
            ("[1]", .notAnObject),
            (#"{"useCases": {}}"#, .noView),
            (#"{"view": {}}"#, .viewNotAnArray),
            (#"{"useCases": [], "view": []}"#, .notAnObjectAt(key: "useCases")),
            (#"{"useCases": {"details": {}}, "view": []}"#, .taken(useCase: "details"))
        ] as [(String, SceneWiring.Failure)])
    func whatCannotTakeARouteIsRefused(scene: String, failure: SceneWiring.Failure) {
        #expect(throws: failure) { try wired(scene) }
    }
}
