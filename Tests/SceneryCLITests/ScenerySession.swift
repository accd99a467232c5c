import Foundation
import ScenerySupport
import Testing

/// `scenery ARGUMENTS` in a process of its own, its input a pipe the test writes: a session
/// as a person at a terminal (or another program) holds it open.
final class ScenerySession: Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Locked((out: "", error: ""))

    /// - Parameter environment: variables to set or (with nil) remove for the process.
    init(_ arguments: [String], environment: [String: String?] = [:]) throws {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "scenery")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the scenery executable first")
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            process.environment = variables
        }
        process.standardInput = input
        let out = Pipe(), error = Pipe()
        process.standardOutput = out
        process.standardError = error
        let output = output
        out.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            output.withLock { $0.out += text }
        }
        error.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            output.withLock { $0.error += text }
        }
        try process.run()
    }

    var out: String { output.withLock { $0.out } }
    var error: String { output.withLock { $0.error } }

    func type(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    /// Waits until `text` shows in the output (standard output unless told), for up to 20 s.
    func waitFor(
        _ text: String, in stream: KeyPath<ScenerySession, String> = \.out,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if self[keyPath: stream].contains(text) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("'\(text)' never showed; standard output:\n\(out)\nstandard error:\n\(error)", sourceLocation: sourceLocation)
        throw CancellationError()
    }

    func exitCode() throws -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try #require(!process.isRunning, "the session did not end")
        return process.terminationStatus
    }

    /// Ctrl-C: SIGINT, as a terminal sends it.
    func interrupt() { process.interrupt() }

    /// Ctrl-D: the end of input.
    func closeInput() { try? input.fileHandleForWriting.close() }

    func end() {
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
    }
}
