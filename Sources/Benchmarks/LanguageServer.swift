import Foundation
import SceneManifest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scenery lsp` as an editor drives it: a child process on pipes, spoken to in framed
/// JSON-RPC. Its peak memory comes from `wait4` when it exits, as `scenery validate`'s does.
final class ServerProcess {
    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1

    init(_ executable: String, _ arguments: [String]) throws {
        (pid, input, output) = try spawn(executable, arguments, pipes: true)
    }

    func send(_ json: String) {
        let frame = Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8)
        frame.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = write(input, bytes.baseAddress! + written, bytes.count - written)
                if count <= 0 { return }
                written += count
            }
        }
    }

    /// Sends a request and returns its id.
    @discardableResult
    func request(_ method: String, _ params: String) -> Int {
        let id = nextID
        nextID += 1
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
        return id
    }

    func notify(_ method: String, _ params: String) {
        send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    /// The next message's body, waiting for it.
    func next() throws -> String {
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                guard
                    let length = header.split(separator: "\r\n").compactMap({ line -> Int? in
                        line.lowercased().hasPrefix("content-length:") ? Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) : nil
                    }).first
                else { throw BenchmarkFailure.setup("a message without Content-Length: \(header)") }
                if buffer.count - end.upperBound >= length {
                    let body = String(decoding: buffer[end.upperBound..<(end.upperBound + length)], as: UTF8.self)
                    buffer.removeFirst(end.upperBound + length)
                    return body
                }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(output, &chunk, chunk.count)
            guard count > 0 else { throw BenchmarkFailure.setup("the language server closed its output") }
            buffer += chunk[..<count]
        }
    }

    /// Reads messages until one holds `needle`; returns it.
    func awaitMessage(_ needle: String) throws -> String {
        while true {
            let message = try next()
            if message.contains(needle) { return message }
        }
    }

    /// Ends the server as an editor does; its peak resident memory in MiB.
    func stop() throws -> Double {
        request("shutdown", "null")
        _ = try awaitMessage(#""result":null"#)
        // Read while it runs: its own high-water mark, not one it was started with.
        let own = ownPeakMebibytes(pid)
        notify("exit", "null")
        close(input)
        close(output)
        let waited = try peakMebibytes(waitingFor: pid)
        return own ?? waited
    }
}

/// Starts `executable` with `arguments`; with `pipes`, its standard input and output are
/// pipes to this process (returned: the write end, then the read end), else /dev/null.
func spawn(_ executable: String, _ arguments: [String], pipes: Bool) throws -> (pid_t, Int32, Int32) {
    var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchmarkFailure.setup("cannot make pipes") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if pipes {
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
    var pid: pid_t = 0
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    close(toChild[0])
    close(fromChild[1])
    guard result == 0 else { throw BenchmarkFailure.setup("cannot start \(executable): error \(result)") }
    if !pipes {
        close(toChild[1])
        close(fromChild[0])
    }
    return (pid, toChild[1], fromChild[0])
}

/// A running process's own peak resident memory in MiB (`VmHWM` in /proc on Linux), or nil
/// where there is none. `ru_maxrss` will not do on Linux: a process started by a large one
/// reports the starter's size if it never grows past it, as exec keeps the old high-water
/// mark, so every child of this benchmark read as large as the benchmark itself.
func ownPeakMebibytes(_ pid: pid_t) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kibibytes / 1024
}

/// Waits for `pid` to exit, reading its own peak from /proc while it runs; the last value read
/// (the peak only grows), or `ru_maxrss` where /proc has none.
func ownPeakMebibytes(waitingFor pid: pid_t) throws -> Double {
    var last: Double?
    while true {
        if let peak = ownPeakMebibytes(pid) { last = peak }
        var status: Int32 = 0
        var usage = rusage()
        let done = wait4(pid, &status, WNOHANG, &usage)
        if done == pid { return last ?? peakFromUsage(usage) }
        guard done == 0 else { throw BenchmarkFailure.setup("cannot wait for process \(pid)") }
        usleep(500)
    }
}

private func peakFromUsage(_ usage: rusage) -> Double {
    #if canImport(Darwin)
        return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #else
        return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    #endif
}

/// Waits for `pid` to exit; its peak resident memory in MiB (`ru_maxrss`).
func peakMebibytes(waitingFor pid: pid_t) throws -> Double {
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkFailure.setup("cannot wait for process \(pid)") }
    #if canImport(Darwin)
        return Double(usage.ru_maxrss) / 1_048_576  // bytes on macOS
    #else
        return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    #endif
}

/// The `scenery` built beside this benchmark (the same configuration).
func sceneryExecutable() throws -> String {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("scenery").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw BenchmarkFailure.setup("build scenery first: swift build -c release --product scenery (looked for \(path))")
    }
    return path
}

/// A server with one generated app's Catalog open, ready to be edited.
final class EditSession {
    let server: ServerProcess
    let uri: String
    let text: String
    /// Where `@{vm.summary}` ends in the Catalog, for the edit that toggles a `!` there.
    let line: Int
    let character: Int
    var edits = 0

    init(app: URL) throws {
        server = try ServerProcess(try sceneryExecutable(), ["lsp"])
        let file = app.appendingPathComponent("scenes/Catalog.json")
        text = try String(contentsOf: file, encoding: .utf8)
        uri = file.absoluteString
        server.request("initialize", #"{"processId":null,"rootUri":"\#(app.absoluteString)","capabilities":{}}"#)
        _ = try server.awaitMessage(#""capabilities""#)
        server.notify("initialized", "{}")
        server.notify(
            "textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","languageId":"json","version":1,"text":\#(JSONText.quote(text))}}"#)
        _ = try server.awaitMessage(uri)
        guard let range = text.range(of: "@{vm.summary}") else { throw BenchmarkFailure.setup("no @{vm.summary} in the Catalog") }
        let before = text[..<range.upperBound]
        line = before.count { $0 == "\n" }
        character = before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf16.count ?? 0
    }

    /// One keystroke: a `!` typed after `@{vm.summary}`, or taken away again; returns how many
    /// findings the Catalog has once the server published them.
    func edit() throws -> Int {
        edits += 1
        let removing = edits % 2 == 0
        let range =
            #"{"start":{"line":\#(line),"character":\#(character)},"end":{"line":\#(line),"character":\#(character + (removing ? 1 : 0))}}"#
        server.notify(
            "textDocument/didChange",
            #"{"textDocument":{"uri":"\#(uri)","version":\#(edits + 1)},"contentChanges":[{"range":\#(range),"text":"\#(removing ? "" : "!")"}]}"#
        )
        while true {
            let message = try server.next()
            guard message.contains("publishDiagnostics"), message.contains(#""uri":"\#(uri)""#) else { continue }
            return message.components(separatedBy: #""code":"#).count - 1
        }
    }

    /// Completion of the fields after `@{response.` in the Catalog; how many items came.
    func complete() throws -> Int {
        guard let range = text.range(of: "@{response.") else { throw BenchmarkFailure.setup("no @{response. in the Catalog") }
        let before = text[..<range.upperBound]
        let line = before.count { $0 == "\n" }
        let character = before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf16.count ?? 0
        let id = server.request(
            "textDocument/completion", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}"#)
        let answer = try server.awaitMessage(#""id":\#(id),"#)
        return answer.components(separatedBy: #""label":"#).count - 1
    }
}

/// A server on an app of `large` scenes against one on the 9-scene Shop, each timing `work`.
@MainActor
private func languageServerRow(
    _ metric: String, runs: Int, large: Int, target: Target, a: String,
    _ work: @escaping @MainActor (EditSession) throws -> Int
) async throws -> Row {
    let big = try GeneratedApp.write(largeApp(scenes: large - 9))
    let small = try GeneratedApp.write(largeApp(scenes: 0))
    defer {
        GeneratedApp.remove(big)
        GeneratedApp.remove(small)
    }
    let sessionA = try EditSession(app: big), sessionB = try EditSession(app: small)
    defer {
        _ = try? sessionA.server.stop()
        _ = try? sessionB.server.stop()
    }
    return try await compare(
        metric, runs: runs, target: target, a: Side(name: a, repeats: 20) { try work(sessionA) },
        b: Side(name: "the same in the 9-scene Shop", repeats: 20) { try work(sessionB) })
}

/// Diagnostics after an edit: a keystroke in a scene of an app of `large` scenes, to its
/// findings published.
@MainActor
func languageServerEditRow(runs: Int, large: Int) async throws -> Row {
    try await languageServerRow(
        "lsp: findings after an edit, \(large) scenes", runs: runs, large: large, target: .microseconds(10_000),
        a:
            "`scenery lsp`: a character typed in a scene of a \(large)-scene app (the Shop and copies of its catalog), until the scene's findings are published"
    ) { try $0.edit() }
}

@MainActor
func languageServerEdit90Row(runs: Int) async throws -> Row { try await languageServerEditRow(runs: runs, large: 90) }

@MainActor
func languageServerEdit900Row(runs: Int) async throws -> Row { try await languageServerEditRow(runs: runs, large: 900) }

/// Completion in a 900-scene app.
@MainActor
func languageServerCompletionRow(runs: Int) async throws -> Row {
    try await languageServerRow(
        "lsp: completion, 900 scenes", runs: runs, large: 900, target: .microseconds(5_000),
        a: "`scenery lsp`: completion after `@{response.` in a scene of the 900-scene app, request to answer"
    ) { try $0.complete() }
}

/// The server's peak memory on the 900-scene app, opened and edited 200 times, against
/// `scenery validate`'s on the same app.
@MainActor
func languageServerMemoryRow(runs: Int) async throws -> Row {
    let app = try GeneratedApp.write(largeApp(scenes: 891))
    defer { GeneratedApp.remove(app) }
    let (pid, _, _) = try spawn(try sceneryExecutable(), ["validate", app.path], pipes: false)
    let validate = try ownPeakMebibytes(waitingFor: pid)
    let session = try EditSession(app: app)
    for _ in 0..<200 { _ = try session.edit() }
    let server = try session.server.stop()
    let ratio = server / validate
    return Row(
        metric: "lsp: peak memory, 900 scenes", a: "`scenery lsp` on the 900-scene app, after opening a scene and 200 edits",
        b: "`scenery validate` on the same app", aText: String(format: "%.1f MiB", server), bText: String(format: "%.1f MiB", validate),
        aMedian: server, bMedian: validate, ratios: [ratio], target: .ratio(2), runs: 1)
}
