import LineRenderer
import SceneryCLI

/// `catalog`: the typed Catalog example, run headless from input lines like a JSON app.
enum CatalogCommand {
    static let usage = """
        USAGE: catalog [--script FILE] [--width N] [--strict]

        Runs the typed Swift Catalog module (Sources/Examples/Catalog) headless. Input lines:
        search [TEXT], open ROW, back, stack, help, quit; '#' starts a comment.

        OPTIONS:
          --script FILE   Read input lines from FILE instead of standard input
          --width N       Render frames N characters wide (12–500, default 60)
          --strict        Exit 1 on a bad input line
          --help          Show this help
        """

    /// Runs one command line (without the program name); returns the exit code.
    @MainActor
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        let specs: [Options.Spec] = [.value("--script"), .value("--width"), .flag("--strict")]
        let start = Options.start(arguments, specs: specs, usage: usage, console: console) { (options: Options) throws(UsageError) in
            guard options.positional.isEmpty else {
                throw UsageError("catalog takes no arguments besides its options", hint: "see 'catalog --help'")
            }
        }
        guard case let .run(options, _) = start else { return start.exitCode }
        do {
            let width = try options.integer("--width", in: 12...500) ?? LineRenderer.defaultWidth
            let input = try options.value("--script").map(LineSource.script(at:)) ?? .standardInput()
            var session = CatalogExampleSession(width: width, strict: options.flag("--strict"), console: console)
            return await session.run(input)
        } catch {
            console.error("\(error)")
            return ExitCode.usage
        }
    }
}
