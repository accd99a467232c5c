import SceneManifest
import ScenerySupport

/// Where an ejected scene's files go and what its builder is called, after a module
/// template's layout: the template's `"eject"` paths (docs/eject.md#layouts). One mechanism
/// serves the built-in layouts and a team's own.
struct EjectLayout: Equatable {
    /// The files eject writes for a scene.
    enum Role: String, CaseIterable {
        case dataFlow, interactor, presenter, builder, view

        /// The roles a template must place; a view without a path goes beside the DataFlow,
        /// as `{{Name}}View.swift`, so templates written before views were ejected still work.
        static let required: [Role] = [.dataFlow, .interactor, .presenter, .builder]
    }

    /// The template it comes from, as errors name it.
    let template: String
    /// Each role's path as the template writes it: `sources/{{Name}}/…/{{Name}}Interactor.swift`.
    let paths: [Role: String]

    /// A scene's files below the module's folder, and its builder's type: the builder file's
    /// name without `.swift`.
    struct Placed: Equatable {
        let files: [Role: String]
        let builder: String
        /// The view's type: its file's name without `.swift`.
        let view: String
    }

    /// The paths for one scene, `name` its Swift name.
    /// - Throws: ``TemplateError`` for a placeholder that is not `Name`, `name` or `Module`, a
    ///   path outside the module's folder, two roles in one file, or a builder file whose name
    ///   is not a Swift type name.
    func placed(scene name: String, module: String) throws(TemplateError) -> Placed {
        let values = ["Name": name, "name": ModuleTemplate.lowerFirst(name), "Module": module]
        var files: [Role: String] = [:]
        for role in Role.allCases {
            guard let pattern = paths[role] ?? (role == .view ? Self.besideDataFlow(paths[.dataFlow]) : nil) else {
                throw TemplateError("template '\(template)': its \"eject\" has no '\(role.rawValue)'")
            }
            let path: String
            do {
                path = try TemplateText.render(pattern, values: values, flags: [:])
            } catch {
                throw TemplateError("template '\(template)': the eject path '\(pattern)': \(error.message)")
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, parts[0] == "sources", parts.dropFirst().allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
                path.hasSuffix(".swift")
            else {
                throw TemplateError(
                    "template '\(template)': the eject path '\(pattern)' must be a '.swift' file below 'sources/', as 'sources/{{Name}}/{{Name}}Interactor.swift'"
                )
            }
            let relative = parts.dropFirst().joined(separator: "/")
            if let other = files.first(where: { $0.value == relative }) {
                throw TemplateError(
                    "template '\(template)': '\(other.key.rawValue)' and '\(role.rawValue)' are both '\(pattern)'; each needs its own file")
            }
            files[role] = relative
        }
        let builder = String(PathText.lastComponent(of: files[.builder] ?? "").dropLast(".swift".count))
        guard EjectCommand.isIdentifier(builder), !SwiftNames.keywords.contains(builder) else {
            throw TemplateError(
                "template '\(template)': the builder file '\(paths[.builder] ?? "")' must be named as a Swift type, as '{{Name}}Builder.swift'"
            )
        }
        let view = String(PathText.lastComponent(of: files[.view] ?? "").dropLast(".swift".count))
        guard EjectCommand.isIdentifier(view), !SwiftNames.keywords.contains(view) else {
            throw TemplateError(
                "template '\(template)': the view file '\(paths[.view] ?? "")' must be named as a Swift type, as '{{Name}}View.swift'")
        }
        return Placed(files: files, builder: builder, view: view)
    }

    /// `{{Name}}View.swift` in the DataFlow's folder.
    private static func besideDataFlow(_ dataFlow: String?) -> String? {
        guard let dataFlow, let slash = dataFlow.lastIndex(of: "/") else { return nil }
        return dataFlow[...slash] + "{{Name}}View.swift"
    }

    /// The `"eject"` object of a template.json: a path for each role.
    /// - Throws: ``TemplateError`` for an unknown role (with a did-you-mean), a missing one,
    ///   or a path that is not text.
    static func parsePaths(_ object: JSONValue, in manifestPath: String) throws(TemplateError) -> [Role: String] {
        guard let members = object.members else {
            throw TemplateError("\(manifestPath): \"eject\" must be an object with a path for each of \(Self.roleList)")
        }
        var paths: [Role: String] = [:]
        for member in members {
            guard let role = Role(rawValue: member.key) else {
                let hint = Suggestions.closest(to: member.key, in: Role.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw TemplateError(
                    "\(manifestPath): \"eject\" has no role '\(member.key)'\(hint); the roles are \(Self.roleList) and 'view'")
            }
            guard let path = member.value.string else { throw TemplateError("\(manifestPath): \"eject\".\(member.key) must be a path") }
            paths[role] = path
        }
        for role in Role.required where paths[role] == nil {
            throw TemplateError("\(manifestPath): \"eject\" needs a path for '\(role.rawValue)'")
        }
        return paths
    }

    static let roleList = Role.required.map { "'\($0.rawValue)'" }.joined(separator: ", ")

    /// The layout of the template `value` names, as `new scene --template` finds it.
    static func find(_ value: String, app: String) throws(TemplateError) -> EjectLayout {
        let template = try ModuleTemplate.find(value, app: app)
        guard let paths = template.ejectPaths else {
            throw TemplateError(
                "template '\(template.name)' does not say where ejected files go; add \"eject\" to its template.json with a path for each of \(roleList) (docs/eject.md#layouts)"
            )
        }
        return EjectLayout(template: template.name, paths: paths)
    }
}
