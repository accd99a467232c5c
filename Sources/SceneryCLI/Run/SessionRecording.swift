import Foundation
import ScenerySupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `run --record FILE`: the session kept as a transcript that `scenery test` passes as it
/// stands — every input as `> line` (echoed as a scripted run echoes it; `{"input": …}`
/// under `--format json`, which transcripts read as input too), every frame and message as
/// printed, without colour or prompts; a header with the options that shape the output
/// (width, locale and `now` always, so a later change of defaults cannot break it) and an
/// `# app:` line unless the file sits in the app's `tests/` folder.
///
/// The file is made before the session starts — a missing folder or an existing file (kept
/// unless `--overwrite` asks to replace it) is a usage error before anything runs — and
/// every line is written as it is printed, so Ctrl-C, Ctrl-D, the end of a script and a
/// crash all leave what was recorded.
@MainActor
final class SessionRecording {
    let file: String
    private let descriptor: Int32
    /// The last byte written, so the file can end with a newline.
    private var lastByte: UInt8 = 0x0A
    /// Where the file stands, shared with the Ctrl-C handler, which runs on another thread.
    private let progress = Locked(Progress())

    struct Progress {
        /// Bytes written.
        var length = 0
        /// Whether a frame or message followed the header.
        var framed = false
        /// The last input and where its echo starts, while nothing it printed has followed.
        var running: (input: String, offset: Int)?
    }
    /// The first write that failed, reported when the session ends; later text is dropped.
    private(set) var failure: String?
    /// What the session writes, plain: the mirror of the run's console.
    private(set) lazy var console = Console(out: { [unowned self] in append($0) }, error: { [unowned self] in append($0) })

    /// Creates `file` with its header.
    /// - Parameters:
    ///   - app: the app folder run.
    ///   - arguments: the run's options that shape its output, with the effective width,
    ///     locale and `now`; `--fixture` paths as given on the command line.
    ///   - seed: the `--state-from` folder, kept as a `# state:` line.
    ///   - overwrite: whether an existing file may be replaced.
    /// - Throws: ``UsageError`` naming the file and what to do.
    init(file: String, app: String, arguments: [String], seed: String? = nil, overwrite: Bool) throws(UsageError) {
        self.file = file
        let folder = PathText.parent(of: PathText.absolute(file))
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(
                "cannot record to '\(file)': the folder '\(folder)' does not exist", hint: "create it first, or record somewhere else")
        }
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw UsageError(
                "cannot record to '\(file)': it is a folder", hint: "give the transcript's file name, like '\(file)/walk.transcript'")
        }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL)
        descriptor = open(file, flags, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw UsageError(
                    "'\(file)' exists, and a recording never replaces a file unasked",
                    hint: "record to another file, or add '--overwrite' to replace it")
            }
            throw UsageError("cannot record to '\(file)': \(String(cString: strerror(code)))")
        }
        append(Self.header(file: file, folder: folder, app: app, arguments: arguments, seed: seed))
    }

    deinit { close(descriptor) }

    private static func header(file: String, folder: String, app: String, arguments: [String], seed: String?) -> String {
        let appFolder = PathText.absolute(app)
        var header = ["# \(PathText.baseName(of: file)) — recorded with 'scenery run --record'"]
        if PathText.normalized(folder) != PathText.normalized(appFolder + "/tests") {
            header.append("# app: \(PathText.relative(appFolder, from: folder))")
        }
        // Fixture paths as `scenery test` reads them: relative to the transcript.
        let relative = Transcript.mappingPaths(arguments) { PathText.relative(PathText.absolute($0), from: folder) }
        header.append("# args: " + relative.map(Transcript.shellQuoted).joined(separator: " "))
        // The seed, as `scenery test` reads it: relative to the transcript.
        if let seed { header.append("# state: " + PathText.relative(PathText.absolute(seed), from: folder)) }
        return header.joined(separator: "\n") + "\n"
    }

    /// Writes `text` through to the file at once: nothing waits in a buffer for an exit.
    private func append(_ text: String) {
        guard failure == nil else { return }
        let bytes = Array(text.utf8)
        progress.withLock { progress in
            // An echoed input (`> line`, or `{"input": …}` in JSON) starts a step; what
            // follows it is its frame.
            if let input = Transcript.input(String(text.prefix { $0 != "\n" })) {
                progress.running = (input, progress.length)
            } else if progress.length > 0, !text.isEmpty {
                progress.running = nil
                progress.framed = true
            }
            progress.length += bytes.count
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
        if let last = bytes.last { lastByte = last }
    }

    /// What standard error says once the session ends: where the recording is and how to replay it.
    func recorded() -> String { Self.recorded(file, "") }

    /// `recorded to FILE…; replay it with 'scenery test FILE'`, with what was left out.
    private nonisolated static func recorded(_ file: String, _ leftOut: String) -> String {
        "recorded to \(file)\(leftOut); replay it with 'scenery test \(file)'"
    }

    /// Ends the file with a newline if the session's last text had none, and says how it went.
    func finish() -> String? {
        if lastByte != 0x0A { append("\n") }
        return failure
    }

    /// Ctrl-C ends the session as Ctrl-D does: what was recorded is already in the file. An
    /// input whose frame had not come yet is left out, so the file replays as it stands,
    /// and `say` is told what was kept; `cleanUp` removes the run's scratch folder. Returns
    /// the signal source to keep alive.
    func endOnInterrupt(say: @escaping @Sendable (String) -> Void, cleanUp: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let (progress, descriptor, file) = (progress, descriptor, file)
        source.setEventHandler {
            // Under the lock: no append is half-way through while the file is cut.
            let outcome = progress.withLock { state -> String in
                guard state.framed else {
                    unlink(file)
                    return "nothing was recorded before the interruption; '\(file)' was removed"
                }
                var left = ""
                if let running = state.running {
                    ftruncate(descriptor, off_t(running.offset))
                    left = " up to '\(running.input)', which was still running and is left out"
                }
                return Self.recorded(file, left)
            }
            cleanUp()
            say("\n" + outcome)
            exit(130)
        }
        source.resume()
        return source
    }

}
