import Foundation
import SceneManifest
import SceneRuntime

/// The walks of one `scenery explore`, within its budget: each failure's first walk kept,
/// shrunk; what the walks reached counted.
@MainActor
struct Explorer {
    let walk: ExploreWalk
    let budget: ExploreCommand.Budget
    let console: Console
    /// Whether to say how far it got, at a terminal: every tenth of the walks, on standard error.
    var showsProgress = false

    @MainActor
    struct Found {
        var walks = 0
        var actions = 0
        var frames: Set<Int> = []
        var failures: [(walk: Int, original: Int, lines: [String], faults: [String], failure: ExploreWalk.Failure)] = []
        let coverage = CoverageRecorder()

        /// Places reached, as `--min-coverage` counts them: (reached, all).
        func places(_ loaded: LoadedApp) -> (Int, Int) {
            let items = CoverageMap.items(of: loaded)
            return (items.filter { (coverage.counts[$0.key] ?? 0) > 0 }.count, items.count)
        }

        func summary(_ path: String, places: (reached: Int, all: Int)) -> String {
            let percent = places.all == 0 ? 100 : Double(places.reached) * 100 / Double(places.all)
            return "explored \(path): \(walks) walks, \(actions) actions, \(frames.count) distinct frames, "
                + "\(String(format: "%.1f", percent))% of places reached (\(places.reached)/\(places.all)), "
                + "\(failures.count) failure\(failures.count == 1 ? "" : "s")"
        }
    }

    func explore() async -> Found {
        var found = Found()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(budget.seconds * 1000))
        for index in 0..<budget.walks where clock.now < deadline {
            var random = ExploreRandom(seed: budget.seed &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
            let faults = budget.faults ? fault(&random) : []
            let outcome = await walk.run(nil, steps: budget.steps, faults: faults, random: &random, coverage: found.coverage)
            found.walks += 1
            found.actions += outcome.lines.count
            found.frames.formUnion(outcome.frames)
            if showsProgress, found.walks % max(budget.walks / 10, 1) == 0 {
                console.aside(
                    "explore: \(found.walks)/\(budget.walks) walks, \(found.actions) actions, \(found.failures.count) failure"
                        + (found.failures.count == 1 ? "" : "s") + " so far")
            }
            guard let failure = outcome.failure, !found.failures.contains(where: { $0.failure.signature == failure.signature }) else {
                continue
            }
            let shrunk = await walk.shrink(outcome.lines, failure, faults: faults, budget: 200)
            found.failures.append((index, outcome.lines.count, shrunk, faults, failure))
        }
        return found
    }

    /// Half the walks: one provider that fails, or whose stores fail, for the whole walk.
    private func fault(_ random: inout ExploreRandom) -> [String] {
        let providers = walk.loaded.app.providers.keys.sorted()
        guard !providers.isEmpty, random.below(2) == 0 else { return [] }
        return ["\(random.pick(providers))=\(random.pick(["fail", "fail-store"]))"]
    }
}
