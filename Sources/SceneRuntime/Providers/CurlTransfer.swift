#if os(Linux)
    import Foundation
    import ScenerySupport

    /// One exchange through libcurl (``CurlLibrary``), bounded as ``HTTPTransport`` says. The
    /// transfer runs on a thread of its own — `curl_easy_perform` blocks, and Swift's
    /// concurrency threads are one per core — and the timeout is a Dispatch timer. The first
    /// outcome settles it (the response, the timer, the size, a cancellation); the callbacks
    /// then stop the transfer at their next call.
    ///
    /// `@unchecked Sendable`: every mutable part is in `state`, behind its lock.
    final class CurlTransfer: @unchecked Sendable {
        private struct State {
            var body = Data()
            var outcome: Result<(status: Int, body: Data), any Error>?
            var continuation: CheckedContinuation<(status: Int, body: Data), any Error>?
        }

        private let maxBytes: Int
        private let state = Locked(State())

        private init(maxBytes: Int) { self.maxBytes = maxBytes }

        static func exchange(_ exchange: HTTPExchange, timeout: Duration, maxBytes: Int) async throws -> (status: Int, body: Data) {
            guard let curl = CurlLibrary.shared else {
                throw HTTPFailure.unreachable(
                    "http providers need the system's libcurl (\(CurlLibrary.names[0])), and none was found; install it (Debian and Ubuntu: apt-get install libcurl4)"
                )
            }
            let transfer = CurlTransfer(maxBytes: maxBytes)
            let milliseconds = Int(min(timeout / .milliseconds(1), Double(Int.max / 4_000_000)))
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let ready: Result<(status: Int, body: Data), any Error>? = transfer.state.withLock { state in
                        if let outcome = state.outcome { return outcome }
                        state.continuation = continuation
                        return nil
                    }
                    if let ready {
                        continuation.resume(with: ready)
                    } else {
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                            transfer.finish(.failure(HTTPFailure.timedOut))
                        }
                        Thread.detachNewThread { transfer.run(exchange, curl, milliseconds: milliseconds) }
                    }
                }
            } onCancel: {
                transfer.finish(.failure(CancellationError()))
            }
        }

        /// Settles the exchange once; later outcomes are ignored.
        private func finish(_ outcome: Result<(status: Int, body: Data), any Error>) {
            let waiting: CheckedContinuation<(status: Int, body: Data), any Error>?? = state.withLock { state in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                state.body = Data()
                defer { state.continuation = nil }
                return .some(state.continuation)
            }
            if case let waiting?? = waiting { waiting.resume(with: outcome) }
        }

        private var isSettled: Bool { state.withLock { $0.outcome != nil } }

        /// Takes a piece of the body; false stops the transfer.
        fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
            let overflow = state.withLock { state -> Bool? in
                guard state.outcome == nil else { return nil }
                guard state.body.count + bytes.count <= maxBytes else { return true }
                state.body.append(contentsOf: bytes)
                return false
            }
            if overflow == true { finish(.failure(HTTPFailure.tooLarge)) }
            return overflow == false
        }

        /// Reads a header line: a declared length past `maxBytes` stops the transfer before its body.
        fileprivate func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
            let line = String(decoding: bytes, as: UTF8.self)
            guard line.count > 15, line.prefix(15).lowercased() == "content-length:" else { return !isSettled }
            if let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespacesAndNewlines)), length > maxBytes {
                finish(.failure(HTTPFailure.tooLarge))
                return false
            }
            return !isSettled
        }

        private func run(_ exchange: HTTPExchange, _ curl: CurlLibrary, milliseconds: Int) {
            guard let handle = curl.easyInit() else {
                finish(.failure(HTTPFailure.unreachable("the request failed")))
                return
            }
            var headers: OpaquePointer?
            defer {
                curl.listFree(headers)
                curl.cleanup(handle)
            }
            let context = Unmanaged.passUnretained(self).toOpaque()
            _ = curl.setInteger(handle, CurlLibrary.noSignal, 1)
            _ = curl.setInteger(handle, CurlLibrary.followLocation, 1)
            _ = curl.setInteger(handle, CurlLibrary.maxRedirects, 16)
            // A backstop: the Dispatch timer settles the exchange at the timeout itself.
            _ = curl.setInteger(handle, CurlLibrary.timeoutMilliseconds, milliseconds + 1000)
            _ = exchange.url.absoluteString.withCString { curl.setPointer(handle, CurlLibrary.url, $0) }
            _ = "".withCString { curl.setPointer(handle, CurlLibrary.acceptEncoding, $0) }
            for (name, value) in exchange.headers { headers = "\(name): \(value)".withCString { curl.listAppend(headers, $0) } }
            _ = curl.setPointer(handle, CurlLibrary.httpHeader, UnsafeRawPointer(headers))
            _ = curl.setPointer(handle, CurlLibrary.writeData, context)
            _ = curl.setPointer(handle, CurlLibrary.writeFunction, unsafeBitCast(Self.receiveBody, to: UnsafeRawPointer.self))
            _ = curl.setPointer(handle, CurlLibrary.headerData, context)
            _ = curl.setPointer(handle, CurlLibrary.headerFunction, unsafeBitCast(Self.receiveHeader, to: UnsafeRawPointer.self))
            _ = curl.setInteger(handle, CurlLibrary.noProgress, 0)
            _ = curl.setPointer(handle, CurlLibrary.progressData, context)
            _ = curl.setPointer(handle, CurlLibrary.progressFunction, unsafeBitCast(Self.progress, to: UnsafeRawPointer.self))
            if exchange.method == "HEAD" {
                _ = curl.setInteger(handle, CurlLibrary.noBody, 1)
            } else if exchange.method != "GET" || exchange.body != nil {
                _ = exchange.method.withCString { curl.setPointer(handle, CurlLibrary.customRequest, $0) }
            }
            // The body's bytes are not copied by libcurl: they stay alive through the transfer.
            let body = exchange.body ?? Data()
            let code = body.withUnsafeBytes { bytes -> Int32 in
                if exchange.body != nil {
                    _ = curl.setInteger(handle, CurlLibrary.postFieldSize, bytes.count)
                    _ = curl.setPointer(handle, CurlLibrary.postFields, bytes.baseAddress ?? UnsafeRawPointer(StaticString("").utf8Start))
                }
                return curl.perform(handle)
            }
            var status = 0
            _ = curl.getInteger(handle, CurlLibrary.responseCode, &status)
            guard code == 0 else {
                finish(.failure(HTTPFailure.unreachable(Self.reason(code))))
                return
            }
            let received = state.withLock { $0.body }
            finish(.success((status, received)))
        }

        /// A short, stable reason for a libcurl error code.
        static func reason(_ code: Int32) -> String {
            switch code {
            case CurlLibrary.couldNotConnect: "connection refused"
            case CurlLibrary.couldNotResolveHost: "unknown host"
            case CurlLibrary.timedOut: "timed out"
            case CurlLibrary.gotNothing, CurlLibrary.weirdReply: "bad response"
            default: "the request failed (curl \(code))"
            }
        }

        private static let receiveBody: CurlLibrary.Receive = { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }

        private static let receiveHeader: CurlLibrary.Receive = { data, size, count, context in
            guard let data, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            return transfer.header(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }

        private static let progress: CurlLibrary.Progress = { context, _, _, _, _ in
            guard let context else { return 1 }
            return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isSettled ? 1 : 0
        }
    }
#endif
