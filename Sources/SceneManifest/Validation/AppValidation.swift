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
public final class AppValidation: @unchecked Sendable {
    /// The app folder, as given.
    public let folder: String
    /// How many scenes had their checks run by the last ``validate(files:)``, and how many
    /// files were parsed: what an edit cost, for tests and benchmarks.
    public private(set) var lastWork = (scenesChecked: 0, filesParsed: 0)

    private var appEntry: AppEntry?
    private var sceneEntries: [String: SceneEntry] = [:]
    private var stringsEntry: StringsEntry?
    /// What every scene's checks read last time besides the scenes around it.
    private var lastNames: Set<String>?
    private var lastBroken: Set<String> = []

    private struct AppEntry {
        let bytes: [UInt8]?
        let problems: [Diagnostic]
        let reader: ManifestReader?
        let app: AppDefinition?
    }

    private struct SceneEntry {
        let bytes: [UInt8]?
        let name: String
        let problems: [Diagnostic]
        /// The reader as decoding left it, findings and fields read.
        let reader: ManifestReader?
        let scene: SceneDefinition?
        let facts: RouteFacts?
        /// The reader's findings once the scene's checks ran on a copy of it.
        var checked: [Diagnostic]?
    }

    private struct StringsEntry {
        let files: [String: [UInt8]]
        let tables: [String: [String: String]]
        let report: ValidationReport
    }

