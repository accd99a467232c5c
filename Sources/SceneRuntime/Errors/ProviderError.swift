import Foundation

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
