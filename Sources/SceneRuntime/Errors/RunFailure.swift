import Foundation
import SceneManifest

/// Why running an app could not go on — a step, a provider, a presenter, the app's start —
/// told by its message and code before it is placed: whoever catches it (the interactor, the
/// scene, the app) turns it into a ``RuntimeError`` that names the scene, use case, step or
/// part, and position, where there is one.
struct RunFailure: Error, LocalizedError {
    let message: String
    /// E5xx when the manifest is at fault; nil for a message meant for the app's user.
    var code: DiagnosticCode?
    /// The expression failure behind it, whose position is more exact than the step's.
    var evaluation: EvaluationError?

    init(_ message: String, code: DiagnosticCode? = nil) {
        self.message = message
        self.code = code
    }

    init(_ error: EvaluationError) {
        self.init(error.message, code: error.code)
        evaluation = error
    }

    var errorDescription: String? { code.map { "\(message) (\($0))" } ?? message }
}
