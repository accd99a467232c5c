import Foundation
import SceneManifest
import Testing

/// Found by the expression fuzz target: `date()` evaluated without the checker trapped on a
/// missing argument. Every built-in called with too few or too many arguments is an error.
@Suite struct UncheckedCallTests {
    @Test(arguments: FunctionTable.names)
    func aWrongArgumentCountIsAnErrorNotATrap(name: String) throws {
        let arity = try #require(FunctionTable.functions[name])
        let context = EvaluationContext(format: FormatContext(locale: "en_US", currency: "USD"))
        var counts = [0, arity.minimum - 1].filter { $0 >= 0 && !arity.accepts($0) }
        if let maximum = arity.maximum { counts.append(maximum + 1) }
        for count in counts {
            let call = "@{\(name)(\((0..<count).map { _ in "1" }.joined(separator: ", ")))}"
            let outcome = Evaluator.evaluate(try ExpressionParser.template(call), in: context)
            guard case let .failure(error) = outcome else {
                Issue.record("\(call) gave \(outcome)")
                continue
            }
            #expect(error.message.hasPrefix("\(name): takes \(arity) argument"), "\(call): \(error.message)")
        }
    }
}
