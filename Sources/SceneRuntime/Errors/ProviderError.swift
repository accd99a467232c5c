import Foundation
import SceneManifest
import VIP

/// Why a provider could not give or keep its data; the message is shown in the error banner.
public struct ProviderError: Error, LocalizedError, Equatable, Sendable {
    public let provider: String
    public let reason: String

    public init(_ provider: String, _ reason: String) {
        self.provider = provider
        self.reason = reason
    }

    public var errorDescription: String? { "\(provider): \(reason)" }
}

extension Provider where Query == SceneValue, Value == SceneValue {
    /// The provider as one that takes `store`, or the one error every place that stores
    /// gives for one that does not.
    func writable(named name: String) throws -> any WritableProvider<SceneValue, SceneValue> {
        guard let writable = self as? any WritableProvider<SceneValue, SceneValue> else {
            throw ProviderError(
                name, "cannot be written: only keyValue providers, and Swift providers registered as a WritableProvider, take a store")
        }
        return writable
    }
}
