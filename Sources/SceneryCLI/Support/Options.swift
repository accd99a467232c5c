/// A small parser for `--name value`, `--name=value` and `--flag` options plus positional
/// arguments; unknown options are usage errors with a did-you-mean.
package struct Options {
    /// One option, declared once: the parser, the usage text's OPTIONS and what a recording
    /// keeps all read it.
    package struct Spec {
        let name: String
        let takesValue: Bool
        let repeatable: Bool
        /// What its value looks like in the usage text: `NAME`, `K=V`, `full|diff`.
        var placeholder: String?
        /// Its lines in the usage text's OPTIONS, wrapped as they print; none for an option
        /// only Scenery itself passes (a worker process's `--worker`).
        var help: [String] = []
        /// Whether it shapes a run's output, so a recording keeps it in its `# args:`.
        var recorded = false

        package static func flag(_ name: String, help: [String] = [], recorded: Bool = false) -> Spec {
            Spec(name: name, takesValue: false, repeatable: false, help: help, recorded: recorded)
        }
        package static func value(
            _ name: String, _ placeholder: String? = nil, repeatable: Bool = false, help: [String] = [], recorded: Bool = false
        ) -> Spec {
            Spec(name: name, takesValue: true, repeatable: repeatable, placeholder: placeholder, help: help, recorded: recorded)
        }
    }

    /// The OPTIONS block of a usage text: each documented option's name and placeholder, its
    /// help starting at `column` (on a line of its own when the name reaches it), then `--help`.
    package static func help(_ specs: [Spec], column: Int) -> String {
        var lines: [String] = []
        for spec in specs + [.flag("--help", help: ["Show this help"])] where !spec.help.isEmpty {
            let head = "  " + spec.name + (spec.placeholder.map { " " + $0 } ?? "")
            let indent = String(repeating: " ", count: column)
            if head.count < column {
                lines.append(head + String(repeating: " ", count: column - head.count) + spec.help[0])
                lines += spec.help.dropFirst().map { indent + $0 }
            } else {
                lines.append(head)
                lines += spec.help.map { indent + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The options among `specs` given here that a recording keeps, as arguments: values,
    /// then repeated values, then flags, each in the order declared.
    package func recorded(_ specs: [Spec]) -> [String] {
        let kept = specs.filter(\.recorded)
        var result: [String] = []
        for spec in kept where spec.takesValue && !spec.repeatable { if let value = value(spec.name) { result += [spec.name, value] } }
        for spec in kept where spec.repeatable { for value in all(spec.name) { result += [spec.name, value] } }
        for spec in kept where !spec.takesValue && flag(spec.name) { result.append(spec.name) }
        return result
    }

    package private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]

    package init(_ arguments: [String], specs: [Spec]) throws(UsageError) {
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--"), argument.count > 2 else {
                positional.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            guard let spec = byName[name] else {
                throw UsageError.unknown("option", name, choices: specs.map(\.name).sorted())
            }
            var value = ""
            if spec.takesValue {
                if parts.count == 2 {
                    value = parts[1]
                } else if index < arguments.count {
                    value = arguments[index]
                    // `--script --state-dir st7`: the value was left out, and the next
                    // option is not it (a value that starts with `--` is given as `--x=--y`).
                    if value.hasPrefix("--"), value.count > 2, byName[String(value.split(separator: "=", maxSplits: 1)[0])] != nil {
                        throw UsageError("option '\(name)' needs a value, but '\(value)' is an option", hint: "give it as '\(name) VALUE'")
                    }
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
            } else if parts.count == 2 {
                throw UsageError("option '\(name)' takes no value")
            }
            if !spec.repeatable, values[name] != nil { throw UsageError("option '\(name)' is given twice") }
            values[name, default: []].append(value)
        }
    }

    package func flag(_ name: String) -> Bool { values[name] != nil }
    package func value(_ name: String) -> String? { values[name]?.last }
    package func all(_ name: String) -> [String] { values[name] ?? [] }

    /// An integer option within `range`.
    package func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '\(name)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// An option whose value must be one of `choices`.
    package func choice(_ name: String, in choices: [String]) throws(UsageError) -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else { throw UsageError.unknown("value for '\(name)'", text, choices: choices) }
        return text
    }
}

/// How a subcommand starts: with its options and what it prepared from them, or with an
/// exit code (its help was printed, or a usage mistake was).
package enum CommandStart<Prepared> {
    case run(Options, Prepared)
    case exit(Int32)

    /// The code to exit with when the command does not run (success when it would).
    package var exitCode: Int32 {
        if case let .exit(code) = self { return code }
        return ExitCode.success
    }
}

extension Options {
    /// The one opening of every subcommand: parses `arguments` (`--help` is always accepted
    /// and prints `usage`), then lets `prepare` check the rest and derive values; any usage
    /// mistake goes to standard error with exit code 2.
    package static func start<Prepared>(
        _ arguments: [String], specs: [Spec], usage: @autoclosure () -> String, console: Console,
        prepare: (Options) throws(UsageError) -> Prepared
    ) -> CommandStart<Prepared> {
        do throws(UsageError) {
            let options = try Options(arguments, specs: [.flag("--help")] + specs)
            if options.flag("--help") {
                console.line(usage())
                return .exit(ExitCode.success)
            }
            return .run(options, try prepare(options))
        } catch {
            console.error("\(error)")
            return .exit(ExitCode.usage)
        }
    }
}
