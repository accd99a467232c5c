import Foundation
import ScenerySupport

/// Checks that span files: the entry scene, route targets and their arguments, file-provider
/// paths, translations in every locale, unreachable scenes and unused fields.
struct CrossChecks {
    /// The app folder (`.` for the current one), where file-provider paths start.
    let folder: String
    let files: any ManifestFiles
    let app: AppDefinition
    let scenes: [String: SceneDefinition]
    let strings: [String: [String: String]]
    /// Scenes whose files exist but could not be read; references to them are not findings.
    var brokenScenes: Set<String> = []
    /// Whether a string table could not be read, so missing keys may not be missing.
    var brokenLocales = false

    /// The checks of app.json against the scenes and the files: the entry scene, file providers.
    func checkApp(_ appReader: ManifestReader) {
        checkEntry(appReader)
        checkFileProviders(appReader)
        checkInvariants(appReader)
    }

    /// Each invariant names a scene of the app, and its expressions read what that scene's
    /// frames have: its state, args and view model, shared and env (as a view's do).
    private func checkInvariants(_ reader: ManifestReader) {
        for invariant in app.invariants {
            guard let scene = scenes[invariant.scene.value] else {
                if brokenScenes.contains(invariant.scene.value) { continue }
                reader.error(
                    .unknownScene, "unknown scene '\(invariant.scene.value)'", at: invariant.scene.offset,
                    reader.pointer(of: invariant.scene),
                    hint: didYouMean(invariant.scene.value, scenes.keys) ?? "an invariant holds in the frames of one of the app's scenes")
                continue
            }
            var fields: [String: Set<String>] = [
                "state": Set(scene.state.map(\.name)), "args": Set(scene.args.map(\.name)), "shared": Set(app.shared.keys),
                "env": app.envNames
            ]
            var viewModel: Set<String> = []
            var knowable = true
            for (_, useCase) in scene.useCases {
                switch useCase.presenter {
                case let .fields(presented)?: viewModel.formUnion(presented.map(\.name))
                case .swift?: knowable = false
                case nil: break
                }
            }
            if knowable { fields["vm"] = viewModel }
            var scope = ExpressionScope(roots: SceneDecoder.viewRoots, fields: fields)
            scope.formatters = app.formatters
            for template in [invariant.check] + (invariant.message.map { [$0] } ?? []) {
                for case let .expression(expression) in template.parts {
                    for problem in ExpressionChecker.check(expression, in: scope) {
                        let offset = reader.source.offset(inStringAt: template.origin ?? 0, decodedIndex: problem.offset)
                        reader.error(problem.code, problem.message, at: offset, invariant.pointer, hint: problem.hint)
                    }
                }
            }
        }
    }

    /// The checks of each scene `readers` names against the whole app, each reported into
    /// its scene's reader: routes and their arguments, model fields, typed landing places,
    /// translations and unused fields.
    func checkScenes(_ readers: [String: ManifestReader], facts: [String: RouteFacts], parents given: [String: [String]]? = nil) {
        // The parents of the scenes checked only: an edit checks a few scenes of many.
        let typeFit = TypeFitCheck(app: app, scenes: scenes, parents: given ?? RouteFacts.parents(facts, of: Set(readers.keys)))
        // Each scene's checks read the whole app but report only into that scene's reader,
        // so scenes are checked on every core at once.
        let checked = readers.compactMap { name, reader in scenes[name].map { ($0, reader, facts[name]?.routes ?? []) } }
        let tables = TranslationTables(app: app, strings: strings)
        _ = parallelMap(checked.count) { index in
            let (scene, reader, routes) = checked[index]
            let types = SceneTypes(app: app, scene: scene)
            checkRoutes(scene, routes, reader, types)
            ModelFieldCheck(app: app, scene: scene, reader: reader, types: types).run()
            typeFit.run(scene, reader, types)
            checkTranslations(reader, tables)
            checkUnused(scene, reader)
        }
    }

    /// The checks of the route graph, reported into the readers of the scenes they find
    /// (`reader` gives a scene's): scenes no route reaches, and routes taken on appear that go round.
    func checkGraph(_ readers: (String) -> ManifestReader?, facts: [String: RouteFacts]) {
        checkReachability(readers, facts)
        checkAppearCycles(readers, facts)
    }

    private func checkAppearCycles(_ readers: (String) -> ManifestReader?, _ facts: [String: RouteFacts]) {
        for cycle in AppearCycles(edges: facts.mapValues(\.appearEdges)).cycles() {
            guard let first = cycle.first else { continue }
            let names = cycle.map { "'\($0.scene)'" } + ["'\(first.scene)'"]
            let reader = readers(first.scene)
            reader?.warning(
                .appearCycle, "scenes route on appear without user input, round " + names.joined(separator: " → "),
                at: first.edge.to.offset, reader?.pointer(of: first.edge.to) ?? "",
                hint: "give one of these routes an 'if', or start it from an action; at run time the cycle stops with E511")
        }
    }

