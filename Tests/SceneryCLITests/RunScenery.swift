import SceneryCLI

/// `scenery ARGUMENTS`, run in process with its exit code and both streams captured: what
/// the command tests of each subcommand wrap.
@MainActor
func runScenery(_ arguments: [String], executable: String? = nil) async -> (code: Int32, out: String, error: String) {
    let captured = CapturedConsole()
    let code = await SceneryCommand.run(arguments, console: captured.console, executable: executable)
    return (code, captured.out, captured.error)
}
