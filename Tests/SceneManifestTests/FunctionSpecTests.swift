import Foundation
import Testing

@testable import SceneManifest

/// Each function is declared once (``FunctionTable/specs``) and everything else reads that
/// declaration: the evaluator implements every declared name, static types follow its
/// result, and the docs table has its row (``FunctionTableDocsTests``).
// checks: docs/manifest.md#functions
@Suite struct FunctionSpecTests {
    @Test(arguments: FunctionTable.names)
    func theEvaluatorImplementsEveryDeclaredFunction(name: String) throws {
        let arity = try #require(FunctionTable.specs[name]?.arity)
        let context = EvaluationContext(format: FormatContext(locale: "en_US", currency: "USD"))
        let call = "@{\(name)(\((0..<arity.minimum).map { _ in "'1'" }.joined(separator: ", ")))}"
        // A wrong argument is fine here; falling through to the app's formatters is not.
        if case let .failure(error) = Evaluator.evaluate(try ExpressionParser.template(call), in: context) {
            #expect(!error.message.contains("no formatter"), "\(call): \(error.message)")
        }
    }

    @Test(arguments: FunctionTable.names)
    func staticTypesFollowTheDeclaredResult(name: String) throws {
        let spec = try #require(FunctionTable.specs[name])
        let scene = SceneDefinition(name: "Main", title: nil, args: [], state: [], useCases: [], view: nil, onAppear: [], onResult: nil)
        let types = StaticTypes(app: nil, scene: scene)
        let arguments = (0..<spec.arity.minimum).map { _ in "[1, 2]" }.joined(separator: ", ")
        let expression = try #require(try ExpressionParser.template("@{\(name)(\(arguments))}").single)
        let inferred = types.infer(expression, useCase: nil, locals: [:])
        switch spec.result {
        case let .type(type): #expect(inferred == type)
        // A list literal's type is not known, so neither is its item's nor its own.
        case .firstArgument, .itemOfFirstArgument, .itemOrArgument, .firstOrFallback: #expect(inferred == nil)
        }
    }

    @Test func everySummaryStartsWithItsCall() {
        for (name, spec) in FunctionTable.specs {
            #expect(spec.summary.hasPrefix("\(name)("), "\(name): \(spec.summary)")
        }
    }
}
