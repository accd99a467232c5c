/// Finds reads of fields a model does not have — `p.nmae` where `p` is a `Product` — which
/// would otherwise be null at run time without a word. Types come from ``StaticTypes``:
/// declared fields, locals bound from typed providers and workers, `it` in per-item
/// arguments, and the locals of a presenter's `each`.
///
/// A class: each expression node's visit captures the check, and copying a struct holding
/// the definitions would retain every field of them per node.
final class ModelFieldCheck {
    let app: AppDefinition
    let scene: SceneDefinition
    let reader: ManifestReader
    let sceneTypes: SceneTypes

    init(app: AppDefinition, scene: SceneDefinition, reader: ManifestReader, types: SceneTypes) {
        self.app = app
        self.scene = scene
        self.reader = reader
        sceneTypes = types
    }

    func run() {
        let types = sceneTypes.types
        for (name, useCase) in scene.useCases {
            let locals = sceneTypes.locals(of: name)
            for step in useCase.everyStep {
                if let condition = step.condition { check(condition, types, useCase, locals) }
                if let fallback = step.recovery?.fallback { check(fallback, types, useCase, locals) }
                checkTemplates(of: step.kind, types, useCase, locals)
            }
            for (_, value) in useCase.response ?? [] { check(value, types, useCase, locals) }
            guard case let .fields(fields)? = useCase.presenter else { continue }
            var presenterTypes = types
            presenterTypes.response = types.responseTypes(of: useCase, locals: locals)
            for (_, field) in fields {
                switch field {
                case let .value(value):
                    check(value, presenterTypes, useCase, [:])
                case let .each(items, local, value):
                    check(items, presenterTypes, useCase, [:])
                    var itemLocals: [String: TypeRef] = [:]
                    if let single = items.single, case let .list(element)? = presenterTypes.infer(single, useCase: useCase, locals: [:])?.unwrapped {
                        itemLocals[local] = element
                    }
                    check(value, presenterTypes, useCase, itemLocals)
                }
            }
        }
        for component in scene.view ?? [] {
            if let condition = component.condition { check(condition, types, nil, [:]) }
            checkTemplates(of: component.kind, types)
        }
    }

    /// Checks a step's templates where they stand: collecting them into an array first cost
    /// an allocation and a copy of each per step of every scene.
    private func checkTemplates(of step: Step.Kind, _ types: StaticTypes, _ useCase: UseCaseDefinition, _ locals: [String: TypeRef]) {
        switch step {
        case let .fetch(_, _, args): if let args { check(args, types, useCase, locals) }
        case let .store(_, value), let .set(_, value, nil): check(value, types, useCase, locals)
        case let .set(path, value, condition?):
            // `where` and `value` see each item of the list as `it`.
            var itemLocals = locals
            if case let .list(element)? = types.declaredType(of: FieldPath(path.value))?.unwrapped { itemLocals["it"] = element }
            check(condition, types, useCase, itemLocals)
            check(value, types, useCase, itemLocals)
        case let .remove(path, condition):
            var itemLocals = locals
            if case let .list(element)? = types.declaredType(of: FieldPath(path.value))?.unwrapped { itemLocals["it"] = element }
            check(condition, types, useCase, itemLocals)
        case let .work(_, input, args, _):
            check(input, types, useCase, locals)
            guard !args.isEmpty else { return }
            // Per-item arguments see the item as `it`: merged once per step, not per argument.
            var itemLocals = locals
            if case let .list(element)? = types.infer(input, useCase: useCase, locals: locals)?.unwrapped { itemLocals["it"] = element }
            for (_, value) in args { check(value, types, useCase, itemLocals) }
        case let .validate(rules):
            for rule in rules {
                check(rule.check, types, useCase, locals)
                check(rule.message, types, useCase, locals)
            }
        case let .present(fields), let .call(_, fields, _): for (_, value) in fields { check(value, types, useCase, locals) }
        case let .route(route):
            for (_, value) in route.args { check(value, types, useCase, locals) }
            if let result = route.result { check(result, types, useCase, locals) }
        case let .fail(message): check(message, types, useCase, locals)
        case let .insert(_, value), let .delete(_, value): check(value, types, useCase, locals)
        case let .update(_, key, fields, value):
            if let key { check(key, types, useCase, locals) }
            if let value { check(value, types, useCase, locals) }
            for (_, field) in fields { check(field, types, useCase, locals) }
        }
    }

    private func checkTemplates(of component: ComponentDefinition.Kind, _ types: StaticTypes) {
        let templates: (Template, Template?)
        switch component {
        case let .header(text), let .text(text): templates = (text, nil)
        case let .list(items, empty, _): templates = (items, empty)
        case let .input(label, value, _, _): templates = (label, value)
        case let .button(title, _, enabled, _): templates = (title, enabled)
        case let .loading(text?): templates = (text, nil)
        case .loading(nil), .error, .divider: return
        }
        check(templates.0, types, nil, [:])
        if let second = templates.1 { check(second, types, nil, [:]) }
    }

    private func check(_ value: ValueTemplate, _ types: StaticTypes, _ useCase: UseCaseDefinition?, _ locals: [String: TypeRef]) {
        switch value {
        case .constant: break
        case let .template(template): check(template, types, useCase, locals)
        case let .list(items): for item in items { check(item, types, useCase, locals) }
        case let .record(fields): for field in fields { check(field.value, types, useCase, locals) }
        }
    }

    private func check(_ template: Template, _ types: StaticTypes, _ useCase: UseCaseDefinition?, _ locals: [String: TypeRef]) {
        guard let origin = template.origin else { return }
        for part in template.parts {
            guard case let .expression(expression) = part else { continue }
            var visitor = FieldReadVisitor(check: self, types: types, useCase: useCase, locals: locals, origin: origin)
            ExpressionWalker.walk(expression, &visitor)
        }
    }

    /// Reports each `base.field` whose base is a model without that field.
    private struct FieldReadVisitor: ExpressionVisitor {
        let check: ModelFieldCheck
        let types: StaticTypes
        let useCase: UseCaseDefinition?
        let locals: [String: TypeRef]
        /// The offset of the template's string, whose pointer a finding gives.
        let origin: Int

        func visit(_ node: Expression) {
            guard case let .member(base, field) = node.kind,
                  case let .model(name)? = types.infer(base, useCase: useCase, locals: locals)?.unwrapped,
                  let model = check.app.models[name], !model.fields.contains(where: { $0.name == field }) else { return }
            let known = model.fields.map(\.name)
            let reader = check.reader
            reader.error(.unknownField, "model '\(name)' has no field '\(field)'", at: reader.source.offset(inStringAt: origin, decodedIndex: node.offset),
                         reader.pointer(to: origin), hint: didYouMean(field, known) ?? "its fields: \(known.joined(separator: ", "))")
        }
    }
}
