import ScenerySupport

/// Where `uuid()` takes its ids: a SplitMix64 stream from a seed, so a run given `--seed`
/// (and every transcript) makes the same ids in the same order, and a run without one is
/// seeded at random. Ids are version-4 UUIDs in form: `8-4-4-4-12` lowercase hex.
///
/// ```swift
/// let ids = IdSource(seed: 0)
/// ids.next()   // "e220a839-7b1a-4c74-b5ef-2a9e2f4d5b6c"-like, the same for seed 0 every time
/// ```
public final class IdSource: Sendable {
    public let seed: UInt64
    private let state: Locked<UInt64>

    public init(seed: UInt64) {
        self.seed = seed
        state = Locked(seed)
    }

    /// A seed of the system's randomness, for a run that did not ask for one.
    public static func randomSeed() -> UInt64 { UInt64.random(in: 0 ... .max) }

    /// The next id of the stream.
    public func next() -> String {
        let (high, low) = state.withLock { value -> (UInt64, UInt64) in
            (Self.mix(&value), Self.mix(&value))
        }
        // Version 4 and the RFC 4122 variant, as random UUIDs are marked.
        let a = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let b = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = Self.hex(a, 16) + Self.hex(b, 16)
        let characters = Array(hex)
        func part(_ from: Int, _ to: Int) -> String { String(characters[from..<to]) }
        return [part(0, 8), part(8, 12), part(12, 16), part(16, 20), part(20, 32)].joined(separator: "-")
    }

    /// SplitMix64: one step of the stream.
    private static func mix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
