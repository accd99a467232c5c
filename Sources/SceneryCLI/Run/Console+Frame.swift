import LineRenderer
import SceneManifest

extension Console {
    /// Prints a validation's findings on standard error, and under `--format json` also as
    /// `{"finding": …}` lines among the frames, as `run` does at start and on a reload.
    func findings(_ diagnostics: [Diagnostic], json: Bool) {
        for diagnostic in diagnostics {
            if json { self.json(#"{"finding":\#(DiagnosticJSON.object(diagnostic))}"#) }
            error(diagnostic.description, as: .diagnostic)
        }
    }

    /// Prints a frame: the components rendered to lines, the error banner (`! …`) in its
    /// colour when standard output is a terminal.
    package func frame(_ components: [Component], renderer: LineRenderer) {
        blocks(
            components.map { component in
                if case .error = component { (renderer.render(component), .banner) } else { (renderer.render(component), .plain) }
            })
    }
}
