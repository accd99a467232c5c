import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VIP

/// One HTTP exchange with hard bounds: `timeout` covers everything up to the last byte of
/// the body, a body past `maxBytes` is refused as soon as it passes, and either way (or when
/// the caller's task is cancelled) the transfer itself is cancelled, so a server that
/// streams forever costs neither time nor memory. `URLSession.data(for:)` gives neither.
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
    }

    private let maxBytes: Int
    private let state = Locked(State())

    private init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// The body and response of `request`, within `timeout` and `maxBytes`.
    /// - Throws: ``Failure`` for the bounds, `URLError` for the network, `CancellationError`.
    static func data(for request: URLRequest, timeout: Duration, maxBytes: Int) async throws -> (Data, URLResponse) {
        let download = BoundedDownload(maxBytes: maxBytes)
        let session = URLSession(configuration: .ephemeral, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        let timer = Task {
            try await Task.sleep(for: timeout)
            download.finish(.failure(Failure.timedOut))
            task.cancel()
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<(Data, URLResponse), any Error>? = download.state.withLock { state in
                    if let outcome = state.outcome { return outcome }
                    state.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) } else { task.resume() }
            }
        } onCancel: {
            download.finish(.failure(CancellationError()))
            task.cancel()
        }
    }

    /// Settles the exchange once; later outcomes (the cancellation it causes) are ignored.
    private func finish(_ outcome: Result<(Data, URLResponse), any Error>) {
        let continuation: CheckedContinuation<(Data, URLResponse), any Error>? = state.withLock { state in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            state.data = Data()
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
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
        if overflow {
            finish(.failure(Failure.tooLarge))
            dataTask.cancel()
        }
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
