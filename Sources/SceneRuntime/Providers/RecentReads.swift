import SceneManifest

/// The last few fetches of a collection, each with the database's committed version it was
/// read at (``SQLiteDatabase/committedVersion()``): a fetch with the same `args` at the same
/// version gives the same value, so it is given again rather than read and decoded anew.
/// Coming back to a scene whose `onAppear` lists thousands of records reads none of them
/// while nothing was written; any commit, this process's or another program's, changes the
/// version and every value kept before it is read afresh.
struct RecentReads {
    /// At most this many fetches are kept, the most recent last.
    static let capacity = 4
    /// A list longer than this is not kept: holding it would cost more memory than reading
    /// it again costs time.
    static let largestList = 20_000

    private var reads: [(args: SceneValue, version: Int64, value: SceneValue)] = []

    func value(for args: SceneValue, at version: Int64) -> SceneValue? {
        reads.last { $0.version == version && $0.args == args }?.value
    }

    mutating func keep(_ value: SceneValue, for args: SceneValue, at version: Int64) {
        if case let .list(items) = value, items.count > Self.largestList { return }
        reads.removeAll { $0.version != version || $0.args == args }
        reads.append((args, version, value))
        if reads.count > Self.capacity { reads.removeFirst() }
    }
}
