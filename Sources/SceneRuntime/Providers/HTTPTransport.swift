import Foundation

/// One request as an `http` provider makes it.
struct HTTPExchange: Sendable {
    var url: URL
    var method: String
    var headers: [(name: String, value: String)]
    var body: Data?
}

/// Why an exchange gave no response to read.
enum HTTPFailure: Error, Equatable {
    /// Nothing complete within the provider's `timeout`.
    case timedOut
    /// The body passed the provider's `maxBytes`.
    case tooLarge
    /// No answer: a short, stable reason (`connection refused`, `unknown host`).
    case unreachable(String)
}

/// The transfer under the `http` provider, with hard bounds: `timeout` covers everything up
/// to the last byte of the body, a body past `maxBytes` is refused as soon as it passes, and
/// either way (or when the caller's task is cancelled) the transfer itself stops. On Linux it
/// is the system's libcurl, loaded when first used (``CurlTransfer``); elsewhere URLSession
/// (``BoundedDownload``).
enum HTTPTransport {
    /// The final response's status and body.
    static func exchange(_ exchange: HTTPExchange, timeout: Duration, maxBytes: Int) async throws -> (status: Int, body: Data) {
        #if os(Linux)
            return try await CurlTransfer.exchange(exchange, timeout: timeout, maxBytes: maxBytes)
        #else
            return try await BoundedDownload.exchange(exchange, timeout: timeout, maxBytes: maxBytes)
        #endif
    }
}
