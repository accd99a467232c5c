import Foundation

@testable import SceneryCLI

/// `scenery ARGUMENTS`, run in process with its exit code and both streams captured: what
/// the command tests of each subcommand wrap.
@MainActor
func runScenery(_ arguments: [String], executable: String? = nil) async -> (code: Int32, out: String, error: String) {
    let captured = CapturedConsole()
    // Hermetic by construction: a run that names no state folder of its own gets a scratch
    // one, never the user's default folder (docs/contract.md#hermetic-checks).
    var arguments = arguments
    let keepsState = ["--state-dir", "--record", "--state-from", "--help"].contains { option in
        arguments.contains { $0 == option || $0.hasPrefix(option + "=") }
    }
    if arguments.first == "run", !keepsState {
        arguments += [
            "--state-dir", scratchFolder.appendingPathComponent("scenery-state-\(UUID().uuidString)").path
        ]
    }
    // A transcript's default 30 s is for a user's run; a test process on two busy cores can
    // hold a tiny transcript back longer than that. Tests of the timeout name their own.
    if arguments.first == "test", !arguments.contains(where: { $0.hasPrefix("--timeout") || $0 == "--help" }) {
        arguments += ["--timeout", "600"]
    }
    let code = await SceneryCommand.run(arguments, console: captured.console, executable: executable)
    return (code, captured.out, captured.error)
}

/// `scenery ARGUMENTS` in process, with Package.swift looked for in `packageFolder` (nil: a
/// folder that has none) rather than in the working directory — this repository, whose
/// Package.swift `new scene --swift` would edit.
@MainActor
func runScenery(_ arguments: [String], packageFolder: String?) async -> (code: Int32, out: String, error: String) {
    let folder = packageFolder ?? scratchFolder.appendingPathComponent("scenery-no-package").path
    return await NewCommand.$packageFolder.withValue(folder) { await runScenery(arguments) }
}
