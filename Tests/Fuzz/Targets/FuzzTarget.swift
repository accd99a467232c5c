// checks: docs/reliability.md#fuzzing
import Foundation

/// One fuzz target: a name and a body that must never trap, hang or exhaust memory,
/// whatever bytes it is given. Bodies also check invariants (a round trip gives the same
/// value, an error offset lies inside the input) with `require`, so a wrong answer is a
/// crash the fuzzer reports, not only a trap.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let body: @Sendable ([UInt8]) -> Void

    static let all: [FuzzTarget] = [.json, .expression, .scene, .input, .transcript, .http]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    static var names: String { all.map(\.name).joined(separator: ", ") }
}

/// An invariant of the code under fuzzing; a violation stops the run with the input kept.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant broken: \(message())\n".utf8))
        abort()
    }
}
