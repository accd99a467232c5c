import Foundation
import ScenerySupport

/// An app folder validated again and again as its files change — an editor's buffers — with
/// the findings ``Validator/validate(path:files:)`` gives on the same files every time (it
/// is built on this), for less work: a file whose bytes did not change is not parsed or
/// decoded again, and a scene's checks against the rest of the app run again only when
/// something they read changed — the scene, a scene it routes to or that routes to it,
/// app.json, the string tables, or which scenes there are. The checks of the route graph
/// and of app.json against the scenes and files, and the report, are made every time.
///
/// ```swift
/// let validation = AppValidation(folder: "Scenes/Shop")
/// let first = validation.validate(files: DiskFiles())
/// let edited = InMemoryFiles(["Scenes/Shop/scenes/Cart.json": Array(buffer.utf8)], over: DiskFiles())
/// let again = validation.validate(files: edited)   // Cart and its neighbours checked again
/// ```
///
/// Not thread-safe: one caller validates at a time.
public final class AppValidation {
    /// The app folder, as given.
    public let folder: String
    /// How many scenes had their checks run by the last ``validate(files:)``, and how many
    /// files were parsed: what an edit cost, for tests and benchmarks.
    public private(set) var lastWork = (scenesChecked: 0, filesParsed: 0)

    private var appEntry: AppEntry?
    /// Scene files by path, as last read.
    private var sceneEntries: [String: SceneEntry] = [:]
    private var stringsEntry: StringsEntry?
    /// What the scene files decoded to, kept up to date one file at a time: the scenes by
    /// name, the names of those that did not decode, and each scene's route facts.
    private var scenes: [String: SceneDefinition] = [:]
    private var broken: Set<String> = []
    private var facts: [String: RouteFacts] = [:]
    /// The last app.json that decoded, for ``lastApp`` while the file has errors.
    private var lastGoodApp: AppDefinition?
    /// Who routes to each scene (any route), and who pushes or presents it (in name order):
    /// found again only when a scene's routes change.
    private var routedFrom: [String: Set<String>]?
    private var parents: [String: [String]]?
    /// The route graph's findings last time, by scene: kept while the graph stays the same.
    private var graphFindings: [String: [Diagnostic]] = [:]
    /// The semantic index of the app as last validated, made when first asked for.
    private var index: SemanticIndex?

    private struct AppEntry {
        let bytes: [UInt8]?
        let problems: [Diagnostic]
        let reader: ManifestReader?
        let app: AppDefinition?
    }

    /// A class: the entries of a large app are kept from edit to edit, and copying a struct
    /// of a scene's definition would retain every part of it on each copy.
    private final class SceneEntry {
        let bytes: [UInt8]?
        let name: String
        let problems: [Diagnostic]
        /// The reader as decoding left it, findings and fields read.
        let reader: ManifestReader?
        let scene: SceneDefinition?
        let facts: RouteFacts?
        /// The reader's findings once the scene's checks ran on a copy of it.
        var checked: [Diagnostic]?

        init(bytes: [UInt8]?, name: String, problems: [Diagnostic], reader: ManifestReader?, scene: SceneDefinition?, facts: RouteFacts?) {
            self.bytes = bytes
            self.name = name
            self.problems = problems
            self.reader = reader
            self.scene = scene
            self.facts = facts
        }
    }

    private struct StringsEntry {
        let files: [String: [UInt8]]
        let tables: [String: [String: String]]
        let report: ValidationReport
    }

