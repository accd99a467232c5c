/// Static checks of a parsed expression: unknown roots, locals, fields and functions, and
/// wrong argument counts — all load-time errors, reported at the offending token.
public enum ExpressionChecker {
    public static func check(_ expression: Expression, in scope: ExpressionScope) -> [ExpressionError] {
        var errors: [ExpressionError] = []
        visit(expression, scope, &errors)
        return errors
    }

    private static func visit(_ expression: Expression, _ scope: ExpressionScope, _ errors: inout [ExpressionError]) {
        switch expression.kind {
        case .literal:
            break
        case let .list(items):
            for item in items { visit(item, scope, &errors) }
        case let .record(fields):
            for field in fields { visit(field.value, scope, &errors) }
        case let .name(name):
            checkName(name, at: expression.offset, scope, &errors)
        case let .member(base, field):
            guard case let .name(root) = base.kind else { return visit(base, scope, &errors) }
            // Each question asked once, the root's by its place: `root.field` is the commonest
            // node of all.
            if scope.isLocal(root) { return }
            guard scope.isRoot(root) else { return unknownName(root, at: base.offset, scope, &errors) }
            if let known = scope.rootFields[root], !known.contains(field) {
                errors.append(unknownField(root, field, known, at: expression.offset))
            }
        case let .index(base, index):
            visit(base, scope, &errors)
            visit(index, scope, &errors)
        case let .unary(_, operand):
            visit(operand, scope, &errors)
        case let .binary(_, left, right):
            visit(left, scope, &errors)
            visit(right, scope, &errors)
        case let .conditional(condition, then, otherwise):
            visit(condition, scope, &errors)
            visit(then, scope, &errors)
            visit(otherwise, scope, &errors)
        case let .call(name, arguments):
            if !scope.formatters.isEmpty, scope.formatters.contains(name) {
                if arguments.count != 1 {
                    errors.append(
                        ExpressionError(
                            .argumentCount, "formatter '\(name)' takes 1 argument, not \(arguments.count)", at: expression.offset))
                }
            } else if let arity = FunctionTable.functions[name] {
                if !arity.accepts(arguments.count) {
                    errors.append(
                        ExpressionError(
                            .argumentCount,
                            "'\(name)' takes \(arity) argument\(arity.minimum == 1 && arity.maximum == 1 ? "" : "s"), not \(arguments.count)",
                            at: expression.offset))
                }
            } else {
                // A built-in worker called as a function: say how workers are run.
                let hint =
                    BuiltInWorker(rawValue: name) != nil
                    ? "'\(name)' is a worker, not a function: run it in an interactor step, { \"type\": \"work\", \"worker\": \"\(name)\", \"input\": …, \"as\": … }, and read its local"
                    : didYouMean(name, FunctionTable.names + scope.formatters.sorted())
                errors.append(ExpressionError(.unknownFunction, "unknown function '\(name)'", at: expression.offset, hint: hint))
            }
            for argument in arguments { visit(argument, scope, &errors) }
        }
    }

    private static func checkName(_ name: String, at offset: Int, _ scope: ExpressionScope, _ errors: inout [ExpressionError]) {
        if scope.isLocalOrRoot(name) { return }
        unknownName(name, at: offset, scope, &errors)
    }

    /// The finding for a name that is neither a local nor a root available here.
    private static func unknownName(_ name: String, at offset: Int, _ scope: ExpressionScope, _ errors: inout [ExpressionError]) {
        if ExpressionScope.allRoots.contains(name) {
            let available = scope.roots.sorted().map { "'\($0)'" }.joined(separator: ", ")
            errors.append(
                ExpressionError(
                    .unavailableRoot, "'\(name)' is not available here", at: offset,
                    hint: "available here: \(available)"))
            return
        }
        let candidates = scope.roots.union(scope.locals)
        if name == "it" {
            errors.append(ExpressionError(.unknownName, "'it' is only bound inside per-item worker arguments", at: offset))
        } else {
            errors.append(
                ExpressionError(
                    .unknownName, "unknown name '\(name)'", at: offset,
                    hint: didYouMean(name, candidates) ?? "names here: \(candidates.sorted().map { "'\($0)'" }.joined(separator: ", "))"))
        }
    }

    private static func unknownField(_ root: String, _ field: String, _ known: Set<String>, at offset: Int) -> ExpressionError {
        let hint =
            didYouMean(field, known)
            ?? (known.isEmpty ? nil : "known: \(known.sorted().map { "'\($0)'" }.joined(separator: ", "))")
        switch root {
        case "request":
            return ExpressionError(
                .undeclaredRequestField, "request field '\(field)' is not declared", at: offset, hint: hint ?? "declare it under 'request'")
        case "vm":
            return ExpressionError(.unknownViewModelField, "no presenter produces 'vm.\(field)'", at: offset, hint: hint)
        default:
            return ExpressionError(.unknownField, "unknown field '\(root).\(field)'", at: offset, hint: hint)
        }
    }
}
