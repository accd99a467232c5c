import Testing

@testable import ScenerySupport

/// Work spread over the cores comes back in index order, each index done once.
@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func resultsAreInIndexOrder(count: Int) {
        #expect(parallelMap(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
    }

    @Test func eachIndexRunsExactlyOnce() {
        let runs = Locked([Int](repeating: 0, count: 500))
        _ = parallelMap(500) { index in runs.withLock { $0[index] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 500))
    }

    @Test func resultsMayBeReferences() {
        final class Box {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let boxes = parallelMap(100) { Box($0) }
        #expect(boxes.map(\.value) == Array(0..<100))
    }
}
