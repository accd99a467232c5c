import Foundation
import SceneManifest
import SceneRuntime
import ScenerySupport

/// The walks of one `scenery explore` (or of one worker's share of them), within its
/// budget: each failure's first walk kept, shrunk; what the walks reached counted.
@MainActor
struct Explorer {
    let walk: ExploreWalk
    let budget: ExploreCommand.Budget
    let console: Console
    /// Whether to say how far it got, at a terminal: every tenth of the walks, on standard error.
    var showsProgress = false

    /// What walks found: a worker writes it as JSON, and the parent adds its workers' up.
    struct Found: Codable {
        struct Finding: Codable {
            let walk: Int
            /// How many actions the walk took before it was shrunk.
            let original: Int
            let lines: [String]
            let faults: [String]
            /// Where the walk started, when not where every walk does.
            let start: ExploreWalk.Start?
            let failure: ExploreWalk.Failure
        }

        var walks = 0
        var actions = 0
        /// The frames shown, by a hash of their lines that is the same in every process.
        var frames: Set<UInt64> = []
        /// The places reached, by their coverage key.
        var reached: Set<String> = []
        var failures: [Finding] = []
        /// Walks a worker stopped on (a crash), for the parent to replay and write.
        var crashes: [ExploreCrash] = []

        /// Adds `other`'s: each failure once, from the first walk that found it.
        mutating func add(_ other: Found) {
            walks += other.walks
            actions += other.actions
            frames.formUnion(other.frames)
            reached.formUnion(other.reached)
            crashes = (crashes + other.crashes).sorted { $0.stop.walk < $1.stop.walk }
            var all = failures
            for finding in other.failures.sorted(by: { $0.walk < $1.walk }) {
                if let index = all.firstIndex(where: { $0.failure.signature == finding.failure.signature }) {
                    if finding.walk < all[index].walk { all[index] = finding }
                } else {
                    all.append(finding)
                }
            }
            failures = all.sorted { $0.walk < $1.walk }
        }

        /// Places reached, as `--min-coverage` counts them: (reached, all).
        func places(_ loaded: LoadedApp) -> (reached: Int, all: Int) {
            let items = CoverageMap.items(of: loaded)
            return (items.filter { reached.contains($0.key) }.count, items.count)
        }

        /// A line for each manifest with places no walk reached, as `--coverage` lists what
        /// never ran: `not reached: scenes/Form.json: save.onError at 29:7, …` (five, then how
        /// many more), the file relative to the app.
        func unreached(_ loaded: LoadedApp) -> [String] {
            let missed = CoverageMap.items(of: loaded).filter { !reached.contains($0.key) }
            let root = PathText.absolute(loaded.root.path)
            var files: [String] = []
            for item in missed where !files.contains(item.file) { files.append(item.file) }
            return files.map { file in
                let places = missed.filter { $0.file == file }.map { "\($0.label) at \($0.line):\($0.column)" }
                let shown = PathText.relative(PathText.absolute(file), from: root)
                return "not reached: \(shown): " + places.prefix(5).joined(separator: ", ")
                    + (places.count > 5 ? " and \(places.count - 5) more" : "")
            }
        }

        func summary(_ path: String, places: (reached: Int, all: Int)) -> String {
            let percent = places.all == 0 ? 100 : Double(places.reached) * 100 / Double(places.all)
            return "explored \(path): \(walks) walks, \(actions) actions, \(frames.count) distinct frames, "
                + "\(String(format: "%.1f", percent))% of places reached (\(places.reached)/\(places.all)), "
                + "\(failures.count) failure\(failures.count == 1 ? "" : "s")"
        }
    }

