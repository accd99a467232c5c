import Foundation
import SceneManifest
import ScenerySupport

/// A template of a Swift module: the files `scenery new scene NAME --swift` writes, with
/// placeholders (``TemplateText``) in their names and contents. Built in (`yarch`, `stt`,
/// `clean-swift`) or a team's own folder:
///
/// ```
/// Templates/team/
///   template.json            {"formatVersion": 1, "description": "…", "options": {"customRouter": {"default": false, "doc": "…"}}}
///   sources/{{Name}}/…        written under --swift-dir (default Sources/MODULE)
///   tests/{{Name}}Tests.swift written under --tests-dir (default Tests/MODULETests)
/// ```
struct ModuleTemplate {
    struct Option: Equatable {
        let name: String
        let defaultValue: Bool
        let doc: String
    }

    /// A file to write: `sources/…` or `tests/…`, names and text with placeholders.
    struct File: Equatable {
        let path: String
        let text: String
    }

    let name: String
    let description: String
    let options: [Option]
    let files: [File]
    /// Where `scenery eject` puts each role's file (template.json's `"eject"`); nil for a
    /// template that does not say.
    var ejectPaths: [EjectLayout.Role: String]? = nil

    /// What every template may use: the scene's name as a type (`Wallet`) and as a value
    /// (`wallet`), the Swift module the files go in, and the use case (`Load`, `load`).
    static let placeholders = ["Name", "name", "Module", "UseCase", "useCase"]

    static func values(name: String, module: String, useCase: String) -> [String: String] {
        ["Name": name, "name": lowerFirst(name), "Module": module, "UseCase": useCase, "useCase": lowerFirst(useCase)]
    }

    static func lowerFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }

    /// A file ready to write: where it goes (below the sources or tests folder) and its text.
    struct Rendered: Equatable {
        enum Root { case sources, tests }
        let root: Root
        let path: String
        let text: String
    }

    /// Every file with its placeholders filled; files whose text comes out empty (a whole
    /// file inside an option's section) are left out.
    /// - Throws: ``TemplateError`` naming the file, line and column of a bad placeholder, or
    ///   a path that would land outside its folder.
    func render(values: [String: String], flags: [String: Bool]) throws(TemplateError) -> [Rendered] {
        var result: [Rendered] = []
        for file in files {
            let path: String, text: String
            do {
                path = try TemplateText.render(file.path, values: values, flags: flags)
            } catch {
                throw TemplateError("\(name): the file name '\(file.path)': \(error.message)")
            }
            do {
                text = try TemplateText.render(file.text, values: values, flags: flags)
            } catch {
                throw TemplateError("\(name)/\(file.path):\(error.line):\(error.column): \(error.message)")
            }
            guard !text.allSatisfy(\.isWhitespace) else { continue }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, let root = ["sources": Rendered.Root.sources, "tests": .tests][parts[0]] else {
                throw TemplateError("\(name): '\(file.path)' is neither in 'sources/' nor in 'tests/'")
            }
            let rest = parts.dropFirst()
            guard !path.hasPrefix("/"), rest.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
                throw TemplateError("\(name): '\(file.path)' would be written as '\(path)', outside its folder; nothing was written")
            }
            result.append(Rendered(root: root, path: rest.joined(separator: "/"), text: text))
        }
        return result
    }

    /// The option values: each option's default, changed by what was given.
    /// - Throws: for a given option the template does not have, with a did-you-mean.
    func flags(_ given: [String: Bool]) throws(TemplateError) -> [String: Bool] {
        var result = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0.defaultValue) })
        for (name, value) in given.sorted(by: { $0.key < $1.key }) {
            guard result[name] != nil else {
                let names = options.map(\.name)
                throw TemplateError(
                    "template '\(self.name)' has no option '\(name)'"
                        + (Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                            ?? (names.isEmpty ? "; it has none" : "; its options are " + names.map { "'\($0)'" }.joined(separator: ", "))))
            }
            result[name] = value
        }
        return result
    }
}

/// A template that cannot be read or used; nothing was written.
struct TemplateError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
