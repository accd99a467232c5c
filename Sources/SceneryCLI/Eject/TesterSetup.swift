import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// A transcript's `# args:` as a ``SceneTester`` takes them: the tester's construction and
/// start, and the arguments that run the transcript's inputs the same way. Options a tester
/// cannot take (a delay, `--format`, `--trace`) leave the transcript out.
struct TesterSetup {
    /// `let app = try SceneTester(…)`, `app.exhaustivity = .off`, `await app.start(…)`.
    private(set) var opening: [String] = []
    /// The arguments, paths resolved, for `scenery run` here.
    private(set) var runArguments: [String] = []
    /// The `# state:` seed folder, resolved, for the run here.
    private(set) var stateSeed: String?

    init(
        _ arguments: [String], state: String?, transcript: String, app: String, loaded: LoadedApp, shared: String
    ) throws(TranscriptTests.Skipped) {
        var options: [String] = ["registry: \(shared).registry()"]
        var scene: String?
        var args: [String] = []
        var faults: [String] = []
        var fixtures: [String] = []
        // The last value of a name holds, as it does for a run.
        var env: [(name: String, value: String)] = []
        var index = 0
        let folder = PathText.parent(of: transcript)
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : "\(folder.isEmpty ? "." : folder)/\(path)" }
        while index < arguments.count {
            let name = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            index += 2
            switch name {
            case "--width": options.append("width: \(Int(value) ?? 60)")
            case "--locale": options.append("locale: \"\(SwiftExpression.escaped(value))\"")
            case "--seed": options.append("seed: \(UInt64(value) ?? 0)")
            case "--now":
                guard let date = DateFormat.parse(value) else { throw .init("its '--now \(value)' is not an ISO-8601 time") }
                // The tester's clock starts where a transcript's does unless told otherwise.
                if date != RuntimeOptions().now { options.append("now: Date(timeIntervalSince1970: \(Self.seconds(date)))") }
            case "--tz": options.append("timeZone: \"\(SwiftExpression.escaped(value))\"")
            case "--env":
                let pair = try Self.pair(value)
                env.removeAll { $0.name == pair.name }
                env.append(pair)
            case "--render": continue
            case "--scene": scene = value
            case "--arg": args.append(value)
            case "--fault": faults.append(try Self.fault(value))
            case "--fixture":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw .init("its fixture '\(value)' names no file") }
                let file = PathText.relative(PathText.absolute(resolved(parts[1])), from: PathText.absolute(app))
                fixtures.append(
                    "\"\(SwiftExpression.escaped(parts[0]))\": URL(fileURLWithPath: \(shared).app).appendingPathComponent(\"\(SwiftExpression.escaped(file))\")"
                )
                runArguments += ["--fixture", "\(parts[0])=\(resolved(parts[1]))"]
                continue
            default:
                throw .init("a test cannot run it with '\(name)'")
            }
            runArguments += [name, value]
        }
        // A transcript without a seed runs with seed 0, as `scenery test` and the tester do.
        if !arguments.contains("--seed") { runArguments += ["--seed", "0"] }
        if !faults.isEmpty { options.append("faults: [\(faults.joined(separator: ", "))]") }
        if !fixtures.isEmpty { options.append("fixtureFiles: [\(fixtures.joined(separator: ", "))]") }
        if !env.isEmpty { options.append("env: [\(env.map(Self.literal).joined(separator: ", "))]") }
        if let state {
            stateSeed = resolved(state)
            let seed = PathText.relative(PathText.absolute(resolved(state)), from: PathText.absolute(app))
            options.append("stateSeed: URL(fileURLWithPath: \(shared).app).appendingPathComponent(\"\(SwiftExpression.escaped(seed))\")")
        }
        // The tester's parameters in the order it declares them.
        let order = ["locale", "faults", "registry", "width", "fixtureFiles", "seed", "stateSeed", "now", "timeZone", "env"]
        options.sort {
            (order.firstIndex(of: String($0.prefix { $0 != ":" })) ?? 0) < (order.firstIndex(of: String($1.prefix { $0 != ":" })) ?? 0)
        }
        opening = ["let app = try SceneTester(app: \(shared).app, \(options.joined(separator: ", ")))", "app.exhaustivity = .off"]
        guard let scene else {
            if !args.isEmpty { throw .init("it gives arguments without a scene") }
            opening.append("await app.start()")
            return
        }
        guard let definition = loaded.scenes[scene] else { throw .init("it starts at '\(scene)', which the app does not have") }
        let record: SceneValue
        do {
            record = try SceneArguments.record(args, for: definition)
        } catch {
            throw .init("its arguments cannot be read: \(error.message)")
        }
        opening.append("await app.start(at: \"\(SwiftExpression.escaped(scene))\", args: \(Self.literal(record)))")
    }

    /// `"K": "V"`, a dictionary literal's entry.
    private static func literal(_ pair: (name: String, value: String)) -> String {
        "\"\(SwiftExpression.escaped(pair.name))\": \"\(SwiftExpression.escaped(pair.value))\""
    }

    /// The name and value of `--env K=V`: the value may be empty, the name may not.
    private static func pair(_ value: String) throws(TranscriptTests.Skipped) -> (name: String, value: String) {
        let parts = value.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { throw .init("its '--env \(value)' is not K=V") }
        return (parts[0], parts[1])
    }

    /// `"P": .fail` for `P=fail`, `.failStores` for `P=fail-store`; a delay is real time.
    private static func fault(_ value: String) throws(TranscriptTests.Skipped) -> String {
        let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let mode = ["fail": ".fail", "fail-store": ".failStores"][parts[1]] else {
            throw .init("its fault '\(value)' waits on a clock the test would move")
        }
        return "\"\(SwiftExpression.escaped(parts[0]))\": \(mode)"
    }

    /// Seconds since 1970 as a Swift literal: whole, or with the fraction `--now` gave.
    private static func seconds(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds == seconds.rounded() else { return String(seconds) }
        // Grouped by thousands, as Swift's literals read: 1_772_395_200.
        var digits = String(Int64(seconds))
        var grouped = ""
        while digits.count > 3 {
            grouped = "_" + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }

    /// A dynamic value as a Swift expression of `SceneValue`.
    static func literal(_ value: SceneValue) -> String {
        switch value {
        case .null: return ".null"
        case let .bool(flag): return ".bool(\(flag))"
        case let .number(number): return ".number(Decimal(string: \"\(number)\") ?? 0)"
        case let .string(text): return ".string(\"\(SwiftExpression.escaped(text))\")"
        case let .list(items): return ".list([\(items.map(literal).joined(separator: ", "))])"
        case let .record(record):
            let fields = record.fields.map { "(\"\(SwiftExpression.escaped($0.name))\", \(literal($0.value)))" }
            return ".record(Record(fields: [\(fields.joined(separator: ", "))]))"
        }
    }
}
