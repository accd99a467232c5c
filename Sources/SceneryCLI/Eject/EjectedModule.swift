import SceneManifest

/// The files of one ejected module: each scene's own folder, the app's models, and the
/// module's `register(into:)`; or every refusal found in any of its scenes.
struct EjectedModule {
    let loaded: LoadedApp
    /// The app folder as the user gave it.
    let path: String
    let module: String
    let scenes: [String]
    let layout: EjectLayout

    /// - Throws: ``TemplateError`` when the layout cannot place a scene's files.
    func files() throws(TemplateError) -> (files: [SceneEjector.File], refusals: [String], notes: [String]) {
        var files: [SceneEjector.File] = []
        var refusals: [String] = []
        var ejected: [String] = []
        var notes: [String] = []
        var builders: [String: String] = [:]
        var views: [String: String] = [:]
        for name in scenes {
            guard let scene = loaded.scenes[name] else { continue }
            let placed = try layout.placed(scene: EjectNames(app: loaded.app, scene: scene).scene, module: module)
            let shown = scene.source?.file.path ?? "\(path)/scenes/\(name).json"
            let ejector = SceneEjector(
                app: loaded.app, scenes: loaded.scenes, scene: scene, path: scene.source?.appPath ?? shown, placed: placed)
            let (written, refused, viewLeft) = ejector.files()
            if written.isEmpty && refused.isEmpty {
                let why = viewLeft.map { ", and its view stays the manifest's: " + located($0, in: scene, shown: shown) } ?? ""
                notes.append(
                    scene.useCases.isEmpty
                        ? "'\(name)' has no use case to eject\(why)" : "'\(name)' has no use case to eject: each is in Swift already\(why)")
                continue
            }
            ejected.append(name)
            files += written
            if written.contains(where: { $0.name == placed.files[.builder] }) {
                builders[name] = placed.builder
            } else {
                notes.append(
                    scene.useCases.isEmpty
                        ? "'\(name)' has no use case to eject: its view is ejected alone"
                        : "'\(name)' has no use case to eject, each is in Swift already: its view is ejected alone")
            }
            if written.contains(where: { $0.name == placed.files[.view] }) { views[name] = placed.view }
            if let viewLeft {
                notes.append("the view of '\(name)' stays the manifest's: " + located(viewLeft, in: scene, shown: shown))
            }
            refusals += refused.map { describe($0, in: scene, shown: shown) }
        }
        guard refusals.isEmpty else { return ([], refusals, []) }
        // No module of nothing: the notes say why each scene was left out.
        guard !ejected.isEmpty else { return ([], [], notes) }
        if let models = models() { files.append(models) }
        files.append(registration(ejected, builders: builders, views: views))
        try checkDistinct(files, builders: builders, views: views)
        return (files, [], notes)
    }

    /// Every file at a path of its own, and every builder a type name nothing else has: a
    /// team's paths that put two files in one place, or name a builder as a scene, the
    /// module, `Models` or another scene's builder, would lose code or not compile.
    private func checkDistinct(_ files: [SceneEjector.File], builders: [String: String], views: [String: String]) throws(TemplateError) {
        var seen: Set<String> = []
        for file in files where !seen.insert(file.name).inserted {
            throw TemplateError(
                "template '\(layout.template)': its \"eject\" paths put two files at '\(file.name)'; give each scene's files a path with {{Name}}, apart from Models.swift and \(module).swift"
            )
        }
        let scenes = Set(self.scenes.compactMap { loaded.scenes[$0] }.map { EjectNames(app: loaded.app, scene: $0).scene })
        var taken = scenes.union([module, "Models"])
        for (scene, builder) in builders.sorted(by: { $0.key < $1.key }) where !taken.insert(builder).inserted {
            throw TemplateError(
                "template '\(layout.template)': the builder of '\(scene)' would be named '\(builder)', as another type of the module is; name its file as a type of its own, as '{{Name}}Builder.swift'"
            )
        }
        for (scene, view) in views.sorted(by: { $0.key < $1.key }) where !taken.insert(view).inserted {
            throw TemplateError(
                "template '\(layout.template)': the view of '\(scene)' would be named '\(view)', as another type of the module is; name its file as a type of its own, as '{{Name}}View.swift'"
            )
        }
    }

