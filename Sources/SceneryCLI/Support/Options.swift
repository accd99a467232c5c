/// A small parser for `--name value`, `--name=value` and `--flag` options plus positional
/// arguments; unknown options are usage errors with a did-you-mean.
package struct Options {
    package struct Spec {
        let name: String
        let takesValue: Bool
        let repeatable: Bool

        package static func flag(_ name: String) -> Spec { Spec(name: name, takesValue: false, repeatable: false) }
        package static func value(_ name: String, repeatable: Bool = false) -> Spec {
            Spec(name: name, takesValue: true, repeatable: repeatable)
        }
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
        _ arguments: [String], specs: [Spec], usage: String, console: Console,
        prepare: (Options) throws(UsageError) -> Prepared
    ) -> CommandStart<Prepared> {
        do throws(UsageError) {
            let options = try Options(arguments, specs: [.flag("--help")] + specs)
            if options.flag("--help") {
                console.line(usage)
                return .exit(ExitCode.success)
            }
            return .run(options, try prepare(options))
        } catch {
            console.error("\(error)")
            return .exit(ExitCode.usage)
        }
    }
}
