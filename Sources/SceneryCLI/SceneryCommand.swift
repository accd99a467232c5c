import Foundation
import SceneRuntime
import ScenerySupport
import VIP

/// The `scenery` command line as a library: the executable is one call to ``main()``, and an
/// app with Swift components can build its own small executable around ``run(_:console:)``.
public enum SceneryCommand {
    public static let version = "0.1.0"

    static let subcommands = ["run", "validate", "test", "explore", "new", "generate", "eject", "graph", "lsp", "help", "version"]

    static let usage = """
        OVERVIEW: Scenery runs and tests VIP/YARCH scenes headless.

        USAGE: scenery <subcommand> [options]

        SUBCOMMANDS:
          run          Run an app's scenes headless, interactively or from a script
          validate     Check apps and scene files; every finding at file:line:column
          test         Run transcript tests; a unified diff for each failure
          explore      Walk an app by itself; each failure found as a shortest transcript
          new          Create an app or a scene: 'new app NAME', 'new scene NAME [--in APP] [--swift]'
          graph        Draw how an app's scenes connect, as Mermaid or dot
          generate     Generate Swift DataFlow types from a scene: 'generate swift SCENE.json'
          eject        Write scenes as a typed Swift module that runs in their place: 'eject APP SCENE...'
          lsp          Serve the Language Server Protocol to an editor, over stdio
          help         Show this help, or a subcommand's: 'help run'
          version      Show the version

        OPTIONS:
          --help       Show help; 'scenery help <subcommand>' or 'scenery <subcommand> --help'
          --version    Show the version
        """

    /// Each subcommand's help, for `scenery help SUBCOMMAND`.
    static let helps: [String: String] = [
        "run": RunCommand.usage, "validate": ValidateCommand.usage, "test": TestCommand.usage, "explore": ExploreCommand.usage,
        "new": NewCommand.usage,
        "lsp": LSPCommand.usage,
        "generate": GenerateCommand.usage, "eject": EjectCommand.usage, "graph": GraphCommand.usage, "help": helpUsage,
        "version": versionUsage
    ]

    static let helpUsage = """
        USAGE: scenery help [SUBCOMMAND]

        Shows the overview, or the help of SUBCOMMAND (the same as 'scenery SUBCOMMAND --help').
        """

    static let versionUsage = """
        USAGE: scenery version | scenery --version

        Shows the version of Scenery.
        """

    /// Runs with the process's arguments and exits with the command's exit code.
    /// - Parameter registry: the Swift components of the app, for an app's own executable.
    @MainActor
    public static func main(registry: SceneRegistry = SceneRegistry()) async -> Never {
        isProgram.withLock { $0 = true }
        let code = await run(
            Array(CommandLine.arguments.dropFirst()), console: .standard, registry: registry,
            executable: Bundle.main.executablePath)
        exit(code)
    }

    /// Whether this process is Scenery's program (or an app's own) rather than a process that
    /// calls ``run(_:console:registry:executable:)``, such as a test: only the program may
    /// end the process, as `scenery test` does when an app holds the main thread for good.
    static let isProgram = Locked(false)

    /// Runs one command line (without the program name).
    /// - Returns: the exit code: 0 success, 1 findings or failures, 2 usage.
    @MainActor
    /// - Parameter executable: this program's path, for `test --jobs` to start as workers;
    ///   without it, transcripts run one at a time in this process.
    public static func run(
        _ arguments: [String], console: Console, registry: SceneRegistry = SceneRegistry(),
        executable: String? = nil
    ) async -> Int32 {
        guard let first = arguments.first else {
            console.error(usage, as: .plain)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            console.line(usage)
            return ExitCode.success
        case "help":
            return help(rest, console: console)
        case "--version", "version":
            if rest.first == "--help" {
                console.line(versionUsage)
                return ExitCode.success
            }
            guard rest.isEmpty else { return usageError(UsageError("'\(first)' takes no arguments"), console) }
            console.line("scenery \(version)")
            return ExitCode.success
        case "run":
            return await RunCommand.run(rest, console: console, registry: registry)
        case "test":
            return await TestCommand.run(rest, console: console, registry: registry, executable: executable)
        case "explore":
            return await ExploreCommand.run(rest, console: console, registry: registry, executable: executable)
        case "new":
            return await NewCommand.run(rest, console: console, registry: registry)
        case "generate":
            return GenerateCommand.run(rest, console: console)
        case "eject":
            return await EjectCommand.run(rest, console: console, registry: registry)
        case "graph":
            return GraphCommand.run(rest, console: console)
        case "lsp":
            return LSPCommand.run(rest, console: console)
        case "validate":
            return ValidateCommand.run(rest, console: console)
        default:
            if first.hasPrefix("-") {
                // Short forms people try out of habit (-v, -V, -version) name the long one.
                let long = ["v": "--version", "V": "--version", "version": "--version", "help": "--help"][String(first.drop { $0 == "-" })]
                let hint =
                    long.map(Suggestions.didYouMean) ?? Suggestions.didYouMean(first, in: ["--help", "--version"])
                    ?? "choose one of: --help, --version, or a subcommand"
                return usageError(UsageError("unknown option '\(first)'", hint: hint), console)
            }
            return usageError(UsageError.unknown("subcommand", first, choices: subcommands), console)
        }
    }

    /// `scenery help [SUBCOMMAND]`.
    private static func help(_ arguments: [String], console: Console) -> Int32 {
        guard let name = arguments.first else {
            console.line(usage)
            return ExitCode.success
        }
        guard arguments.count == 1 else {
            return usageError(UsageError("help takes one subcommand", hint: "as in 'scenery help run'"), console)
        }
        guard let text = name == "--help" ? helpUsage : helps[name] else {
            return usageError(UsageError.unknown("subcommand", name, choices: subcommands), console)
        }
        console.line(text)
        return ExitCode.success
    }

    private static func usageError(_ error: UsageError, _ console: Console) -> Int32 {
        console.error(error.description)
        return ExitCode.usage
    }
}

/// The exit codes of every subcommand.
package enum ExitCode {
    package static let success: Int32 = 0
    package static let findings: Int32 = 1
    package static let usage: Int32 = 2
}