    public init(folder: String) {
        self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    /// Validates the app as `files` hold it now.
    public func validate(files: any ManifestFiles) -> ValidationReport {
        let appPath = folder.isEmpty ? "app.json" : "\(folder)/app.json"
        // The folder the app's other files are found in: `.` for the current one.
        let root = folder.isEmpty ? "." : folder
        lastWork = (0, 0)
        guard files.size(of: appPath) != nil else {
            appEntry = nil
            sceneEntries = [:]
            return ValidationReport(diagnostics: [Validator.fileProblem(folder, .unreadable, "no app.json in '\(folder)'")])
        }

        // app.json: decoded again when its bytes changed, and then so is every scene.
        var problems = ValidationReport()
        let appBytes = Validator.bytes(of: appPath, files, &problems)
        let appChanged = appEntry == nil || appBytes == nil || appEntry?.bytes != appBytes
        if appChanged {
            let file = appBytes.flatMap { Validator.parse(appPath, $0, &problems) }
            lastWork.filesParsed += file == nil ? 0 : 1
            let reader = file.map { ManifestReader(source: $0.source) }
            let app = file.flatMap { file in reader.flatMap { AppDecoder(reader: $0).decode(file.root) } }
            appEntry = AppEntry(bytes: appBytes, problems: problems.diagnostics, reader: reader, app: app)
        }
        guard let appEntry else { return ValidationReport() }
        let app = appEntry.app

        // Scene files: decoded again when their bytes or app.json changed.
        let paths = Validator.jsonFiles(in: "\(root)/scenes", files)
        var read: [(path: String, bytes: [UInt8]?, problems: [Diagnostic])] = []
        for path in paths {
            var problems = ValidationReport()
            let bytes = Validator.bytes(of: path, files, &problems)
            read.append((path, bytes, problems.diagnostics))
        }
        let stale = read.indices.filter { index in
            let entry = sceneEntries[read[index].path]
            return appChanged || entry == nil || read[index].bytes == nil || entry?.bytes != read[index].bytes
        }
        let context = SceneContext(app: app)
        // Scene files are independent of each other until the checks: each is decoded on its own core.
        let decoded = parallelMap(stale.count) { index in Self.decodeScene(read[stale[index]], context: context) }
        var changed: Set<String> = []
        let previous = sceneEntries
        var entries: [String: SceneEntry] = [:]
        for path in paths { entries[path] = sceneEntries[path] }
        for entry in decoded {
            changed.insert(entry.name)
            lastWork.filesParsed += entry.reader == nil ? 0 : 1
            entries[entry.path] = entry.entry
        }
        // Files gone are changes too: who routed to them must be checked again.
        for (path, entry) in previous where entries[path] == nil { changed.insert(entry.name) }
        sceneEntries = entries

        var scenes: [String: SceneDefinition] = [:]
        var broken: Set<String> = []
        for path in paths {
            guard let entry = entries[path] else { continue }
            if let scene = entry.scene { scenes[entry.name] = scene } else { broken.insert(entry.name) }
        }

        // String tables: read again when any of their files changed.
        let localePaths = Validator.jsonFiles(in: "\(root)/locales", files)
        var localeBytes: [String: [UInt8]] = [:]
        for path in localePaths { localeBytes[path] = files.contents(of: path) }
        let stringsChanged = stringsEntry?.files != localeBytes || localeBytes.count != localePaths.count
        if stringsChanged {
            var report = ValidationReport()
            let tables = Validator.readStrings(folder: root, files, &report)
            lastWork.filesParsed += localePaths.count
            stringsEntry = StringsEntry(files: localeBytes, tables: tables, report: report)
        }
        let strings = stringsEntry?.tables ?? [:]
        let stringReport = stringsEntry?.report ?? ValidationReport()

        // The checks across files.
        var appChecked: [Diagnostic] = appEntry.reader?.sink.items ?? []
        var graphFindings: [String: [Diagnostic]] = [:]
        if let app, let appReader = appEntry.reader {
            var checks = CrossChecks(folder: root, files: files, app: app, scenes: scenes, strings: strings)
            checks.brokenScenes = broken
            checks.brokenLocales = stringReport.hasErrors
            var facts: [String: RouteFacts] = [:]
            for entry in entries.values { if let fact = entry.facts { facts[entry.name] = fact } }
            let everything = appChanged || stringsChanged || lastNames != Set(scenes.keys) || lastBroken != broken
            let recheck = everything ? Set(scenes.keys) : Self.affected(by: changed, now: facts, before: previous.values.compactMap { entry in
                entry.facts.map { (entry.name, $0) }
            })
            // Each scene checked again gets a copy of the reader decoding left.
            var copies: [String: ManifestReader] = [:]
            var pathOf: [String: String] = [:]
            for (path, entry) in entries {
                pathOf[entry.name] = path
                if let reader = entry.reader, recheck.contains(entry.name) || entry.checked == nil, scenes[entry.name] != nil {
                    copies[entry.name] = reader.copy()
                }
            }
            checks.checkScenes(copies, facts: facts)
            lastWork.scenesChecked = copies.count
            for (name, copy) in copies {
                if let path = pathOf[name] { sceneEntries[path]?.checked = copy.sink.items }
            }
            let appCopy = appReader.copy()
            checks.checkApp(appCopy)
            appChecked = appCopy.sink.items
            // The graph's findings go to fresh readers of the scenes, added after each one's own.
            var graphReaders: [String: ManifestReader] = [:]
            for entry in sceneEntries.values {
                if let reader = entry.reader, scenes[entry.name] != nil { graphReaders[entry.name] = ManifestReader(source: reader.source) }
            }
            checks.checkGraph(graphReaders, facts: facts)
            for (name, reader) in graphReaders where !reader.sink.items.isEmpty { graphFindings[name] = reader.sink.items }
        } else {
            for path in paths { sceneEntries[path]?.checked = nil }
        }
        lastNames = Set(scenes.keys)
        lastBroken = broken

        // The report, file by file in the order the files are read, each file's in its order.
        var report = ValidationReport()
        report.diagnostics = appEntry.problems
        report.diagnostics.append(adopting: Self.sorted(appChecked))
        for (index, path) in paths.enumerated() {
            report.diagnostics.append(adopting: read[index].problems)
            guard let entry = sceneEntries[path] else { continue }
            report.diagnostics.append(adopting: entry.problems)
            let own = entry.checked ?? entry.reader?.sink.items ?? []
            report.diagnostics.append(adopting: Self.sorted(own + (graphFindings[entry.name] ?? [])))
        }
        report.diagnostics += stringReport.diagnostics
        if let app {
            report.app = LoadedApp(root: URL(fileURLWithPath: root), app: app, scenes: scenes, strings: strings)
        }
        return report
    }

    /// The scenes whose checks read a scene in `changed`: those, the scenes they route to
    /// now or routed to before (which read them as a parent), and the scenes that route to
    /// them (which read their arguments).
    private static func affected(by changed: Set<String>, now: [String: RouteFacts], before: [(String, RouteFacts)]) -> Set<String> {
        var affected = changed
        for name in changed { affected.formUnion(now[name]?.targets ?? []) }
        for (name, facts) in before where changed.contains(name) { affected.formUnion(facts.targets) }
        for (name, facts) in now where facts.targets.contains(where: changed.contains) { affected.insert(name) }
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
        -> (path: String, name: String, reader: ManifestReader?, entry: SceneEntry) {
        let name = PathText.baseName(of: file.path)
        var problems = ValidationReport()
        guard let bytes = file.bytes, let parsed = Validator.parse(file.path, bytes, &problems) else {
            return (file.path, name, nil, SceneEntry(bytes: file.bytes, name: name, problems: problems.diagnostics, reader: nil, scene: nil, facts: nil))
        }
        let reader = ManifestReader(source: parsed.source)
        var scene = SceneDecoder(reader: reader, context: context, fileName: name).decode(parsed.root)
        scene?.source = SceneSource(file: parsed.source, appPath: "scenes/\(name).json")
        return (file.path, name, reader, SceneEntry(bytes: bytes, name: name, problems: [], reader: reader, scene: scene,
                                                    facts: scene.map(RouteFacts.init)))
    }
}
