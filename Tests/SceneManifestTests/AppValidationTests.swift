import Foundation
import SceneManifest
import Testing

/// An app validated again after edits gives exactly what validating it afresh gives, while
/// parsing only what changed and checking only the scenes an edit can affect.
// checks: docs/editors.md#what-the-server-does
@Suite struct AppValidationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file of an app folder, by path, held in memory.
    static func files(of app: String) -> [String: [UInt8]] {
        let folder = root.appendingPathComponent(app)
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath {
                files[url.standardizedFileURL.path] = Array(data)
            }
        }
        return files
    }

    /// The Shop with `count` copies of its Catalog, each routing to the next, so an edit of one
    /// reaches its neighbours.
    static func generated(_ count: Int) -> (folder: String, files: [String: [UInt8]]) {
        let shop = root.appendingPathComponent("Scenes/Shop").standardizedFileURL.path
        var files = Self.files(of: "Scenes/Shop")
        let catalog = String(decoding: files[shop + "/scenes/Catalog.json"] ?? [], as: UTF8.self)
        for index in 0..<count {
            let text = catalog.replacingOccurrences(of: "\"scene\": \"Catalog\"", with: "\"scene\": \"Catalog\(index)\"")
                .replacingOccurrences(of: "\"to\": \"Product\"", with: "\"to\": \"Catalog\((index + 1) % count)\"")
            files[shop + "/scenes/Catalog\(index).json"] = Array(text.utf8)
        }
        return (shop, files)
    }

    /// Random edits: a name misspelt or restored, a character dropped or added, a file gone
    /// or added, app.json or a string table changed, a file back as it was.
    struct Editor {
        var random: UInt64
        let original: [String: [UInt8]]
        var files: [String: [UInt8]]
        let folder: String

        mutating func next(_ bound: Int) -> Int {
            random &+= 0x9E37_79B9_7F4A_7C15
            var mixed = random
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((mixed ^ (mixed >> 31)) % UInt64(max(bound, 1)))
        }

        var manifests: [String] { files.keys.filter { $0.hasSuffix(".json") && !$0.contains("/tests/") }.sorted() }

        mutating func edit() -> String {
            let paths = manifests
            let path = paths[next(paths.count)]
            var text = String(decoding: files[path] ?? [], as: UTF8.self)
            switch next(13) {
            case 11, 12:
                // A route to another scene of the app: what is reachable, and from where, changes.
                let routes = text.ranges(of: /"to": "[A-Za-z0-9]+"/)
                let scenes = paths.filter { $0.contains("/scenes/") }.map(Self.baseName)
                guard !routes.isEmpty, let target = scenes.randomElement(using: &self) else { return "no route in \(path)" }
                let range = routes[next(routes.count)]
                let old = text[range]
                text.replaceSubrange(range, with: "\"to\": \"\(target)\"")
                files[path] = Array(text.utf8)
                return "routed \(old) to \(target) in \(path)"
            case 9, 10:
                // What another scene reads: an argument's name or a type, in `args` or a request.
                let crossing = text.ranges(of: /"args": \{ *"[A-Za-z]+"|"string\??"|"int\??"|"onResult": "[A-Za-z]+"/)
                guard !crossing.isEmpty else { return "nothing another scene reads in \(path)" }
                let range = crossing[next(crossing.count)]
                let word = text[range]
                text.replaceSubrange(
                    range, with: word.hasPrefix("\"string") ? "\"int\"" : word.hasPrefix("\"int") ? "\"string?\"" : word.dropLast() + "x\"")
                files[path] = Array(text.utf8)
                return "changed \(word) in \(path)"
            case 0, 1:
                // A quoted name changed: a scene, provider, model, field or use case misspelt.
                let quoted = text.ranges(of: /"[A-Za-z][A-Za-z0-9]*"/)
                guard !quoted.isEmpty else { return "nothing to misspell in \(path)" }
                let range = quoted[next(quoted.count)]
                let word = text[range]
                text.replaceSubrange(range, with: word.dropLast() + "x\"")
                files[path] = Array(text.utf8)
                return "misspelt \(word) in \(path)"
            case 2:
                guard !text.isEmpty else { return "empty" }
                let offset = next(text.count)
                text.remove(at: text.index(text.startIndex, offsetBy: offset))
                files[path] = Array(text.utf8)
                return "dropped a character of \(path) at \(offset)"
            case 3:
                let offset = next(text.count + 1)
                text.insert(["{", "\"", ",", "}", "@"][next(5)], at: text.index(text.startIndex, offsetBy: offset))
                files[path] = Array(text.utf8)
                return "added a character to \(path) at \(offset)"
            case 4:
                let scenes = paths.filter { $0.contains("/scenes/") }
                guard scenes.count > 1 else { return "one scene" }
                let gone = scenes[next(scenes.count)]
                files[gone] = nil
                return "removed \(gone)"
            case 5:
                let scenes = paths.filter { $0.contains("/scenes/") }
                guard let source = scenes.randomElement(using: &self) else { return "no scenes" }
                let name = "Added\(next(1000))"
                let copy = String(decoding: files[source] ?? [], as: UTF8.self)
                    .replacingOccurrences(of: "\"scene\": \"\(Self.baseName(source))\"", with: "\"scene\": \"\(name)\"")
                files[folder + "/scenes/\(name).json"] = Array(copy.utf8)
                return "added \(name) from \(source)"
            case 6:
                // app.json or a string table: the edit every scene reads.
                let shared = paths.filter { $0.hasSuffix("/app.json") || $0.contains("/locales/") }
                guard let target = shared.randomElement(using: &self) else { return "no shared file" }
                var changed = String(decoding: files[target] ?? [], as: UTF8.self)
                let quoted = changed.ranges(of: /"[A-Za-z][A-Za-z0-9.]*"/)
                guard !quoted.isEmpty else { return "nothing to change in \(target)" }
                changed.replaceSubrange(quoted[next(quoted.count)], with: "\"changed\"")
                files[target] = Array(changed.utf8)
                return "changed \(target)"
            default:
                // Back as it was: an edit undone, a file restored.
                let changed = Array(Set(original.keys).union(files.keys).filter { original[$0] != files[$0] }).sorted()
                guard !changed.isEmpty else { return "nothing to restore" }
                let restored = changed[next(changed.count)]
                files[restored] = original[restored]
                return "restored \(restored)"
            }
        }

        static func baseName(_ path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
    }

    static func lines(_ report: ValidationReport) -> [String] {
        report.diagnostics.map {
            "\($0.file):\($0.line):\($0.column): \($0.severity) \($0.code.rawValue) \($0.message) | \($0.hint ?? "") | \($0.pointer)"
        }
    }

    @Test(arguments: ["Scenes/Shop", "Scenes/Orders", "Scenes/Broken", "generated"])
    func randomEditsGiveWhatAFreshValidationGives(app: String) {
        let (folder, files) =
            app == "generated"
            ? Self.generated(40) : (Self.root.appendingPathComponent(app).standardizedFileURL.path, Self.files(of: app))
        var editor = Editor(random: UInt64(app.utf8.count) &* 7919, original: files, files: files, folder: folder)
        let validation = AppValidation(folder: folder)
        var trail: [String] = []
        for step in 0..<60 {
            let memory = InMemoryFiles(editor.files)
            let incremental = validation.validate(files: memory)
            let fresh = Validator.validate(path: folder, files: memory)
            let same = Self.lines(incremental) == Self.lines(fresh)
            #expect(same, "after \(trail.joined(separator: "; "))")
            #expect(incremental.app?.sceneNames == fresh.app?.sceneNames)
            if !same { return }
            trail.append("\(step): " + editor.edit())
        }
    }

    @Test func anEditOfOneSceneParsesOneFileAndChecksItsNeighboursOnly() {
        let (folder, files) = Self.generated(40)
        let validation = AppValidation(folder: folder)
        _ = validation.validate(files: InMemoryFiles(files))
        #expect(validation.lastWork.filesParsed > 40)
        // Catalog7 routes to Catalog8, Cart, Deals, Orders and Login, and Catalog6 routes to it.
        let path = folder + "/scenes/Catalog7.json"
        var edited = files
        edited[path] = Array(
            String(decoding: files[path] ?? [], as: UTF8.self).replacingOccurrences(of: "@{vm.summary}", with: "@{vm.summary}!").utf8)
        _ = validation.validate(files: InMemoryFiles(edited))
        #expect(validation.lastWork.filesParsed == 1)
        #expect(validation.lastWork.scenesChecked == 7, "Catalog6, Catalog7, Catalog8, Cart, Deals, Orders and Login")
        // Nothing changed: nothing parsed, nothing checked.
        _ = validation.validate(files: InMemoryFiles(edited))
        #expect(validation.lastWork.filesParsed == 0 && validation.lastWork.scenesChecked == 0)
        // app.json changed: every scene again.
        let appPath = folder + "/app.json"
        edited[appPath] = (files[appPath] ?? []) + Array("\n".utf8)
        _ = validation.validate(files: InMemoryFiles(edited))
        #expect(validation.lastWork.scenesChecked == files.keys.filter { $0.contains("/scenes/") }.count)
    }
}

extension AppValidationTests.Editor: RandomNumberGenerator {
    mutating func next() -> UInt64 { UInt64(next(Int.max)) }
}