    private func checkEntry(_ reader: ManifestReader) {
        let entry = app.entry
        guard !entry.value.isEmpty, scenes[entry.value] == nil, !brokenScenes.contains(entry.value) else { return }
        reader.error(
            .unknownScene, "unknown scene '\(entry.value)'", at: entry.offset, reader.pointer(of: entry),
            hint: didYouMean(entry.value, scenes.keys) ?? "add scenes/\(entry.value).json")
    }

    // MARK: - Routes

    private func checkRoutes(
        _ scene: SceneDefinition, _ routes: [(useCase: String, route: RouteStep)], _ reader: ManifestReader, _ sceneTypes: SceneTypes
    ) {
        for (useCaseName, route) in routes {
            // A `to` on a route that takes none is E214 already: one mistake, one finding.
            guard let target = route.to, route.mode.takesDestination else { continue }
            guard let destination = scenes[target.value] else {
                if brokenScenes.contains(target.value) { continue }
                let closest = closestName(target.value, Set(scenes.keys).union(brokenScenes))
                let hint = closest.map {
                    Hint(
                        didYouMean($0) + (brokenScenes.contains($0) ? " (scenes/\($0).json has errors of its own)" : ""),
                        replacing: target.value,
                        with: $0)
                }
                reader.error(.unknownScene, "unknown scene '\(target.value)'", at: target.offset, reader.pointer(of: target), hint: hint)
                continue
            }
            let declared = Dictionary(destination.args.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            let useCase = scene.useCase(useCaseName)
            let types = sceneTypes.types
            let locals = sceneTypes.locals(of: useCaseName)
            for (name, value) in route.args {
                guard let type = declared[name.value] else {
                    reader.error(
                        .routeArguments, "scene '\(target.value)' takes no argument '\(name.value)'", at: name.offset,
                        reader.pointer(of: name),
                        hint: didYouMean(name.value, declared.keys)
                            ?? (declared.isEmpty
                                ? "'\(target.value)' declares no args" : "it takes: \(declared.keys.sorted().joined(separator: ", "))"))
                    continue
                }
                // The rule of every typed landing place: T? passes for T, null is refused at run time.
                if let passed = types.infer(value, useCase: useCase, locals: locals), !TypeFitCheck.fits(passed, type, models: app.models) {
                    reader.error(
                        .routeArguments, "argument '\(name.value)' of scene '\(target.value)' is \(type), but \(passed) is passed",
                        at: name.offset, reader.pointer(of: name))
                }
            }
            let passed = Set(route.args.map(\.name.value))
            for (name, type) in destination.args where !type.isOptional && !passed.contains(name) {
                reader.error(
                    .routeArguments, "missing argument '\(name)' for scene '\(target.value)'", at: target.offset,
                    reader.pointer(of: target),
                    hint: "pass it in the route's 'args'; '\(name)' is \(type)")
            }
        }
    }

    private func checkReachability(_ readers: (String) -> ManifestReader?, _ facts: [String: RouteFacts]) {
        // A scene that could not be read, or a step or component of one, may route anywhere,
        // so nothing is surely unreachable.
        guard scenes[app.entry.value] != nil, brokenScenes.isEmpty, facts.values.allSatisfy(\.routesKnown) else { return }
        var reached: Set<String> = [app.entry.value]
        var queue = [app.entry.value]
        while let name = queue.popLast() {
            for written in facts[name]?.targets ?? [] {
                // A misspelt target (E301 already) most likely meant its closest scene.
                let target = scenes[written] != nil ? written : closestName(written, scenes.keys)
                if let target, reached.insert(target).inserted { queue.append(target) }
            }
        }
        // Each finding goes to its own scene's reader: the order they are found in is not seen.
        for name in scenes.keys where !reached.contains(name) {
            readers(name)?.warning(
                .unreachableScene, "scene '\(name)' is unreachable from the entry scene '\(app.entry.value)'",
                at: scenes[name]?.offsets["scene"] ?? 0, "/scene",
                hint: "route to it from another scene, or remove it")
        }
    }

    // MARK: - Translations and unused fields

    /// A `t()` key must be in the tables of the app's own locale — `locales/LOCALE.json` or
    /// its language's — (E313): no locale can show it otherwise. A key another locale lacks,
    /// in its own table and its language's (where `t()` looks before the app's), is W003.
    private func checkTranslations(_ reader: ManifestReader, _ tables: TranslationTables) {
        let (language, home) = (tables.language, tables.home)
        for key in reader.translationKeys {
            // The usual case, a key every table holds, with one lookup rather than one per table.
            if home != nil, tables.holders[key.value] == tables.count { continue }
            if let home {
                if !tables.homeTables.contains(where: { $0[key.value] != nil }) {
                    let keys = tables.homeTables.flatMap(\.keys)
                    let files = tables.homeNames.map { "locales/\($0).json" }.joined(separator: " or ")
                    reader.error(
                        .unknownString,
                        "unknown string '\(key.value)': it is not in \(files), the table\(tables.homeNames.count > 1 ? "s" : "") of the app's locale",
                        at: key.offset, reader.pointer(of: key),
                        hint: didYouMean(key.value, keys) ?? "add '\(key.value)' to locales/\(home).json")
                    continue
                }
            } else if !brokenLocales {
                reader.error(
                    .unknownString, "unknown string '\(key.value)': the app has no string table for its locale '\(app.locale)'",
                    at: key.offset, reader.pointer(of: key), hint: "add locales/\(language).json or locales/\(app.locale).json")
                continue
            }
            let missing = tables.others.compactMap { other in other.tables.contains { $0[key.value] != nil } ? nil : other.locale }
            guard !missing.isEmpty else { continue }
            let files = missing.map { "locales/\($0).json" }.joined(separator: ", ")
            reader.warning(
                .missingTranslation, "missing translation '\(key.value)' in \(files)", at: key.offset, reader.pointer(of: key),
                hint: "add '\(key.value)' to \(files)")
        }
    }

    /// Which string tables are the app's own (its locale's and its language's), and each other
    /// locale with the tables `t()` reads for it before the app's, in name order: found once,
    /// not per key.
    private struct TranslationTables {
        let language: String
        /// The first table of the app's own: its locale's, else its language's; nil when neither.
        let home: String?
        /// The app locale's table and its language's, those that exist, in the order `t()` reads them.
        let homeNames: [String]
        let homeTables: [[String: String]]
        let others: [(locale: String, tables: [[String: String]])]
        /// How many tables hold each key, and how many tables there are.
        let holders: [String: Int]
        let count: Int

        init(app: AppDefinition, strings: [String: [String: String]]) {
            language = FormatContext.language(app.locale)
            let homeNames = (app.locale == language ? [language] : [app.locale, language]).filter { strings[$0] != nil }
            self.homeNames = homeNames
            home = homeNames.first
            homeTables = homeNames.compactMap { strings[$0] }
            others = strings.sorted { $0.key < $1.key }.filter { !homeNames.contains($0.key) }.map { locale, table in
                let own = FormatContext.language(locale)
                return (locale, [table] + (own != locale ? strings[own].map { [$0] } ?? [] : []))
            }
            var holders: [String: Int] = [:]
            for table in strings.values { for key in table.keys { holders[key, default: 0] += 1 } }
            self.holders = holders
            count = strings.count
        }
    }

    private func checkUnused(_ scene: SceneDefinition, _ reader: ManifestReader) {
        // A file with errors may read a field where the error is (an unknown key): not sure.
        guard !reader.sink.hasErrors else { return }
        // An invariant app.json declares for the scene reads its fields too.
        var invariants = FieldsRead()
        for invariant in app.invariants where invariant.scene.value == scene.name {
            for template in [invariant.check] + (invariant.message.map { [$0] } ?? []) {
                for case let .expression(expression) in template.parts { ExpressionWalker.walk(expression, &invariants) }
            }
        }
        let unreadState = scene.state.lazy.map(\.name).filter { !reader.stateFieldsRead.contains($0) && !invariants.state.contains($0) }
        let unreadArgs = scene.args.lazy.map(\.name).filter { !reader.argsFieldsRead.contains($0) && !invariants.args.contains($0) }
        // A generated scene may leave thousands unread: room for all their warnings at once.
        reader.sink.reserveCapacity(forMore: unreadState.count + unreadArgs.count)
        for name in unreadState {
            reader.warning(
                .neverRead, "state field '\(name)' is never read", at: scene.offsets["state.\(name)"] ?? 0, "/state/\(name)",
                hint: "read it as 'state.\(name)' in an expression, or remove it")
        }
        for name in unreadArgs {
            reader.warning(
                .neverRead, "argument '\(name)' is never read", at: scene.offsets["args.\(name)"] ?? 0, "/args/\(name)",
                hint: "read it as 'args.\(name)' in an expression, or remove it")
        }
    }

    /// The `state.` and `args.` fields an expression reads.
    private struct FieldsRead: ExpressionVisitor {
        var state: Set<String> = []
        var args: Set<String> = []

        mutating func visit(_ expression: Expression) {
            guard case let .member(base, field) = expression.kind, case let .name(root) = base.kind else { return }
            if root == "state" { state.insert(field) } else if root == "args" { args.insert(field) }
        }
    }

    // MARK: - File providers

    private func checkFileProviders(_ reader: ManifestReader) {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        for (name, provider) in app.providers.sorted(by: { $0.key < $1.key }) {
            guard case let .file(located) = provider.kind else { continue }
            let (path, offset) = (located.value, located.offset)
            if let problem = FilePaths.confinementProblem(path, root: root) {
                reader.error(
                    .pathOutsideApp, "file provider '\(name)' reads '\(path)', \(problem)", at: offset, reader.pointer(of: located),
                    hint: "put the file in the app folder and give its path relative to it, like 'data/products.json'")
                continue
            }
            let file = "\(folder)/\(path)"
            if files.isFolder(file) {
                reader.error(
                    .missingFile, "file provider '\(name)' reads '\(path)', which is a folder, not a file", at: offset,
                    reader.pointer(of: located))
            } else if files.size(of: file) == nil {
                reader.error(
                    .missingFile, "file provider '\(name)' reads '\(path)', which does not exist", at: offset, reader.pointer(of: located))
            }
        }
    }
}
