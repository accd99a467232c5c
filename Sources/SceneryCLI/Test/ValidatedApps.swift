import SceneManifest

/// The apps a test run has validated, by path: transcripts of one app share one validation
/// instead of each validating every scene again. The apps do not change while a run
/// lasts (`--update` rewrites transcripts, never manifests).
@MainActor
final class ValidatedApps {
    private var reports: [String: ValidationReport] = [:]

    func report(for path: String) -> ValidationReport {
        if let report = reports[path] { return report }
        let report = Validator.validate(path: path)
        reports[path] = report
        return report
    }
}