    /// Runs the walks `indices` names (all of them, or a worker's share), in order; `each`
    /// is given what each walk added, as it ends (a worker writes it for its parent at once).
    func explore(_ indices: [Int], each: ((Found) -> Void)? = nil) async -> Found {
        var found = Found()
        let coverage = CoverageRecorder()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(budget.seconds * 1000))
        for index in indices where clock.now < deadline {
            var (random, faults, midway, start) = plan(index)
            walk.journal?.walk(index)
            let outcome = await walk.run(
                nil, steps: budget.steps, faults: faults, midway: midway, from: start, random: &random, coverage: coverage)
            let failuresBefore = found.failures.count
            found.walks += 1
            found.actions += outcome.lines.count
            found.frames.formUnion(outcome.frames)
            defer {
                if let each {
                    var added = Found(walks: 1, actions: outcome.lines.count, frames: outcome.frames)
                    added.failures = Array(found.failures[failuresBefore...])
                    added.reached = Set(coverage.counts.filter { $0.value > 0 }.keys)
                    each(added)
                }
            }
            if let failure = outcome.failure, !found.failures.contains(where: { $0.failure.signature == failure.signature }) {
                // A replay that hangs again takes the whole limit: fewer of those.
                let replays = if case .hang = failure.check { 24 } else { 200 }
                let shrunk = await walk.shrink(outcome.lines, failure, faults: faults, from: start, budget: replays)
                found.failures.append(
                    Found.Finding(
                        walk: index, original: outcome.lines.count, lines: shrunk, faults: faults, start: start, failure: failure))
            }
            if showsProgress, found.walks % max(indices.count / 10, 1) == 0 {
                console.aside(
                    "explore: \(found.walks)/\(indices.count) walks, \(found.actions) actions, \(found.failures.count) failure"
                        + (found.failures.count == 1 ? "" : "s") + " so far")
            }
        }
        found.reached = Set(coverage.counts.filter { $0.value > 0 }.keys)
        return found
    }

    /// Walk `index`'s faults and start, and the choices it goes on to make: the same in
    /// every process for the same seed.
    func plan(_ index: Int) -> (ExploreRandom, faults: [String], midway: ExploreWalk.Midway?, start: ExploreWalk.Start?) {
        var random = ExploreRandom(seed: budget.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
        let (faults, midway) = budget.faults ? fault(&random, walk: index) : ([], nil)
        let start = otherStart(&random)
        return (random, faults, midway, start)
    }

    /// Walk `index` again with `lines`, as a worker does to see whether they still stop it:
    /// the lines it took (through the one that broke a property, if one did).
    func replay(_ index: Int, _ lines: [String]) async -> [String] {
        let (_, faults, _, start) = plan(index)
        walk.journal?.walk(index)
        var unused = ExploreRandom(seed: 0)
        return await walk.run(lines, steps: 0, faults: faults, from: start, random: &unused, coverage: nil).lines
    }

    /// A walk in four, when `--scene` names no start: one of the app's other scenes, as a
    /// route or a deep link brings a person there, with args of their declared types — a
    /// string half the time the key of a record the app holds, else a value naming none.
    private func otherStart(_ random: inout ExploreRandom) -> ExploreWalk.Start? {
        guard !walk.otherStarts.isEmpty, random.below(4) == 0 else { return nil }
        let scene = random.pick(walk.otherStarts)
        var arguments: [String] = []
        for (name, type) in scene.args {
            let text: String?
            if [.string, .optional(.string)].contains(type), !walk.keys.isEmpty, random.below(2) == 0 {
                text = random.pick(walk.keys)
            } else {
                text = ExploreValues.value(type, &random) ?? nil
            }
            if let text { arguments.append("\(name)=\(text)") }
        }
        return ExploreWalk.Start(scene: scene.name, arguments: arguments)
    }

    /// Half the walks: one provider that fails, or whose stores fail — for the whole walk
    /// (`--fault`), or, in half of them, from a step midway on (`>> fault`), after the walk
    /// has read and written data.
    private func fault(_ random: inout ExploreRandom, walk index: Int) -> ([String], ExploreWalk.Midway?) {
        let providers = walk.loaded.app.providers.keys.sorted()
        guard !providers.isEmpty, random.below(2) == 0 else { return ([], anotherSession(walk: index)) }
        let fault = "\(random.pick(providers))=\(random.pick(["fail", "fail-store"]))"
        guard budget.steps > 1, random.below(2) == 0 else { return ([fault], nil) }
        return ([], ExploreWalk.Midway(step: 1 + random.below(budget.steps - 1), line: "\(SessionLoop.faultPrefix) \(fault)"))
    }
}

extension Explorer {
    /// Half the walks no fault touches, in an app with collections: at a step midway another
    /// session deletes a record of one of them (`>> delete`), one the frame shows when it can
    /// — the key is chosen when the step comes. Drawn from a stream of their own, so the
    /// faulted walks are the same with or without it.
    fileprivate func anotherSession(walk index: Int) -> ExploreWalk.Midway? {
        let collections = walk.loaded.app.collectionNames
        guard !collections.isEmpty, budget.steps > 1 else { return nil }
        var apart = ExploreRandom(seed: (budget.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index)) ^ 0xD1B5_4A32_D192_ED03)
        guard apart.below(2) == 0 else { return nil }
        return ExploreWalk.Midway(step: 1 + apart.below(budget.steps - 1), line: "\(SessionLoop.deletePrefix) \(apart.pick(collections))")
    }
}

/// A hash of a frame's lines that is the same in every process (FNV-1a), so workers' frames
/// count once when added up: Swift's own hashes are seeded per process.
func frameHash(_ lines: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for line in lines {
        for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0x0A) &* 0x100_0000_01b3
    }
    return hash
}
