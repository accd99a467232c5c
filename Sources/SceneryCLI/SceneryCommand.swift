import Foundation
import SceneRuntime

/// The `scenery` command line as a library: the executable is one call to ``main()``, and an
/// app with Swift components can build its own small executable around ``run(_:console:)``.
public enum SceneryCommand {
    public static let version = "0.1.0"

    static let subcommands = ["run", "validate", "test", "new", "generate", "graph"]

    static let usage = """
        OVERVIEW: Scenery runs and tests VIP/YARCH scenes headless.

        USAGE: scenery <subcommand> [options]

        SUBCOMMANDS:
          run          Run an app's scenes headless, interactively or from a script
          validate     Check apps and scene files; every finding at file:line:column
          test         Run transcript tests; a unified diff for each failure
          new          Create a scene: 'new scene NAME [--in APP] [--swift]'
          graph        Draw how an app's scenes connect, as Mermaid or dot
          generate     Generate Swift DataFlow types from a scene: 'generate swift SCENE.json'

        OPTIONS:
          --help       Show help; 'scenery <subcommand> --help' for a subcommand
          --version    Show the version
        """

    /// Runs with the process's arguments and exits with the command's exit code.
    /// - Parameter registry: the Swift components of the app, for an app's own executable.
    @MainActor
    public static func main(registry: SceneRegistry = SceneRegistry()) async -> Never {
        let code = await run(Array(CommandLine.arguments.dropFirst()), console: .standard, registry: registry)
        exit(code)
    }

    /// Runs one command line (without the program name).
    /// - Returns: the exit code: 0 success, 1 findings or failures, 2 usage.
    @MainActor
    public static func run(_ arguments: [String], console: Console, registry: SceneRegistry = SceneRegistry()) async -> Int32 {
        guard let first = arguments.first else {
            console.error(usage)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h", "help":
            console.line(usage)
            return ExitCode.success
        case "--version":
            console.line("scenery \(version)")
            return ExitCode.success
        case "run":
            return await RunCommand.run(Array(arguments.dropFirst()), console: console, registry: registry)
        case "test":
            return await TestCommand.run(Array(arguments.dropFirst()), console: console, registry: registry)
        case "new":
            return NewSceneCommand.run(Array(arguments.dropFirst()), console: console)
        case "generate":
            return GenerateCommand.run(Array(arguments.dropFirst()), console: console)
        case "graph":
            return GraphCommand.run(Array(arguments.dropFirst()), console: console)
        case "validate":
            return ValidateCommand.run(Array(arguments.dropFirst()), console: console)
        default:
            console.error(UsageError.unknown("subcommand", first, choices: subcommands).description)
            return ExitCode.usage
        }
    }
}

/// The exit codes of every subcommand.
enum ExitCode {
    static let success: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}
