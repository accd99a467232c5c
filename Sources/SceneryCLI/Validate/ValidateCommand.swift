import SceneManifest
import ScenerySupport

/// `scenery validate PATH...`: every finding in every manifest, at `file:line:column`.
enum ValidateCommand {
    static let usage = """
        USAGE: scenery validate PATH... [--format text|json] [--strict]

        Checks apps (folders with an app.json) and single scene files. Every finding is
        printed at file:line:column with its code, in file order; exit code 1 when there are
        errors (or warnings, under --strict), 0 when clean. Findings go to standard error,
        coloured on a terminal; "no problems found" goes to standard output.

        OPTIONS:
          --format text|json   Findings as text on standard error (default), or as a JSON
                               array on standard output
          --strict             Treat warnings as errors
          --help               Show this help
        """

    static func run(_ arguments: [String], console: Console) -> Int32 {
        let start = Options.start(arguments, specs: [.value("--format"), .flag("--strict")], usage: usage, console: console) {
            (options: Options) throws(UsageError) -> String in
            let format = try options.choice("--format", in: ["text", "json"]) ?? "text"
            guard !options.positional.isEmpty else {
                throw UsageError("no path to validate", hint: "give an app folder or a scene file: 'scenery validate Scenes/Shop'")
            }
            return format
        }
        guard case let .run(options, format) = start else { return start.exitCode }
        var diagnostics: [Diagnostic] = []
        for path in options.positional {
            let report = Validator.validate(path: path)
            diagnostics.append(adopting: report.diagnostics)
            // The program exits next, which frees the reports at once (with several paths,
            // all of them are held till then): freeing each one's definitions one by one was a
            // tenth of the run. A test calling the command frees them as usual.
            if SceneryCommand.isProgram.withLock({ $0 }) { UntilExit.keep(report) }
        }
        let strict = options.flag("--strict")
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        if format == "json" {
            console.json(DiagnosticJSON.render(diagnostics))
        } else if diagnostics.isEmpty {
            console.line(summary(errors: 0, warnings: 0, paths: options.positional), as: .success)
        } else {
            console.errors(diagnostics.map(\.description))
            console.error(summary(errors: errors, warnings: warnings, paths: options.positional), as: .plain)
        }
        return errors > 0 || (strict && warnings > 0) ? ExitCode.findings : ExitCode.success
    }

    static func summary(errors: Int, warnings: Int, paths: [String]) -> String {
        if errors == 0 && warnings == 0 { return "\(paths.joined(separator: ", ")): no problems found" }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(errors, "error")), \(count(warnings, "warning"))"
    }
}
