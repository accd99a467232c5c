import Foundation

/// JSON-RPC messages over a byte stream with `Content-Length` headers, as the Language
/// Server Protocol frames them. Reading never traps: a header it cannot read is skipped to
/// the next blank line, and the end of input ends the session.
final class LSPConnection {
    private let input: FileHandle
    private let write: (Data) -> Void
    private var buffer: [UInt8] = []

    init(input: FileHandle = .standardInput, write: @escaping (Data) -> Void = { FileHandle.standardOutput.write($0) }) {
        self.input = input
        self.write = write
    }

    /// The next message's body, or nil at the end of input.
    func next() -> [UInt8]? {
        while true {
            if let body = takeMessage() { return body }
            let chunk = input.availableData
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    /// A whole message from the buffer, if one has arrived.
    private func takeMessage() -> [UInt8]? {
        let separator: [UInt8] = [13, 10, 13, 10]
        while let end = firstIndex(of: separator) {
            let header = String(decoding: buffer[..<end], as: UTF8.self)
            var length: Int?
            for line in header.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == "content-length" {
                    length = Int(parts[1].trimmingCharacters(in: .whitespaces))
                }
            }
            let start = end + separator.count
            guard let length, length >= 0 else {
                // No usable length: drop the header and look for the next one.
                buffer.removeSubrange(..<start)
                continue
            }
            guard buffer.count >= start + length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            buffer.removeSubrange(..<(start + length))
            return body
        }
        return nil
    }

    private func firstIndex(of pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where buffer[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }

    func send(_ message: LSPJSON) {
        let body = Data(message.text.utf8)
        write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }
}
