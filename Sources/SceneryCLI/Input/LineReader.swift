#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor with bounded memory: a line longer than ``limit``
/// bytes is reported as too long and the rest of it is discarded as it is read, so no
/// input, however long its lines, makes a session hold more than a line and a chunk.
package final class LineReader {
    /// The longest line accepted, in bytes (64 KiB).
    static let limit = 64 * 1024
    static let chunkSize = 64 * 1024

    package enum Line: Equatable, Sendable {
        case text(String)
        /// A line over the limit: how many bytes it had (without its newline); it was skipped.
        case tooLong(bytes: Int)
        case notUTF8
    }

    private let descriptor: Int32
    private let closesOnDeinit: Bool
    private var chunk = [UInt8](repeating: 0, count: LineReader.chunkSize)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false
    /// The most bytes held at once (the line so far and the unread chunk), for tests.
    private(set) var peakHeldBytes = 0

    init(descriptor: Int32, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit { if closesOnDeinit { close(descriptor) } }

    /// The next line without its `\n` (or `\r\n`), or nil at the end of input.
    func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        var sawAnything = false
        while true {
            if chunkStart < chunkEnd {
                sawAnything = true
                let newline = newlineIndex()
                let end = newline ?? chunkEnd
                let piece = end - chunkStart
                // One byte more than the limit, for a `\r` before the newline.
                if length + piece <= Self.limit + 1 {
                    line.append(contentsOf: chunk[chunkStart..<end])
                } else {
                    line = []  // over the limit: keep nothing more of this line
                }
                length += piece
                peakHeldBytes = max(peakHeldBytes, line.count + Self.chunkSize)
                chunkStart = newline.map { $0 + 1 } ?? chunkEnd
                if newline != nil { return finish(line, length: length) }
            }
            if atEnd { return sawAnything ? finish(line, length: length) : nil }
            fill()
        }
    }

    /// The index of the next `\n` in the unread part of the chunk (memchr: fast even in
    /// debug builds, where a line of hundreds of megabytes is scanned chunk by chunk).
    private func newlineIndex() -> Int? {
        chunk.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress,
                let found = memchr(base + chunkStart, Int32(UInt8(ascii: "\n")), chunkEnd - chunkStart)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private func finish(_ bytes: [UInt8], length: Int) -> Line {
        var bytes = bytes, length = length
        if bytes.last == UInt8(ascii: "\r") {
            bytes.removeLast()
            length -= 1
        }
        guard length <= Self.limit else { return .tooLong(bytes: length) }
        guard let text = String(bytes: bytes, encoding: .utf8) else { return .notUTF8 }
        return .text(text)
    }

    private func fill() {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0, errno == EINTR { continue }
            chunkStart = 0
            chunkEnd = max(count, 0)
            if count <= 0 { atEnd = true }
            return
        }
    }
}
