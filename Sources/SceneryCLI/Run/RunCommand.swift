/// `scenery run`: runs a module headless, reading action lines from a script or standard
/// input and printing a frame after each.
enum RunCommand {
    static let examples = ["catalog"]

    static let usage = """
        USAGE: scenery run --example NAME [--script FILE] [--width N] [--strict]

        Runs a module headless. Lines are 'ACTION [ARGS]'; 'help' lists them. When input is
        not a terminal, each line is echoed as '> line' before the frame it produces, so a
        scripted run's output reads as a transcript.

        OPTIONS:
          --example NAME   The typed Swift example to run: \(examples.joined(separator: ", "))
          --script FILE    Read input lines from FILE instead of standard input
          --width N        Render frames N characters wide (12–500, default 60)
          --strict         Exit 1 on the first bad input line or error
          --help           Show this help
        """

    @MainActor
    static func run(_ arguments: [String], console: Console) async -> Int32 {
        do {
            let options = try Options(arguments, specs: [
                .flag("--help"), .value("--example"), .value("--script"), .value("--width"), .flag("--strict"),
            ])
            if options.flag("--help") {
                console.line(usage)
                return ExitCode.success
            }
            if let path = options.positional.first {
                throw UsageError(
                    "cannot run '\(path)': JSON apps need the scene runtime, which this build does not include yet",
                    hint: "run the typed example with 'scenery run --example catalog'")
            }
            guard let example = try options.choice("--example", in: examples) else {
                throw UsageError("nothing to run", hint: "run the typed example with 'scenery run --example catalog'")
            }
            let width = try options.integer("--width", in: 12...500) ?? 60
            let input = try options.value("--script").map(LineSource.script(at:)) ?? .standardInput()
            switch example {
            default:
                var session = CatalogExampleSession(width: width, strict: options.flag("--strict"), console: console)
                return await session.run(input)
            }
        } catch {
            console.error("\(error)")
            return ExitCode.usage
        }
    }
}
