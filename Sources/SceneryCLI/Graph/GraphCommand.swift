import Foundation
import SceneManifest

/// `scenery graph APP`: scenes as nodes (controllers marked), routes as edges labelled with
/// the use case and mode, as Mermaid or Graphviz dot.
enum GraphCommand {
    static let usage = """
        USAGE: scenery graph APP [--format mermaid|dot]

        Prints how an app's scenes connect: a node per scene (controllers, scenes without a
        view, are marked), an edge per route labelled 'useCase · mode'. 'back' and 'dismiss'
        routes return to whichever scene opened the current one and are left out.

        OPTIONS:
          --format mermaid|dot   Mermaid flowchart (default) or Graphviz dot
          --help                 Show this help
        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let start = Options.start(arguments, specs: [.value("--format")], usage: usage, console: console) {
            (options: Options) throws(UsageError) -> String in
            let format = try options.choice("--format", in: ["mermaid", "dot"]) ?? "mermaid"
            guard options.positional.count == 1 else {
                throw UsageError("graph takes one app folder", hint: "as in 'scenery graph Scenes/Shop'")
            }
            let path = options.positional[0]
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError(
                    "no app folder at '\(path)'",
                    hint: "graph takes an app folder (one with an app.json), as in 'scenery graph Scenes/Shop'")
            }
            guard isDirectory.boolValue, FileManager.default.fileExists(atPath: "\(path)/app.json") else {
                throw UsageError(
                    "graph needs an app folder, and '\(path)' is \(isDirectory.boolValue ? "a folder without an app.json" : "a file")",
                    hint: "give the folder that holds app.json, as in 'scenery graph Scenes/Shop'")
            }
            return format
        }
        guard case let .run(options, format) = start else { return start.exitCode }
        let report = Validator.validate(path: options.positional[0])
        guard let app = report.app, !report.hasErrors else {
            console.errors(report.diagnostics.map(\.description))
            console.error("error: the app has errors; fix them to draw its graph")
            return ExitCode.findings
        }
        console.line(format == "dot" ? dot(app) : mermaid(app))
        return ExitCode.success
    }

    struct Edge: Equatable {
        let from: String
        let to: String
        let label: String
    }

    static func edges(_ app: LoadedApp) -> [Edge] {
        var result: [Edge] = []
        for name in app.sceneNames {
            for (useCase, route) in app.scenes[name]?.routes ?? [] {
                guard let target = route.to?.value else { continue }
                let edge = Edge(from: name, to: target, label: "\(useCase) · \(route.mode.rawValue)")
                if !result.contains(edge) { result.append(edge) }
            }
        }
        return result
    }

    /// A scene's `title` when it is a constant other than its name: what people call it.
    static func title(of name: String, in app: LoadedApp) -> String? {
        guard let text = app.scenes[name]?.title?.constant, text != name, !text.isEmpty else { return nil }
        return text
    }

    static func mermaid(_ app: LoadedApp) -> String {
        var lines = ["flowchart LR"]
        for name in app.sceneNames {
            let isController = app.scenes[name]?.isController ?? false
            let entry = name == app.app.entry.value ? " (entry)" : ""
            let title = title(of: name, in: app).map { "<br/>" + $0.replacingOccurrences(of: "\"", with: "#quot;") } ?? ""
            lines.append(
                isController ? "  \(name){{\"\(name)\(entry)\(title)<br/>controller\"}}" : "  \(name)[\"\(name)\(entry)\(title)\"]")
        }
        for edge in edges(app) { lines.append("  \(edge.from) -->|\"\(edge.label)\"| \(edge.to)") }
        return lines.joined(separator: "\n")
    }

    static func dot(_ app: LoadedApp) -> String {
        var lines = ["digraph \(JSONText.quote(app.app.name)) {", "  rankdir=LR;"]
        for name in app.sceneNames {
            let isController = app.scenes[name]?.isController ?? false
            let label = name + (title(of: name, in: app).map { "\n" + $0 } ?? "") + (isController ? "\ncontroller" : "")
            var attributes = ["label=\(JSONText.quote(label))"]
            attributes.append(isController ? "shape=hexagon" : "shape=box")
            if name == app.app.entry.value { attributes.append("penwidth=2") }
            lines.append("  \(JSONText.quote(name)) [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges(app) {
            lines.append("  \(JSONText.quote(edge.from)) -> \(JSONText.quote(edge.to)) [label=\(JSONText.quote(edge.label))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
