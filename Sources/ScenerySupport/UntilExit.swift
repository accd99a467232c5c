/// Values a command keeps until the process exits rather than freeing them.
///
/// A command's last use of a large result often comes just before `exit`, which gives all of
/// the process's memory back at once; freeing the result first releases its objects one by
/// one, on one core. For `scenery validate` of a 900-scene app that was a tenth of the run
/// (docs/performance.md#validation). Compilers skip freeing their syntax trees at exit for
/// the same reason.
package enum UntilExit {
    private static let kept = Locked<[any Sendable]>([])

    /// Keeps `value` alive until the process exits: it is never freed.
    package static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }

    /// How many values are kept.
    package static var count: Int { kept.withLock { $0.count } }
}
