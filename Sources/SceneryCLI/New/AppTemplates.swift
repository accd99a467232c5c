/// What `scenery new app` writes besides the entry scene (``SceneTemplates/manifest(_:schema:)``).
enum AppTemplates {
    static let entryScene = "Home"

    static func app(_ name: String, schema: String?) -> String {
        let schemaLine = SceneTemplates.schemaLine(schema)
        return """
            {
            \(schemaLine)  "formatVersion": 1,
              "name": "\(name)",
              "entry": "\(entryScene)",
              "locale": "en_US",
              "currency": "USD"
            }

            """
    }

    /// A transcript of the entry scene as written, which passes until the scene changes.
    static let transcript = """
        # home: the entry scene shows everything; a search says what it looks for
        # args: --width 60 --locale en_US
        == \(entryScene) ==
        Search: []
        Showing everything
        > load lamp
        == \(entryScene) ==
        Search: [lamp]
        Looking for lamp

        """
}
