#if !os(Linux)
    import Foundation
    import ScenerySupport
    import VIP

    /// One HTTP exchange with hard bounds: `timeout` covers everything up to the last byte of
    /// the body, a body past `maxBytes` is refused as soon as it passes, and either way (or when
    /// the caller's task is cancelled) the transfer itself is cancelled, so a server that
    /// streams forever costs neither time nor memory. `URLSession.data(for:)` gives neither.
    ///
    /// On Linux, URLSession's own calls (making a session or task, `resume`, `cancel`) can wait
    /// on its internal queue, which a cancelled transfer from a fast server keeps busy for a
    /// second or more. So none of them runs on the caller's thread — a Swift concurrency thread,
    /// of which there is one per core — and the timeout is a Dispatch timer, not a task that
    /// would need such a thread to wake.
    ///
    /// `@unchecked Sendable`: an `NSObject` cannot be checked; every mutable part of a download
    /// is in `state`, behind its lock, and the rest is constant.
    final class BoundedDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        enum Failure: Error, Equatable {
            case timedOut
            case tooLarge
        }

        private struct State {
            var data = Data()
            var response: URLResponse?
            var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
            var outcome: Result<(Data, URLResponse), any Error>?
            var session: URLSession?
        }

        private let maxBytes: Int
        private let state = Locked(State())

        private init(maxBytes: Int) { self.maxBytes = maxBytes }

        /// The body and response of `request`, within `timeout` and `maxBytes`.
        /// - Throws: ``Failure`` for the bounds, `URLError` for the network, `CancellationError`.
        static func data(for request: URLRequest, timeout: Duration, maxBytes: Int) async throws -> (Data, URLResponse) {
            let download = BoundedDownload(maxBytes: maxBytes)
            let deadline = DispatchTime.now() + .nanoseconds(Int(min(timeout / .nanoseconds(1), Double(Int.max / 2))))
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let ready: Result<(Data, URLResponse), any Error>? = download.state.withLock { state in
                        if let outcome = state.outcome { return outcome }
                        state.continuation = continuation
                        return nil
                    }
                    if let ready {
                        continuation.resume(with: ready)
                    } else {
                        download.start(request, deadline: deadline)
                    }
                }
            } onCancel: {
                download.finish(.failure(CancellationError()))
            }
        }

        private func start(_ request: URLRequest, deadline: DispatchTime) {
            DispatchQueue.global().asyncAfter(deadline: deadline) { self.finish(.failure(Failure.timedOut)) }
            DispatchQueue.global().async {
                let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
                let task = session.dataTask(with: request)
                let settled = self.state.withLock { state in
                    state.session = session
                    return state.outcome != nil
                }
                if settled {
                    session.invalidateAndCancel()
                } else {
                    task.resume()
                }
            }
        }

        /// Settles the exchange once, then cancels the transfer and lets the session go; later
        /// outcomes (the cancellation it causes, the timer) are ignored.
        private func finish(_ outcome: Result<(Data, URLResponse), any Error>) {
            let settled: (CheckedContinuation<(Data, URLResponse), any Error>?, URLSession?)? = state.withLock { state in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                state.data = Data()
                defer { state.continuation = nil }
                return (state.continuation, state.session)
            }
            guard let (continuation, session) = settled else { return }
            continuation?.resume(with: outcome)
            if let session { DispatchQueue.global().async { session.invalidateAndCancel() } }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            if response.expectedContentLength > Int64(maxBytes) {
                finish(.failure(Failure.tooLarge))
                completionHandler(.cancel)
                return
            }
            state.withLock { $0.response = response }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let overflow = state.withLock { state -> Bool in
                guard state.outcome == nil else { return false }
                guard state.data.count + data.count <= maxBytes else { return true }
                state.data.append(data)
                return false
            }
            if overflow { finish(.failure(Failure.tooLarge)) }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (data, response) = state.withLock { ($0.data, $0.response ?? task.response) }
            if let error {
                finish(.failure(error))
            } else if let response {
                finish(.success((data, response)))
            } else {
                finish(.failure(URLError(.badServerResponse)))
            }
        }
    }

    extension BoundedDownload {
        /// ``HTTPTransport/exchange(_:timeout:maxBytes:)`` through URLSession.
        static func exchange(_ exchange: HTTPExchange, timeout: Duration, maxBytes: Int) async throws -> (status: Int, body: Data) {
            var request = URLRequest(
                url: exchange.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout / .seconds(1))
            request.httpMethod = exchange.method
            for (name, value) in exchange.headers { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = exchange.body
            do {
                let (data, response) = try await data(for: request, timeout: timeout, maxBytes: maxBytes)
                return ((response as? HTTPURLResponse)?.statusCode ?? 200, data)
            } catch Failure.timedOut {
                throw HTTPFailure.timedOut
            } catch Failure.tooLarge {
                throw HTTPFailure.tooLarge
            } catch let error as URLError {
                throw HTTPFailure.unreachable(reason(error.code))
            }
        }

        /// A short, stable reason: the platform's own texts vary (and carry timings).
        static func reason(_ code: URLError.Code) -> String {
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
#endif
