import Foundation

/// Checks that span files: the entry scene, route targets and their arguments, file-provider
/// paths, translations in every locale, unreachable scenes and unused fields.
struct CrossChecks {
    let folder: String
    let app: AppDefinition
    let scenes: [String: SceneDefinition]
    let strings: [String: [String: String]]

    func run(appReader: ManifestReader, sceneReaders: [String: ManifestReader]) {
        checkEntry(appReader)
        checkFileProviders(appReader)
        for (name, scene) in scenes.sorted(by: { $0.key < $1.key }) {
            guard let reader = sceneReaders[name] else { continue }
            checkRoutes(scene, reader)
            ModelFieldCheck(app: app, scene: scene, reader: reader).run()
            checkTranslations(reader)
            checkUnused(scene, reader)
        }
        checkReachability(sceneReaders)
    }

    private func checkEntry(_ reader: ManifestReader) {
        let entry = app.entry
        guard !entry.value.isEmpty, scenes[entry.value] == nil else { return }
        reader.error("E301", "unknown scene '\(entry.value)'", at: entry.offset, entry.pointer,
                     hint: didYouMean(entry.value, scenes.keys) ?? "add scenes/\(entry.value).json")
    }

    // MARK: - Routes

    private func checkRoutes(_ scene: SceneDefinition, _ reader: ManifestReader) {
        for (useCaseName, route) in scene.routes {
            guard let target = route.to else { continue }
            guard let destination = scenes[target.value] else {
                reader.error("E301", "unknown scene '\(target.value)'", at: target.offset, target.pointer,
                             hint: didYouMean(target.value, scenes.keys))
                continue
            }
            let declared = Dictionary(destination.args.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            let useCase = scene.useCase(useCaseName)
            let types = StaticTypes(app: app, scene: scene)
            let locals = useCase.map(types.locals(of:)) ?? [:]
            for (name, value) in route.args {
                guard let type = declared[name.value] else {
                    reader.error("E303", "scene '\(target.value)' takes no argument '\(name.value)'", at: name.offset, name.pointer,
                                 hint: didYouMean(name.value, declared.keys) ?? (declared.isEmpty ? "'\(target.value)' declares no args" : "it takes: \(declared.keys.sorted().joined(separator: ", "))"))
                    continue
                }
                if let passed = types.infer(value, useCase: useCase, locals: locals), !type.accepts(passed) {
                    reader.error("E303", "argument '\(name.value)' of scene '\(target.value)' is \(type), but \(passed) is passed",
                                 at: name.offset, name.pointer)
                }
            }
            let passed = Set(route.args.map(\.name.value))
            for (name, type) in destination.args where !type.isOptional && !passed.contains(name) {
                reader.error("E303", "missing argument '\(name)' for scene '\(target.value)'", at: target.offset, target.pointer,
                             hint: "pass it in the route's 'args'; '\(name)' is \(type)")
            }
        }
    }

    private func checkReachability(_ readers: [String: ManifestReader]) {
        guard scenes[app.entry.value] != nil else { return }
        var reached: Set<String> = [app.entry.value]
        var queue = [app.entry.value]
        while let name = queue.popLast() {
            for (_, route) in scenes[name]?.routes ?? [] {
                if let target = route.to?.value, scenes[target] != nil, reached.insert(target).inserted { queue.append(target) }
            }
        }
        for name in scenes.keys.sorted() where !reached.contains(name) {
            readers[name]?.warning("W001", "scene '\(name)' is unreachable from the entry scene '\(app.entry.value)'",
                                   at: scenes[name]?.offsets["scene"] ?? 0, "/scene",
                                   hint: "route to it from another scene, or remove it")
        }
    }

    // MARK: - Translations and unused fields

    private func checkTranslations(_ reader: ManifestReader) {
        guard !reader.translationKeys.isEmpty else { return }
        guard !strings.isEmpty else {
            for key in reader.translationKeys {
                reader.warning("W003", "missing translation '\(key.value)': the app has no string tables", at: key.offset, key.pointer,
                               hint: "add locales/\(app.locale).json")
            }
            return
        }
        for key in reader.translationKeys {
            let missing = strings.keys.sorted().filter { strings[$0]?[key.value] == nil }
            guard !missing.isEmpty else { continue }
            let files = missing.map { "locales/\($0).json" }.joined(separator: ", ")
            let hint = missing.count == strings.count
                ? didYouMean(key.value, strings.values.flatMap(\.keys)) ?? "add '\(key.value)' to \(files)"
                : "add '\(key.value)' to \(files)"
            reader.warning("W003", "missing translation '\(key.value)' in \(files)", at: key.offset, key.pointer, hint: hint)
        }
    }

    private func checkUnused(_ scene: SceneDefinition, _ reader: ManifestReader) {
        for (name, _) in scene.state where !reader.fieldsRead.contains("state.\(name)") {
            reader.warning("W002", "state field '\(name)' is never read", at: scene.offsets["state.\(name)"] ?? 0, "/state/\(name)",
                           hint: "read it as 'state.\(name)' in an expression, or remove it")
        }
        for (name, _) in scene.args where !reader.fieldsRead.contains("args.\(name)") {
            reader.warning("W002", "argument '\(name)' is never read", at: scene.offsets["args.\(name)"] ?? 0, "/args/\(name)",
                           hint: "read it as 'args.\(name)' in an expression, or remove it")
        }
    }

    // MARK: - File providers

    private func checkFileProviders(_ reader: ManifestReader) {
        let root = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.resolvingSymlinksInPath()
        for (name, provider) in app.providers.sorted(by: { $0.key < $1.key }) {
            guard case let .file(located) = provider.kind else { continue }
            let (path, pointer, offset) = (located.value, located.pointer, located.offset)
            if let problem = FilePaths.confinementProblem(path, root: root) {
                reader.error("E308", "file provider '\(name)' reads '\(path)', \(problem)", at: offset, pointer,
                             hint: "put the file in the app folder and give its path relative to it, like 'data/products.json'")
                continue
            }
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                reader.error("E310", "file provider '\(name)' reads '\(path)', which does not exist", at: offset, pointer)
            }
        }
    }
}

/// Keeps file providers inside the app folder.
public enum FilePaths {
    /// Why `path` may not be read from an app rooted at `root`, or nil when it may.
    public static func confinementProblem(_ path: String, root: URL) -> String? {
        if path.hasPrefix("/") || path.hasPrefix("~") { return "an absolute path outside the app folder" }
        if path.split(separator: "/").contains("..") { return "a path that climbs out with '..'" }
        let resolved = root.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard resolved.path.hasPrefix(rootPath) else { return "a link that leads outside the app folder" }
        return nil
    }
}
