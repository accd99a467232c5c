/// The name and type of a value in the ``SharedStore``, with the value it has before any write.
///
/// ```swift
/// extension SharedKey where Value == String? {
///     static let selectedProduct = SharedKey("selectedProduct", default: nil)
/// }
/// ```
public struct SharedKey<Value: Sendable>: Sendable {
    public let name: String
    public let defaultValue: Value

    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}

/// Stores every module can read and write: the cart, the signed-in user, the id of the
/// product to open. A value is keyed by its name and type, so two keys of different types
/// never see each other's values.
@MainActor
public final class SharedStore {
    private struct Slot: Hashable {
        let name: String
        let type: ObjectIdentifier
    }

    private var values: [Slot: any Sendable] = [:]
    private let observers = Observers<String>()
    /// Counts the writes and resets so far: a reader that keeps what it read (all of the
    /// store as one value) knows it is still current while the version is the same.
    // `@exclusivity(unchecked)`: main-actor state, each access one statement that calls out
    // to nothing; every scene's evaluation context reads it.
    @exclusivity(unchecked) public private(set) var version = 0

    public init() {}

    public subscript<Value>(key: SharedKey<Value>) -> Value {
        get { values[slot(key)] as? Value ?? key.defaultValue }
        set {
            values[slot(key)] = newValue
            version &+= 1
            observers.notify(key.name)
        }
    }

    /// Puts a key back to its default value.
    public func reset<Value>(_ key: SharedKey<Value>) {
        guard values.removeValue(forKey: slot(key)) != nil else { return }
        version &+= 1
        observers.notify(key.name)
    }

    /// Calls `handler` with the name of every key written.
    public func observe(_ handler: @escaping @MainActor (String) -> Void) -> Observation {
        observers.add(handler)
    }

    private func slot<Value>(_ key: SharedKey<Value>) -> Slot {
        Slot(name: key.name, type: ObjectIdentifier(Value.self))
    }
}
