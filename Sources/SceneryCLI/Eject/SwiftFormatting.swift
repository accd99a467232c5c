import Foundation

/// Runs the toolchain's `swift format` over files eject wrote, so they follow the team's
/// style: its configuration is the one given, or the `.swift-format` found above the files
/// as `swift format` looks for it.
enum SwiftFormatting {
    /// Formats `files` in place; nil when done, else why not (no toolchain, a failure). The
    /// process is waited for off the caller's thread: eject runs on the main actor, which
    /// other sessions of the same process (a test run's) share.
    static func format(_ files: [URL], configuration: String?) async -> String? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: run(files, configuration: configuration)) }
        }
    }

    private static func run(_ files: [URL], configuration: String?) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swift", "format", "format", "--in-place"] + (configuration.map { ["--configuration", $0] } ?? []) + files.map(\.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return "cannot run 'swift format': \(error.localizedDescription)"
        }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = said.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
            return "'swift format' failed: \(reason)"
        }
        return nil
    }
}
