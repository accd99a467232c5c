import Foundation
import SceneManifest
import ScenerySupport
import VIP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A YARCH provider: an HTTP service with a cache in front of it. The URL and headers are
/// templates over `env` and the fetch step's `args`.
struct HTTPProvider: Provider {
    typealias Query = SceneValue
    let name: String
    let definition: HTTPProviderDefinition
    let env: SceneValue
    let format: FormatContext
    let cache: ResponseCache

    func fetch(_ query: SceneValue) async throws -> SceneValue {
        let context = EvaluationContext(roots: ["env": env, "args": query], format: format)
        guard case let .success(urlValue) = Evaluator.evaluate(definition.url, in: context),
            let url = URL(string: urlValue.description), url.scheme == "http" || url.scheme == "https"
        else {
            throw ProviderError(name, "the url does not evaluate to an http address")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Double(definition.timeout) / 1000)
        request.httpMethod = definition.method
        for (header, template) in definition.headers.sorted(by: { $0.key < $1.key }) {
            if case let .success(value) = Evaluator.evaluate(template, in: context) {
                request.setValue(value.description, forHTTPHeaderField: header)
            }
        }
        if let body = definition.body, case let .success(value) = Evaluator.evaluate(body, in: context) {
            request.httpBody = Data(ValueJSON.text(value).utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let key = "\(definition.method) \(url.absoluteString) \(request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "")"
        switch definition.cache {
        case .cacheFirst:
            if let cached = cache[key] { return cached }
            return try await load(request, key: key)
        case .networkFirst:
            do {
                return try await load(request, key: key)
            } catch {
                if let cached = cache[key] { return cached }
                throw error
            }
        case .networkOnly:
            return try await load(request, key: key)
        }
    }

    private func load(_ request: URLRequest, key: String) async throws -> SceneValue {
        let url = request.url?.absoluteString ?? ""
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await BoundedDownload.data(
                for: request, timeout: .milliseconds(definition.timeout),
                maxBytes: definition.maxBytes)
        } catch is CancellationError {
            throw CancellationError()
        } catch BoundedDownload.Failure.timedOut {
            throw ProviderError(name, "timed out after \(definition.timeout) ms")
        } catch BoundedDownload.Failure.tooLarge {
            throw ProviderError(name, "\(url) sent more than \(definition.maxBytes) bytes (its 'maxBytes'); the rest was not read")
        } catch {
            throw ProviderError(name, "cannot reach \(url): \(Self.reason(error))")
        }
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            throw ProviderError(name, "\(url) answered HTTP \(status)")
        }
        let value: SceneValue
        do {
            value = try ValueJSON.parse(Array(data))
        } catch {
            throw ProviderError(name, "\(url) did not answer with JSON: \(error.located(in: Array(data)))")
        }
        cache[key] = value
        return value
    }

    /// A short, stable reason: the platform's own texts vary (and carry timings).
    static func reason(_ error: any Error) -> String {
        guard let code = (error as? URLError)?.code else { return "the request failed" }
        switch code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "timed out"
        case .cannotFindHost, .dnsLookupFailed: return "unknown host"
        case .notConnectedToInternet, .networkConnectionLost: return "the network is unavailable"
        case .badServerResponse: return "bad response"
        default: return "the request failed (\(code.rawValue))"
        }
    }
}

/// Responses kept for `networkFirst` and `cacheFirst`, for the length of a run.
final class ResponseCache: Sendable {
    private let entries = Locked<[String: SceneValue]>([:])

    subscript(key: String) -> SceneValue? {
        get { entries.withLock { $0[key] } }
        set { entries.withLock { $0[key] = newValue } }
    }
}
