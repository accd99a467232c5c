import Foundation

/// One row of the benchmark table: A against its baseline B, measured interleaved.
struct Row {
    let metric: String
    /// What A and B are, for the notes under the table.
    let a: String
    let b: String
    let aText: String
    let bText: String
    /// A's and B's median measure (µs for times, MiB for memory).
    let aMedian: Double
    let bMedian: Double
    /// A ÷ B per run, sorted; empty where a ratio means nothing (memory).
    let ratios: [Double]
    let target: Target
    let runs: Int
    var medianRatio: Double { ratios.isEmpty ? .nan : ratios[ratios.count / 2] }
    var meetsTarget: Bool { target.isMet(a: aMedian, ratio: medianRatio) }
}

/// What a row must reach.
enum Target {
    /// A ÷ B at most this.
    case ratio(Double)
    /// A's median time at most this many microseconds.
    case microseconds(Double)
    /// A's median at most `microseconds`, and A ÷ B (the same work at a tenth of the size,
    /// per unit) at most `ratio`: linear.
    case linear(microseconds: Double, ratio: Double)
    /// A's median at most `microseconds`, and A ÷ B, where A does ten times B's work, at
    /// most `ratio`: whole times, not per unit.
    case growth(microseconds: Double, ratio: Double)
    /// A at most this many MiB.
    case mebibytes(Double)

    var text: String {
        switch self {
        case let .ratio(limit): String(format: "≤ %.2f×", limit)
        case let .microseconds(limit): "A ≤ \(formatMicroseconds(limit))"
        case let .linear(limit, ratio): "A ≤ \(formatMicroseconds(limit)), ratio ≤ \(String(format: "%.1f", ratio))×"
        case let .growth(limit, ratio): "A ≤ \(formatMicroseconds(limit)), A ÷ B ≤ \(String(format: "%.0f", ratio))×"
        case let .mebibytes(limit): String(format: "A ≤ %.1f MiB", limit)
        }
    }

    func isMet(a: Double, ratio: Double) -> Bool {
        switch self {
        case let .ratio(limit): ratio <= limit
        case let .microseconds(limit): a <= limit
        case let .linear(limit, ratioLimit), let .growth(limit, ratioLimit): a <= limit && ratio <= ratioLimit
        case let .mebibytes(limit): a <= limit
        }
    }
}

func formatMicroseconds(_ value: Double) -> String {
    if value >= 1_000_000 { return String(format: "%.2f s", value / 1_000_000) }
    if value >= 1000 { return String(format: "%.2f ms", value / 1000) }
    if value >= 10 { return String(format: "%.1f µs", value) }
    return String(format: "%.2f µs", value)
}

/// A ratio with two decimals, or two significant digits when it is below 0.01 (`0.00021×`).
func formatRatio(_ value: Double, sign: Bool = true) -> String {
    let digits = value > 0 && value < 0.01 ? Int((-log10(value)).rounded(.down)) + 2 : 2
    return String(format: "%.\(digits)f", value) + (sign ? "×" : "")
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// A side of a comparison: a name, how many times one sample repeats the work (so a sample
/// lasts long enough to time), and the work, which returns what it produced.
struct Side<Output: Equatable> {
    let name: String
    var repeats = 1
    let body: @MainActor () async throws -> Output
    /// Runs after the first, checked run and after each slice of repeats, outside the clock:
    /// lets go of what the repeats kept where the program the row stands for never frees it
    /// (`scenery validate` exits first).
    var untimed: (@MainActor () -> Void)?
}

enum BenchmarkFailure: Error, CustomStringConvertible {
    case outputsDiffer(metric: String, a: String, b: String)
    case setup(String)

    var description: String {
        switch self {
        case let .outputsDiffer(metric, a, b): "\(metric): A and B produced different output\nA: \(a)\nB: \(b)"
        case let .setup(message): message
        }
    }
}

/// Times `a` and `b` alternately, `runs` times each, after checking they produce equal
/// output. Within a run the two sides take turns in slices of a few repeats (A first in
/// even slices, B first in odd ones), so a host that slows down for a moment slows both
/// alike and the run's ratio stays true.
@MainActor
func compare<Output: Equatable>(
    _ metric: String, runs: Int, target: Target, a: Side<Output>, b: Side<Output>
) async throws -> Row {
    let outputA = try await a.body()
    let outputB = try await b.body()
    guard outputA == outputB else {
        throw BenchmarkFailure.outputsDiffer(
            metric: metric, a: "\(outputA)".prefix(400).description,
            b: "\(outputB)".prefix(400).description)
    }
    a.untimed?()
    b.untimed?()
    let clock = ContinuousClock()
    func slice(_ side: Side<Output>, repeats: Int) async throws -> Duration {
        let start = clock.now
        for _ in 0..<repeats { _ = try await side.body() }
        let elapsed = clock.now - start
        side.untimed?()
        return elapsed
    }
    let slices = max(1, min(20, a.repeats, b.repeats))
    var timesA: [Double] = []
    var timesB: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<runs {
        var totalA = Duration.zero, totalB = Duration.zero
        for index in 0..<slices {
            if index % 2 == 0 {
                totalA += try await slice(a, repeats: a.repeats / slices)
                totalB += try await slice(b, repeats: b.repeats / slices)
            } else {
                totalB += try await slice(b, repeats: b.repeats / slices)
                totalA += try await slice(a, repeats: a.repeats / slices)
            }
        }
        let timeA = microseconds(totalA) / Double(a.repeats / slices * slices)
        let timeB = microseconds(totalB) / Double(b.repeats / slices * slices)
        timesA.append(timeA)
        timesB.append(timeB)
        ratios.append(timeA / timeB)
    }
    let medianA = timesA.sorted()[runs / 2]
    let medianB = timesB.sorted()[runs / 2]
    ratios.sort()
    return Row(
        metric: metric, a: a.name, b: b.name, aText: formatMicroseconds(medianA), bText: formatMicroseconds(medianB),
        aMedian: medianA, bMedian: medianB, ratios: ratios, target: target, runs: runs)
}

/// Prints the rows as one Markdown table, then what each row compares.
func printTable(_ rows: [Row]) {
    print("| metric | A | B | A ÷ B median (min–max) | runs | target | |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows {
        let ratio =
            row.ratios.isEmpty
            ? "—"
            : "\(formatRatio(row.medianRatio)) (\(formatRatio(row.ratios[0], sign: false))–\(formatRatio(row.ratios[row.ratios.count - 1], sign: false)))"
        print(
            "| \(row.metric) | \(row.aText) | \(row.bText) | \(ratio) | \(row.runs) | \(row.target.text) | \(row.meetsTarget ? "ok" : "MISSED") |"
        )
    }
    print("")
    for row in rows { print("- \(row.metric): A is \(row.a); B is \(row.b).") }
}
