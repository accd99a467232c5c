import Foundation
import SceneManifest
import Testing

/// How the documented contract is held by checks (docs/contract.md): every check names the
/// doc section it checks with a `checks: docs/FILE.md#anchor` line; every anchor named
/// exists; every section of the reference docs is named by at least one check (or listed in
/// docs/contract.md as having no rule of its own); and every provider type, step type,
/// view component, route mode, expression function and diagnostic code is exercised by a
/// check — a contract case, or a Swift test that names a section.
// checks: docs/contract.md#how-the-checks-are-organised
@Suite struct ContractIndexTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let referenceDocs = [
        "docs/manifest.md", "docs/cli.md", "docs/testing.md", "docs/reliability.md", "docs/eject.md", "docs/explore.md"
    ]

    /// A check's text: a Swift test file or a contract case file.
    struct Check {
        let path: String
        let text: String
        /// The `docs/FILE.md#anchor` sections it names.
        let sections: [String]
    }

    static let checks: [Check] = {
        var found: [Check] = []
        let tests = root.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return [] }
        for case let relative as String in walker {
            guard
                relative.hasSuffix(".swift") || relative.hasSuffix(".transcript") || relative.hasSuffix(".json")
                    || relative.hasSuffix("findings.txt"),
                !relative.hasPrefix("Fuzz/Seeds"), !relative.contains("/Fixtures/"),
                let text = try? String(contentsOf: tests.appendingPathComponent(relative), encoding: .utf8)
            else { continue }
            found.append(Check(path: "Tests/" + relative, text: text, sections: sections(in: text)))
        }
        return found
    }()

    /// The sections a text names: `checks: docs/manifest.md#providers`, one per line.
    static func sections(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /(?:\/\/|#) checks: (docs\/[a-z]+\.md#[a-z0-9_-]+)\s*$/) else { return nil }
            return String(match.1)
        }
    }

    /// The text of the files of contract cases, and of Swift tests that name a section.
    static let exercising: [String] = {
        checks.filter { $0.path.contains("/Contract/") || !$0.sections.isEmpty }.map(\.text)
    }()

    /// GitHub's anchor for a heading: lowercased, punctuation but `-` and `_` dropped,
    /// spaces made `-`.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
                if scalar == " " { return "-" }
                if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
                return nil
            })
    }

    /// The `##` and `###` sections of a doc, as `docs/FILE.md#anchor`.
    static func headings(of doc: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)
        var inCode = false
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("## ") || line.hasPrefix("### ") else { continue }
            result.append("\(doc)#" + anchor(String(line.drop { $0 == "#" }.dropFirst())))
        }
        return result
    }

    /// Sections docs/contract.md lists as having no rule of their own: `- docs/FILE.md#anchor — why`.
    static func exempt() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/contract.md"), encoding: .utf8)
        let part = text.components(separatedBy: "## Sections without a rule of their own").dropFirst().first ?? ""
        return Set(
            part.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("- `docs/") else { return nil }
                return String(line.dropFirst(3).prefix { $0 != "`" })
            })
    }

    @Test func everyNamedSectionExists() throws {
        let docs = Set(Self.checks.flatMap(\.sections).map { String($0.prefix { $0 != "#" }) })
        var known: Set<String> = []
        for doc in docs { known.formUnion(try Self.headings(of: doc)) }
        for check in Self.checks {
            for section in check.sections where !known.contains(section) {
                Issue.record("\(check.path) names \(section), which is no section of the docs")
            }
        }
    }

    @Test func everySectionOfTheReferenceHasACheck() throws {
        let named = Set(Self.checks.flatMap(\.sections))
        let exempt = try Self.exempt()
        for doc in Self.referenceDocs {
            for section in try Self.headings(of: doc) where !named.contains(section) && !exempt.contains(section) {
                Issue.record(
                    "no check names \(section): add one (a contract case or a test with 'checks: \(section)'), or list it in docs/contract.md"
                )
            }
        }
        for section in exempt where named.contains(section) {
            Issue.record("\(section) has checks; take it off docs/contract.md's list of sections without a rule")
        }
    }

    @Test func everyProviderStepComponentAndRouteModeIsExercised() {
        let text = Self.exercising
        func used(_ key: String, _ word: String) -> Bool {
            text.contains { $0.contains("\"\(key)\": \"\(word)\"") || $0.contains("\"\(key)\":\"\(word)\"") }
        }
        for word in ProviderDefinition.typeNames + Step.typeNames + ComponentDefinition.typeNames where !used("type", word) {
            Issue.record("no check uses type '\(word)'")
        }
        for mode in RouteMode.allCases.map(\.rawValue) where !used("mode", mode) {
            Issue.record("no check uses route mode '\(mode)'")
        }
    }

    /// Called inside an expression (`@{… name(…) …}`, or piped: `| name`), not merely named.
    @Test func everyFunctionIsExercised() throws {
        let expressions = Self.exercising.flatMap { $0.matches(of: /@\{[^}]*\}/).map { String($0.0) } }
        for name in FunctionTable.names {
            let call = try Regex("(^|[^A-Za-z0-9_.])\(name)\\s*\\(|\\|\\s*\(name)\\b")
            if !expressions.contains(where: { $0.contains(call) }) {
                Issue.record("no check calls '\(name)()' in an expression")
            }
        }
    }

    /// Every option in cli.md's tables (`| `--scene NAME` | …`), but those it marks internal.
    @Test func everyCommandLineOptionIsExercised() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let options = text.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^\| `(--[a-z-]+)[^|]*\| (.*)$/), !match.2.hasPrefix("internal") else { return nil }
            return String(match.1)
        }
        #expect(Set(options).count >= 30)
        for option in Set(options) where !Self.exercising.contains(where: { $0.contains("\"\(option)\"") || $0.contains("\(option) ") }) {
            Issue.record("no check uses the option '\(option)' of docs/cli.md")
        }
    }

    /// Every API testing.md's tables name (`send(_:)`, `assertLines`, `exhaustivity = .off`)
    /// is called by a check.
    @Test func everyTestKitAPIIsExercised() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for match in cell.matches(of: /`([A-Za-z]+)/) { names.insert(String(match.1)) }
        }
        #expect(names.count >= 19, "\(names.sorted())")
        for name in names where !Self.exercising.contains(where: { $0.contains(".\(name)") || $0.contains("\(name)(") }) {
            Issue.record("no check uses '\(name)' of docs/testing.md")
        }
    }

    /// Expected in a contract case's output (findings.txt or a transcript), or listed in
    /// docs/contract.md with the test that checks it (a code no small app can give).
    @Test func everyDiagnosticCodeIsExercised() throws {
        let outputs = Self.checks.filter { $0.path.contains("/Contract/") && !$0.path.hasSuffix(".json") }.map(\.text)
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/contract.md"), encoding: .utf8)
        var elsewhere: [String: String] = [:]
        for match in text.matches(of: /- `([EW]\d{3})` — [^`]*`(Tests\/[^`]+\.swift)`/) { elsewhere[String(match.1)] = String(match.2) }
        for code in DiagnosticCode.all.map(\.rawValue) where !outputs.contains(where: { $0.contains(code) }) {
            guard let file = elsewhere[code] else {
                Issue.record("no contract case expects \(code): add it to a case's findings.txt or transcript")
                continue
            }
            let test = try? String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            #expect(test?.contains(code) == true, "docs/contract.md says \(file) checks \(code)")
        }
    }
}
