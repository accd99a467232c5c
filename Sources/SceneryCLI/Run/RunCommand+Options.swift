import Foundation
import LineRenderer
import SceneManifest
import SceneRuntime
import ScenerySupport

/// The options that choose a run's settings and where it keeps its state: read, and
/// checked against each other and against the app.
extension RunCommand {
    /// The options that choose where a session keeps its state, checked against each other.
    static func checkStateOptions(_ options: Options) throws(UsageError) {
        let recording = options.value("--record") != nil
        if options.flag("--reset") {
            guard !recording, options.value("--state-from") == nil else {
                throw UsageError(
                    "'--reset' empties the app's saved state, and '--record' and '--state-from' already start from a fresh folder",
                    hint: "leave out '--reset'")
            }
        }
        if options.flag("--overwrite"), !recording {
            throw UsageError("'--overwrite' goes with '--record FILE'", hint: "add '--record FILE', or leave out '--overwrite'")
        }
        if recording {
            guard !options.flag("--watch") else {
                throw UsageError(
                    "'--record' and '--watch' cannot be used together: a recording replays one version of the app",
                    hint: "record without '--watch' once the scenes are as you want them")
            }
            guard options.value("--state-dir") == nil else {
                throw UsageError(
                    "'--record' runs from an empty state folder, as 'scenery test' does",
                    hint: "leave out '--state-dir'")
            }
        }
        if options.value("--state-from") != nil, options.value("--state-dir") != nil {
            throw UsageError(
                "'--state-from' starts from a fresh state folder, and '--state-dir' names one to use as it is",
                hint: "leave out one of them")
        }
    }

    /// - Parameter providers: the app's providers, the only names `--fixture` and `--fault`
    ///   may give: an option that names nothing would test nothing.
    static func runtimeOptions(_ options: Options, providers: [String]) throws(UsageError) -> RuntimeOptions {
        var result = RuntimeOptions()
        result.locale = options.value("--locale")
        if result.locale?.isEmpty == true { throw UsageError("option '--locale' takes a locale like en_US or ru_RU, not an empty one") }
        if let now = options.value("--now") {
            guard let date = DateFormat.parse(now) else {
                throw UsageError("option '--now' takes an ISO-8601 time like 2026-01-01T10:00:00Z, not '\(now)'")
            }
            result.now = date
        }
        if let zone = options.value("--tz") {
            guard TimeZones.zone(zone) != nil else {
                throw UsageError(
                    "option '--tz' takes an IANA time zone like Europe/Paris or UTC, not '\(zone)'",
                    hint: TimeZones.suggestion(for: zone))
            }
            result.timeZone = zone
        }
        if let seed = options.value("--seed") {
            guard let number = UInt64(seed) else {
                throw UsageError("option '--seed' takes a whole number from 0 to \(UInt64.max), not '\(seed)'")
            }
            result.seed = number
        } else {
            // Without --seed, ids differ from run to run, so a session never makes an id an
            // earlier one stored; a recording writes down the seed it used.
            result.seed = IdSource.randomSeed()
        }
        for pair in options.all("--env") {
            let (key, value) = try split(pair, "--env", "K=V")
            result.env[key] = value
        }
        func provider(_ name: String, _ option: String) throws(UsageError) -> String {
            guard providers.contains(name) else {
                let error = UsageError.unknown("provider", name, choices: providers)
                throw UsageError(
                    "option '\(option)' names \(error.message)", hint: providers.isEmpty ? "the app declares no providers" : error.hint)
            }
            return name
        }
        for pair in options.all("--fixture") {
            let (name, file) = try split(pair, "--fixture", "PROVIDER=FILE")
            result.fixtures[try provider(name, "--fixture")] = URL(fileURLWithPath: file)
        }
        for pair in options.all("--fault") {
            let (name, fault) = try split(pair, "--fault", "PROVIDER=fail, PROVIDER=fail-store or PROVIDER=delay:MS")
            let provider = try provider(name, "--fault")
            guard let parsed = RuntimeOptions.Fault(spelled: fault) else {
                throw UsageError("option '--fault' takes PROVIDER=fail, PROVIDER=fail-store or PROVIDER=delay:MS, not '\(pair)'")
            }
            result.faults[provider] = parsed
        }
        if let directory = options.value("--state-dir") {
            result.stateDirectory = URL(fileURLWithPath: directory)
        }
        return result
    }

    /// The app's default state folder (`$XDG_STATE_HOME/scenery/APP`), claimed for it. Asked
    /// for only by a run that keeps its state there: a recording or a seeded run touches no
    /// folder but its own scratch one.
    static func defaultStateFolder(appName: String, appRoot: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        // $XDG_STATE_HOME, else $HOME/.local/state, as the XDG base directories say; the
        // account's home only when neither is set.
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        // A relative XDG_STATE_HOME is invalid and ignored, as the specification says.
        let base =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: home).appendingPathComponent(".local/state")
        return StateFolder.default(base: base, appName: appName, appRoot: appRoot)
    }

    private static func split(_ pair: String, _ option: String, _ form: String) throws(UsageError) -> (String, String) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw UsageError("option '\(option)' takes \(form), not '\(pair)'")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
