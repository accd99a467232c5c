import Foundation

/// What `scenery new scene` writes.
enum SceneTemplates {
    /// The `"$schema"` line of a manifest written by `new`, or nothing.
    static func schemaLine(_ schema: String?) -> String {
        schema.map { "  \"$schema\": \"\($0)\",\n" } ?? ""
    }

    static func manifest(_ name: String, schema: String?) -> String {
        let schemaLine = schemaLine(schema)
        return """
            {
            \(schemaLine)  "formatVersion": 1,
              "scene": "\(name)",
              "title": "\(name)",
              "state": { "query": { "type": "string", "default": "" } },
              "useCases": {
                "load": {
                  "request": { "query": "string?" },
                  "interactor": [
                    { "type": "set", "path": "state.query", "value": "@{request.query ?? state.query}" }
                  ],
                  "response": { "query": "@{state.query}" },
                  "presenter": {
                    "summary": "@{count(response.query) > 0 ? 'Looking for ' + response.query : 'Showing everything'}"
                  }
                }
              },
              "view": [
                { "type": "header", "text": "\(name)" },
                { "type": "input", "label": "Search", "value": "@{state.query}", "action": "load" },
                { "type": "text", "text": "@{vm.summary}" },
                { "type": "error" }
              ],
              "onAppear": ["load"]
            }

            """
    }

    /// The relative path from `folder` to one of Scenery's schemas, when the folder sits in
    /// a tree that has it (as the project's own Scenes/ do).
    static func schemaPath(from folder: String, file: String = "scene.schema.json") -> String? {
        var directory = URL(fileURLWithPath: folder).standardizedFileURL
        var ups = 0
        while ups < 12 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("docs/schema/\(file)").path) {
                return String(repeating: "../", count: ups) + "docs/schema/\(file)"
            }
            guard directory.path != "/" else { return nil }
            directory.deleteLastPathComponent()
            ups += 1
        }
        return nil
    }
}
