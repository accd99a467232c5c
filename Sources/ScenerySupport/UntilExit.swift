/// Values a command keeps until the process exits rather than freeing them.
///
/// A command's last use of a large result often comes just before `exit`, which gives all of
/// the process's memory back at once; freeing the result first releases its objects one by
/// one, on one core. For `scenery validate` of a 900-scene app that was a tenth of the run
/// (docs/performance.md#validation).
///
/// Only for a process about to exit: what is kept is never freed, so a long-lived process
/// (the language server, `scenery run`, a test calling a command) must not keep anything.
package enum UntilExit {
    private static let kept = Locked<[any Sendable]>([])

    /// Keeps `value` alive until the process exits: it is never freed.
    package static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
