import SceneRuntime

extension ExploreWalk {
    /// The fewest lines that still break the property the same way (the same signature):
    /// runs of lines left out while the failure stays, the run halving when none can go,
    /// then each argument made short (`a`, `1`) and each line's last words dropped while it
    /// stays. At most `budget` replays.
    func shrink(_ lines: [String], _ failure: Failure, faults: [String], from start: Start?, budget: Int) async -> [String] {
        // Replays are no walks of the worker's: a crash in one is not the walk's.
        var quiet = self
        quiet.journal = nil
        return await Self.shrink(lines, budget: budget) { candidate in
            var unused = ExploreRandom(seed: 0)
            let outcome = await quiet.run(candidate, steps: 0, faults: faults, from: start, random: &unused, coverage: nil)
            return outcome.failure?.signature == failure.signature ? outcome.lines : nil
        }
    }

    /// The fewest lines `replay` still fails on: it gives the lines it ran up to the same
    /// failure, or nil when it does not fail so. At most `budget` replays.
    static func shrink(_ lines: [String], budget: Int, replay: ([String]) async -> [String]?) async -> [String] {
        var current = lines
        var left = budget
        func reproduced(_ candidate: [String]) async -> [String]? {
            left -= 1
            return await replay(candidate)
        }
        var chunk = max(current.count / 2, 1)
        while left > 0 {
            var start = 0
            var removed = false
            while start < current.count, left > 0 {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if let kept = await reproduced(candidate) {
                    current = kept
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed {
                if chunk == 1 { break }
                chunk /= 2
            }
        }
        // Simpler words: each argument as short text or a small number, where it still fails.
        // A directive (`>> fault`) stays as it is: its words are not an action's.
        for index in current.indices where left > 0 && !current[index].hasPrefix(">>") {
            var words = (try? InputLine.split(current[index])) ?? []
            for position in words.indices.dropFirst() {
                for simpler in ["a", "1"] where left > 0 && simpler.count < words[position].count {
                    var candidate = current
                    var changed = words
                    changed[position] = simpler
                    candidate[index] = ExploreValues.words(changed)
                    guard let kept = await reproduced(candidate), kept.count == current.count else { continue }
                    current = kept
                    words = changed
                    break
                }
            }
        }
        for index in current.indices where left > 0 && !current[index].hasPrefix(">>") {
            var words = (try? InputLine.split(current[index])) ?? []
            while words.count > 1, left > 0 {
                var candidate = current
                candidate[index] = ExploreValues.words(Array(words.dropLast()))
                guard let kept = await reproduced(candidate), kept.count == current.count else { break }
                current = kept
                words.removeLast()
            }
        }
        return current
    }
}
