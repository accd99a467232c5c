import Foundation
import SceneManifest
import ScenerySupport

/// Module templates as folders a team keeps and edits (`Templates/NAME/`), and how
/// `--template` finds one.
extension ModuleTemplate {
    static let manifestName = "template.json"

    /// The built-in templates by name; `yarch` is the default.
    static let builtIn: [String: ModuleTemplate] = [
        "yarch": YARCHTemplate.template, "stt": STTTemplate.template, "clean-swift": CleanSwiftTemplate.template
    ]
    static let builtInNames = ["yarch", "stt", "clean-swift"]

    /// The template `--template value` means: a built-in name; a folder at that path; or
    /// `Templates/value` in the current folder or next to the app (`--in APP`).
    static func find(_ value: String, app: String?) throws(TemplateError) -> ModuleTemplate {
        if let template = builtIn[value] { return template }
        var candidates = [value, "Templates/\(value)"]
        if let app {
            candidates.append(PathText.parent(of: app).isEmpty ? "Templates/\(value)" : "\(PathText.parent(of: app))/Templates/\(value)")
        }
        for folder in candidates where FileManager.default.fileExists(atPath: "\(folder)/\(manifestName)") {
            return try load(folder: folder)
        }
        throw TemplateError(
            "no template '\(value)': not a built-in one (\(builtInNames.joined(separator: ", "))), and no "
                + "'\(manifestName)' in " + Array(Set(candidates)).sorted().map { "'\($0)'" }.joined(separator: " or ")
                + (Suggestions.closest(to: value, in: builtInNames).map { "; did you mean '\($0)'?" } ?? ""))
    }

    /// Reads a template folder: its `template.json` and every file under `sources/` and `tests/`.
    static func load(folder: String) throws(TemplateError) -> ModuleTemplate {
        let manifestPath = "\(folder)/\(manifestName)"
        guard let data = FileManager.default.contents(atPath: manifestPath) else { throw TemplateError("cannot read '\(manifestPath)'") }
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(data))
        } catch {
            throw TemplateError("\(manifestPath): \(error)")
        }
        guard root["formatVersion"]?.numberText == "1" else {
            throw TemplateError("\(manifestPath): needs \"formatVersion\": 1")
        }
        for member in root.members ?? [] where !["formatVersion", "description", "options", "eject"].contains(member.key) {
            throw TemplateError(
                "\(manifestPath): unknown key '\(member.key)'; the keys are 'formatVersion', 'description', 'options' and 'eject'")
        }
        let ejectPaths = try root["eject"].map { (object) throws(TemplateError) in try EjectLayout.parsePaths(object, in: manifestPath) }
        var options: [Option] = []
        for member in root["options"]?.members ?? [] {
            guard member.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !member.key.isEmpty else {
                throw TemplateError("\(manifestPath): option name '\(member.key)' must be letters, digits and '_'")
            }
            guard case let .bool(value)? = member.value["default"]?.kind else {
                throw TemplateError("\(manifestPath): option '\(member.key)' needs \"default\": true or false")
            }
            options.append(Option(name: member.key, defaultValue: value, doc: member.value["doc"]?.string ?? ""))
        }
        var files: [File] = []
        for top in ["sources", "tests"] {
            let base = "\(folder)/\(top)"
            guard let walk = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walk.nextObject() as? String {
                var isFolder: ObjCBool = false
                let full = "\(base)/\(relative)"
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                    !PathText.lastComponent(of: relative).hasPrefix(".")
                else { continue }
                guard let contents = FileManager.default.contents(atPath: full), let text = String(data: contents, encoding: .utf8) else {
                    throw TemplateError("cannot read '\(full)' as UTF-8 text")
                }
                files.append(File(path: "\(top)/\(relative)", text: text))
            }
        }
        guard !files.isEmpty else { throw TemplateError("'\(folder)' has no files under 'sources/' or 'tests/'") }
        return ModuleTemplate(
            name: PathText.lastComponent(of: folder), description: root["description"]?.string ?? "",
            options: options, files: files.sorted { $0.path < $1.path }, ejectPaths: ejectPaths)
    }

    /// This template as a folder: `template.json` and its files, placeholders as they are.
    func files(inFolder folder: String) -> [(path: String, text: String)] {
        let options = self.options.map { option in
            "    \(JSONText.quote(option.name)): {\"default\": \(option.defaultValue), \"doc\": \(JSONText.quote(option.doc))}"
        }
        let eject = (ejectPaths ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.map {
            "    \(JSONText.quote($0.key.rawValue)): \(JSONText.quote($0.value))"
        }
        let manifest = """
            {
              "formatVersion": 1,
              "description": \(JSONText.quote(description)),
              "options": {\(options.isEmpty ? "" : "\n" + options.joined(separator: ",\n") + "\n  ")}\(eject.isEmpty ? "" : ",\n  \"eject\": {\n" + eject.joined(separator: ",\n") + "\n  }")
            }

            """
        return [("\(folder)/\(Self.manifestName)", manifest)] + files.map { ("\(folder)/\($0.path)", $0.text) }
    }
}
