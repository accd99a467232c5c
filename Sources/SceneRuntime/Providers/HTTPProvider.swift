import Foundation
import SceneManifest
import ScenerySupport
import VIP

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
        var exchange = HTTPExchange(url: url, method: definition.method, headers: [], body: nil)
        for (header, template) in definition.headers.sorted(by: { $0.key < $1.key }) {
            if case let .success(value) = Evaluator.evaluate(template, in: context) {
                // A line break would end the header and start another the manifest never wrote.
                guard !value.description.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
                    throw ProviderError(name, "header '\(header)' holds a line break, which HTTP does not allow")
                }
                exchange.headers.append((header, value.description))
            }
        }
        if let body = definition.body, case let .success(value) = Evaluator.evaluate(body, in: context) {
            exchange.body = Data(ValueJSON.text(value).utf8)
            exchange.headers.append(("Content-Type", "application/json"))
        }
        let key = "\(definition.method) \(url.absoluteString) \(exchange.body.map { String(decoding: $0, as: UTF8.self) } ?? "")"
        switch definition.cache {
        case .cacheFirst:
            if let cached = cache[key] { return cached }
            return try await load(exchange, key: key)
        case .networkFirst:
            do {
                return try await load(exchange, key: key)
            } catch {
                if let cached = cache[key] { return cached }
                throw error
            }
        case .networkOnly:
            return try await load(exchange, key: key)
        }
    }

    private func load(_ exchange: HTTPExchange, key: String) async throws -> SceneValue {
        let url = exchange.url.absoluteString
        let (status, data): (Int, Data)
        do {
            (status, data) = try await HTTPTransport.exchange(
                exchange, timeout: .milliseconds(definition.timeout), maxBytes: definition.maxBytes)
        } catch is CancellationError {
            throw CancellationError()
        } catch HTTPFailure.timedOut {
            throw ProviderError(name, "timed out after \(definition.timeout) ms")
        } catch HTTPFailure.tooLarge {
            throw ProviderError(name, "\(url) sent more than \(definition.maxBytes) bytes (its 'maxBytes'); the rest was not read")
        } catch let HTTPFailure.unreachable(reason) {
            throw ProviderError(name, "cannot reach \(url): \(reason)")
        } catch {
            throw ProviderError(name, "cannot reach \(url): the request failed")
        }
        if !(200..<300).contains(status) {
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
}

/// Responses kept for `networkFirst` and `cacheFirst`, for the length of a run.
final class ResponseCache: Sendable {
    private let entries = Locked<[String: SceneValue]>([:])

    subscript(key: String) -> SceneValue? {
        get { entries.withLock { $0[key] } }
        set { entries.withLock { $0[key] = newValue } }
    }
}
