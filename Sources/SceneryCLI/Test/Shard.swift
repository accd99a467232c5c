/// `--shard I/N`: a stable share of the transcripts, so a CI matrix of N jobs splits a suite.
///
/// A transcript's shard comes from a hash of its path below the folder it was found in
/// (`tests/buy.transcript`), never from its position in the list: the same file lands in
/// the same shard for a given N however many files are added, whatever the working
/// directory. The N shards together run every transcript once.
package struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based, as written.
    package let index: Int
    package let count: Int

    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    package var description: String { "\(index)/\(count)" }

    /// Parses `I/N`, 1 ≤ I ≤ N ≤ 1000.
    package static func parse(_ text: String) throws(UsageError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError("'--shard' takes I/N, not '\(text)'", hint: "for example '--shard 1/3' runs the first of three shares")
        }
        guard (1...1000).contains(count) else {
            throw UsageError("'--shard \(text)': the number of shards must be from 1 to 1000")
        }
        guard (1...count).contains(index) else {
            throw UsageError(
                "'--shard \(text)': the shard must be from 1 to \(count)", hint: "shards are numbered 1/\(count) to \(count)/\(count)")
        }
        return Shard(index: index, count: count)
    }

    /// Whether the transcript known by `key` (its path below the folder it was found in)
    /// belongs to this shard.
    package func contains(key: String) -> Bool {
        Int(Self.hash(key) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits: the same on every platform and run, unlike `Hasher`.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
