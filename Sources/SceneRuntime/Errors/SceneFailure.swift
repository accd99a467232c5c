import Foundation
import SceneManifest
import VIP

extension SceneDefinition {
    /// Any error as a ``RuntimeError`` of this scene: one that already is passes through;
    /// an expression failure is placed at its failing token, anything else at `offset`.
    /// `part` names where it happened when it is not a step (used only when nothing more exact is known).
    func runtimeError(
        _ error: any Error, useCase: String?, step: Int? = nil, stepType: String? = nil,
        part: String? = nil, offset: Int? = nil
    ) -> RuntimeError {
        if let error = error as? RuntimeError { return error }
        let failure = error as? RunFailure
        let evaluation = (error as? EvaluationError) ?? failure?.evaluation
        let code = evaluation?.code ?? failure?.code
        let message =
            evaluation?.message ?? failure?.message
            ?? (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        var position: SourcePosition?
        if let source {
            if let evaluation {
                position = source.position(of: evaluation, fallback: offset ?? offsets["scene"] ?? 0)
            } else if let offset {
                position = source.position(at: offset)
            }
        }
        return RuntimeError(
            code: code, message: message, scene: name, useCase: useCase, step: step,
            stepType: stepType, part: step == nil ? part : nil, position: position)
    }
}