    /// `path:line:column: error: …` for a refusal.
    private func describe(_ refusal: EjectRefusal, in scene: SceneDefinition, shown: String) -> String {
        guard let source = scene.source else { return "\(shown): error: cannot eject '\(scene.name)': \(refusal.reason)" }
        return "\(place(refusal, in: source)): error: cannot eject '\(scene.name)': \(refusal.reason)"
    }

    /// `path:line:column: REASON` for what keeps a scene's view from being ejected.
    private func located(_ refusal: EjectRefusal, in scene: SceneDefinition, shown: String) -> String {
        guard let source = scene.source else { return "\(shown): \(refusal.reason)" }
        return "\(place(refusal, in: source)): \(refusal.reason)"
    }

    private func place(_ refusal: EjectRefusal, in source: SceneSource) -> String {
        let offset = refusal.origin.map { source.file.offset(inStringAt: $0, decodedIndex: refusal.offset) } ?? refusal.offset
        let position = source.position(at: offset)
        return "\(position.path):\(position.line):\(position.column)"
    }

    /// The app's models as Codable structs, in one `Models` namespace for every scene.
    private func models() -> SceneEjector.File? {
        // A model's Swift name depends on the app alone; any scene serves to make the names.
        guard !loaded.app.models.isEmpty, let first = loaded.scenes.values.first else { return nil }
        let names = EjectNames(app: loaded.app, scene: first)
        var lines = ["/// The models of '\(loaded.app.name)', as its app.json declares them.", "public enum Models {"]
        for (index, name) in loaded.app.models.keys.sorted().enumerated() {
            if index > 0 { lines.append("") }
            let fields = (loaded.app.models[name]?.fields ?? []).map { field in
                (json: field.name, type: names.swift(field.type).replacingOccurrences(of: "Models.", with: ""))
            }
            lines += SwiftStruct(
                name: names.dataFlow.model(name) ?? name, conformances: ["Codable", "Sendable", "Equatable", "SceneFields"],
                fields: fields, doc: "The model '\(name)'."
            ).lines(indent: "    ")
        }
        lines.append("}")
        return SceneEjector.File(name: "Models.swift", text: header(["Foundation", "SceneManifest", "SceneRuntime"], lines))
    }

    /// The module's entry: registers every scene ejected into it.
    private func registration(_ scenes: [String], builders: [String: String], views: [String: String]) -> SceneEjector.File {
        var lines = [
            "/// The scenes of '\(loaded.app.name)' ejected to Swift. An app's executable registers them before handing",
            "/// over to Scenery's command, and they run in place of their manifests' use cases; `only` registers",
            "/// those named and leaves the rest to their manifests; `views: false` keeps the manifests' views,",
            "/// so only the use cases run in Swift.", "public enum \(module) {",
            "    /// The scenes this module holds.",
            "    public static let scenes: [String] = [\(scenes.map { "\"\(SwiftExpression.escaped($0))\"" }.joined(separator: ", "))]", "",
            "    @MainActor",
            "    public static func register(into registry: SceneRegistry, only names: Set<String>? = nil, views: Bool = true) {"
        ]
        for name in scenes {
            let quoted = "\"\(SwiftExpression.escaped(name))\""
            guard let builder = builders[name] else {
                // A scene ejected for its view alone.
                if let view = views[name] {
                    lines.append(
                        "        if views, names?.contains(\(quoted)) ?? true { registry.register(view: \(quoted), \(view).draw) }")
                }
                continue
            }
            if let view = views[name] {
                lines += [
                    "        if names?.contains(\(quoted)) ?? true {",
                    "            registry.register(scene: \(quoted), \(builder).useCases)",
                    "            if views { registry.register(view: \(quoted), \(view).draw) }", "        }"
                ]
            } else {
                lines.append("        if names?.contains(\(quoted)) ?? true { registry.register(scene: \(quoted), \(builder).useCases) }")
            }
        }
        lines += ["    }", "}"]
        return SceneEjector.File(name: "\(module).swift", text: header(["SceneRuntime"], lines))
    }

    private func header(_ imports: [String], _ body: [String]) -> String {
        (["// Ejected from \(loaded.app.name) by `scenery eject`: edit it as your own code.", ""] + imports.map { "import \($0)" } + [""]
            + body).joined(separator: "\n") + "\n"
    }
}