    public init(folder: String) {
        self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    /// The app as last validated — its app.json as last decoded without errors that stopped
    /// it — made when asked, sharing what this validation keeps until the caller lets it go.
    public var lastApp: LoadedApp? {
        guard let app = lastGoodApp else { return nil }
        let root = folder.isEmpty ? "." : folder
        return LoadedApp(root: URL(fileURLWithPath: root), app: app, scenes: scenes, strings: stringsEntry?.tables ?? [:])
    }

    /// Validates the app as `files` hold it now, in phases: app.json, the scene files, the
    /// string tables, the checks across files, and the report.
    public func validate(files: any ManifestFiles) -> ValidationReport {
        let appPath = folder.isEmpty ? "app.json" : "\(folder)/app.json"
        // The folder the app's other files are found in: `.` for the current one.
        let root = folder.isEmpty ? "." : folder
        lastWork = (0, 0)
        index = nil
        guard files.size(of: appPath) != nil else {
            appEntry = nil
            sceneEntries = [:]
            (scenes, broken, facts) = ([:], [], [:])
            return ValidationReport(diagnostics: [Validator.fileProblem(folder, .unreadable, "no app.json in '\(folder)'")])
        }
        let appChanged = readApp(appPath, files)
        guard let appEntry else { return ValidationReport() }
        if let app = appEntry.app { lastGoodApp = app }
        let sceneFiles = readScenes(root, files, appChanged: appChanged, app: appEntry.app)
        let stringsChanged = readStrings(root, files)
        var appChecked = appEntry.reader?.sink.items ?? []
        if let app = appEntry.app, let appReader = appEntry.reader {
            let everything = appChanged || stringsChanged || sceneFiles.namesChanged
            appChecked = checkAcrossFiles(root, files, app, appReader, sceneFiles, appChanged: appChanged, everything: everything)
        } else {
            for entry in sceneEntries.values { entry.checked = nil }
            graphFindings = [:]
        }
        return report(root, appEntry, appChecked: appChecked, sceneFiles)
    }

    /// The names each file of the app declares and uses, with their ranges, as last
    /// validated (the last app.json that decoded): made on the first ask after a validation,
    /// from the files' text as `contents` gives it.
    public func semanticIndex(contents: @escaping (String) -> [UInt8]?) -> SemanticIndex? {
        if let index { return index }
        guard let app = lastApp else { return nil }
        let made = SemanticIndex(root: folder.isEmpty ? "." : folder, app: app, sceneFiles: Array(sceneEntries.keys), contents: contents)
        index = made
        return made
    }

    /// What a name stands for among the scene files.
    private enum SceneStatus {
        case absent, decoded, broken
    }

    private func status(of name: String) -> SceneStatus {
        scenes[name] != nil ? .decoded : broken.contains(name) ? .broken : .absent
    }

    /// The scene files as this validation read them, and what changed since the last.
    private struct SceneFiles {
        /// Every scene file's path, in the order read, and what reading it found.
        var paths: [String] = []
        var problems: [[Diagnostic]] = []
        /// The names of the scenes whose files changed, came or went.
        var changed: Set<String> = []
        /// The route facts of the changed scenes before.
        var before: [String: RouteFacts] = [:]
        /// What the route graph's checks read of each changed scene, before.
        var graphBefore: [String: GraphKey?] = [:]
        /// Whether a scene came or went, or started or stopped decoding: what every scene's
        /// checks see changes then (unknown targets, did-you-means, what is reachable).
        var namesChanged = false
    }

    /// app.json: decoded again when its bytes changed (and then so is every scene). Returns
    /// whether it changed.
    private func readApp(_ appPath: String, _ files: any ManifestFiles) -> Bool {
        var problems = ValidationReport()
        let appBytes = Validator.bytes(of: appPath, files, &problems)
        let appChanged = appEntry == nil || appBytes == nil || appEntry?.bytes != appBytes
        guard appChanged else { return false }
        let file = appBytes.flatMap { Validator.parse(appPath, $0, &problems) }
        lastWork.filesParsed += file == nil ? 0 : 1
        let reader = file.map { ManifestReader(source: $0.source) }
        let app = file.flatMap { file in reader.flatMap { AppDecoder(reader: $0).decode(file.root) } }
        appEntry = AppEntry(bytes: appBytes, problems: problems.diagnostics, reader: reader, app: app)
        return true
    }

    /// Scene files: decoded again when their bytes or app.json changed, each on a core of
    /// its own (they are independent of each other until the checks).
    private func readScenes(_ root: String, _ files: any ManifestFiles, appChanged: Bool, app: AppDefinition?) -> SceneFiles {
        var result = SceneFiles()
        result.paths = Validator.jsonFiles(in: "\(root)/scenes", files)
        // Read on every core: a large app's files are many small reads.
        let paths = result.paths
        let read: [(path: String, bytes: [UInt8]?, problems: [Diagnostic])] = parallelMap(paths.count) { index in
            var problems = ValidationReport()
            let bytes = Validator.bytes(of: paths[index], files, &problems)
            return (paths[index], bytes, problems.diagnostics)
        }
        result.problems = read.map(\.problems)
        let stale = read.indices.filter { index in
            let entry = sceneEntries[read[index].path]
            return appChanged || entry == nil || read[index].bytes == nil || entry?.bytes != read[index].bytes
        }
        let context = SceneContext(app: app)
        let decoded = parallelMap(stale.count) { index in Self.decodeScene(read[stale[index]], context: context) }
        /// What each changed name was before.
        var was: [String: SceneStatus] = [:]
        /// Takes a scene's old entry out of what the app holds, keeping its route facts.
        func forget(_ entry: SceneEntry) {
            result.changed.insert(entry.name)
            if was[entry.name] == nil { was[entry.name] = status(of: entry.name) }
            if let fact = facts.removeValue(forKey: entry.name) { result.before[entry.name] = fact }
            result.graphBefore[entry.name] = Self.graphKey(entry)
            scenes[entry.name] = nil
            broken.remove(entry.name)
        }
        if sceneEntries.count != result.paths.count || !decoded.isEmpty {
            let current = Set(result.paths)
            for (path, entry) in sceneEntries where !current.contains(path) {
                forget(entry)
                sceneEntries[path] = nil
            }
        }
        for (path, entry) in decoded {
            if let old = sceneEntries[path] { forget(old) } else if was[entry.name] == nil { was[entry.name] = status(of: entry.name) }
            lastWork.filesParsed += entry.reader == nil ? 0 : 1
            sceneEntries[path] = entry
            result.changed.insert(entry.name)
            if let scene = entry.scene { scenes[entry.name] = scene } else { broken.insert(entry.name) }
            if let fact = entry.facts { facts[entry.name] = fact }
        }
        result.namesChanged = result.changed.contains { was[$0] != status(of: $0) }
        return result
    }

    /// String tables: read again when any of their files changed. Returns whether they did.
    private func readStrings(_ root: String, _ files: any ManifestFiles) -> Bool {
        let localePaths = Validator.jsonFiles(in: "\(root)/locales", files)
        var localeBytes: [String: [UInt8]] = [:]
        for path in localePaths { localeBytes[path] = files.contents(of: path) }
        guard stringsEntry?.files != localeBytes || localeBytes.count != localePaths.count else { return false }
        var report = ValidationReport()
        let tables = Validator.readStrings(folder: root, files, &report)
        lastWork.filesParsed += localePaths.count
        stringsEntry = StringsEntry(files: localeBytes, tables: tables, report: report)
        return true
    }

    /// The checks across files: each scene's against the rest of the app (again only where
    /// something it reads changed), app.json's, and the route graph's. Returns app.json's
    /// findings.
    private func checkAcrossFiles(
        _ root: String, _ files: any ManifestFiles, _ app: AppDefinition, _ appReader: ManifestReader, _ sceneFiles: SceneFiles,
        appChanged: Bool, everything: Bool
    ) -> [Diagnostic] {
        let (changed, before) = (sceneFiles.changed, sceneFiles.before)
        var checks = CrossChecks(folder: root, files: files, app: app, scenes: scenes, strings: stringsEntry?.tables ?? [:])
        checks.brokenScenes = broken
        checks.brokenLocales = stringsEntry?.report.hasErrors ?? false
        if appChanged || sceneFiles.namesChanged
            || changed.contains(where: { before[$0]?.targets != facts[$0]?.targets || before[$0]?.children != facts[$0]?.children })
        {
            var routes: [String: Set<String>] = [:]
            for (name, fact) in facts { for target in fact.targets { routes[target, default: []].insert(name) } }
            (routedFrom, parents) = (routes, RouteFacts.parents(facts))
        }
        let recheck = everything ? nil : Self.affected(by: changed, now: facts, before: before, routedFrom: routedFrom ?? [:])
        // Each scene checked again gets a copy of the reader decoding left.
        var copies: [String: ManifestReader] = [:]
        var checkedEntries: [String: SceneEntry] = [:]
        for entry in sceneEntries.values where entry.scene != nil {
            guard let reader = entry.reader, entry.checked == nil || recheck?.contains(entry.name) ?? true else { continue }
            copies[entry.name] = reader.copy()
            checkedEntries[entry.name] = entry
        }
        checks.checkScenes(copies, facts: facts, parents: parents)
        lastWork.scenesChecked = copies.count
        for (name, copy) in copies { checkedEntries[name]?.checked = copy.sink.items }
        let appCopy = appReader.copy()
        checks.checkApp(appCopy)
        checkGraph(checks, root, sceneFiles, appChanged: appChanged)
        return appCopy.sink.items
    }

    /// The graph's findings go to fresh readers of the scenes they are about, made on demand,
    /// and are added after each scene's own. While the graph is the same — no scene came,
    /// went or changed its routes or where its name stands — only the changed scenes'
    /// findings are made again.
    private func checkGraph(_ checks: CrossChecks, _ root: String, _ sceneFiles: SceneFiles, appChanged: Bool) {
        let changed = sceneFiles.changed
        func entry(_ name: String) -> SceneEntry? { sceneEntries["\(root)/scenes/\(name).json"] }
        let graphChanged =
            appChanged || sceneFiles.namesChanged || changed.contains { sceneFiles.graphBefore[$0] != entry($0).map(Self.graphKey) }
        let emitting = graphChanged ? nil : changed
        var graphReaders: [String: ManifestReader] = [:]
        checks.checkGraph(
            { name in
                if let reader = graphReaders[name] { return reader }
                guard scenes[name] != nil, emitting?.contains(name) ?? true, let source = entry(name)?.reader?.source else {
                    return nil
                }
                let reader = ManifestReader(source: source)
                graphReaders[name] = reader
                return reader
            }, facts: facts)
        if graphChanged { graphFindings = [:] } else { for name in changed { graphFindings[name] = nil } }
        for (name, reader) in graphReaders where !reader.sink.items.isEmpty { graphFindings[name] = reader.sink.items }
    }

    /// The report, file by file in the order the files are read, each file's in its order.
    private func report(_ root: String, _ appEntry: AppEntry, appChecked: [Diagnostic], _ sceneFiles: SceneFiles) -> ValidationReport {
        var report = ValidationReport()
        report.diagnostics = appEntry.problems
        report.diagnostics.append(adopting: Self.sorted(appChecked))
        for (index, path) in sceneFiles.paths.enumerated() {
            report.diagnostics.append(adopting: sceneFiles.problems[index])
            guard let entry = sceneEntries[path] else { continue }
            report.diagnostics.append(adopting: entry.problems)
            let own = entry.checked ?? entry.reader?.sink.items ?? []
            if let graph = graphFindings[entry.name], !graph.isEmpty {
                report.diagnostics.append(adopting: Self.sorted(own + graph))
            } else {
                report.diagnostics.append(adopting: Self.sorted(own))
            }
        }
        report.diagnostics += stringsEntry?.report.diagnostics ?? []
        if let app = appEntry.app {
            report.app = LoadedApp(root: URL(fileURLWithPath: root), app: app, scenes: scenes, strings: stringsEntry?.tables ?? [:])
        }
        return report
    }

    /// What the route graph's checks read of a scene that other scenes' findings depend on:
    /// its route targets and the scenes it routes to on appear (its own findings are made
    /// again whenever it changes).
    private struct GraphKey: Equatable {
        let targets: [String]
        let appearTargets: [String]
        let routesKnown: Bool
    }

    /// Nil for a scene that did not decode.
    private static func graphKey(_ entry: SceneEntry) -> GraphKey? {
        entry.facts.map { GraphKey(targets: $0.targets, appearTargets: $0.appearEdges.map(\.to.value), routesKnown: $0.routesKnown) }
    }

    /// The scenes whose checks read a scene in `changed`: those, the scenes they route to
    /// now or routed to before (which read them as a parent), and the scenes that route to
    /// them (which read their arguments).
    private static func affected(
        by changed: Set<String>, now: [String: RouteFacts], before: [String: RouteFacts],
        routedFrom: [String: Set<String>]
    ) -> Set<String> {
        var affected = changed
        for name in changed {
            affected.formUnion(now[name]?.targets ?? [])
            affected.formUnion(routedFrom[name] ?? [])
        }
        for (_, facts) in before { affected.formUnion(facts.targets) }
        return affected
    }

    /// Findings in file order, those at one offset in the order they were made: as a
    /// ``DiagnosticSink`` sorts them.
    private static func sorted(_ items: [Diagnostic]) -> [Diagnostic] {
        if items.indices.dropFirst().allSatisfy({ items[$0 - 1].offset <= items[$0].offset }) { return items }
        return items.indices.sorted { (items[$0].offset, $0) < (items[$1].offset, $1) }.map { items[$0] }
    }

    /// One scene file, parsed and decoded.
    private static func decodeScene(_ file: (path: String, bytes: [UInt8]?, problems: [Diagnostic]), context: SceneContext)
        -> (path: String, entry: SceneEntry)
    {
        let name = PathText.baseName(of: file.path)
        var problems = ValidationReport()
        guard let bytes = file.bytes, let parsed = Validator.parse(file.path, bytes, &problems) else {
            return (
                file.path, SceneEntry(bytes: file.bytes, name: name, problems: problems.diagnostics, reader: nil, scene: nil, facts: nil)
            )
        }
        let reader = ManifestReader(source: parsed.source)
        var scene = SceneDecoder(reader: reader, context: context, fileName: name).decode(parsed.root)
        scene?.source = SceneSource(file: parsed.source, appPath: "scenes/\(name).json")
        return (
            file.path,
            SceneEntry(
                bytes: bytes, name: name, problems: [], reader: reader, scene: scene,
                facts: scene.map { RouteFacts($0, partsUnread: reader.droppedParts) })
        )
    }
}
