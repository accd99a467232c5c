import Foundation
import ScenerySupport

/// A JUnit XML report of a test run, as GitHub, GitLab and Jenkins read them: one
/// `<testsuite>` per transcript folder, one `<testcase>` per transcript with its time, a
/// `<failure>` holding the reason and the diff as text.
///
/// Nothing in it depends on the clock but the times, so two runs of a suite differ only
/// there. The shard, when there is one, is a property of every suite.
struct JUnitReport {
    let results: [TranscriptResult]
    let shard: Shard?

    var xml: String {
        let suites = Dictionary(grouping: results) { folder(of: $0.path) }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let failures = results.filter { $0.outcome == .failed }.count
        lines.append(
            "<testsuites name=\"scenery test\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(Self.seconds(results.map(\.seconds).reduce(0, +)))\">"
        )
        for folder in suites.keys.sorted() {
            let cases = suites[folder] ?? []
            let failed = cases.filter { $0.outcome == .failed }.count
            lines.append(
                "  <testsuite name=\"\(XMLText.escaped(folder))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(cases.map(\.seconds).reduce(0, +)))\">"
            )
            if let shard {
                lines.append("    <properties>")
                lines.append("      <property name=\"shard\" value=\"\(shard)\"/>")
                lines.append("    </properties>")
            }
            for result in cases {
                let name = XMLText.escaped(PathText.baseName(of: result.path))
                let attributes =
                    "name=\"\(name)\" classname=\"\(XMLText.escaped(folder))\" file=\"\(XMLText.escaped(result.path))\" time=\"\(Self.seconds(result.seconds))\""
                guard result.outcome == .failed else {
                    lines.append("    <testcase \(attributes)/>")
                    continue
                }
                lines.append("    <testcase \(attributes)>")
                let reason = result.reason ?? "failed"
                let body = [reason, result.diff].compactMap { $0 }.joined(separator: "\n")
                lines.append("      <failure message=\"\(XMLText.escaped(reason))\" type=\"transcript\">\(XMLText.escaped(body))</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A suite is a folder of transcripts; `.` for transcripts named without one.
    private func folder(of path: String) -> String {
        let parent = PathText.parent(of: path)
        return parent.isEmpty ? "." : parent
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
}
