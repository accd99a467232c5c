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
            for step in useCase.steps {
                if let condition = step.condition { check(condition, types, useCase, locals) }
                for (template, extra) in templates(of: step, types, useCase, locals) {
                    check(template, types, useCase, extra.isEmpty ? locals : locals.merging(extra) { $1 })
                }
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
            for template in templates(of: component) { check(template, types, nil, [:]) }
        }
    }

    /// A step's templates, with the extra locals each sees (`it` in per-item arguments).
    private func templates(of step: Step, _ types: StaticTypes, _ useCase: UseCaseDefinition,
                           _ locals: [String: TypeRef]) -> [(ValueTemplate, [String: TypeRef])] {
        switch step.kind {
        case let .fetch(_, _, args): return args.map { [($0, [:])] } ?? []
        case let .store(_, value), let .set(_, value): return [(value, [:])]
        case let .work(_, input, args, _):
            var item: [String: TypeRef] = [:]
            if case let .list(element)? = types.infer(input, useCase: useCase, locals: locals)?.unwrapped { item["it"] = element }
            return [(input, [:])] + args.map { ($0.value, item) }
        case let .validate(rules): return rules.flatMap { [(.template($0.check), [:]), (.template($0.message), [:])] }
        case let .present(fields), let .call(_, fields, _): return fields.map { ($0.value, [:]) }
        case let .route(route): return route.args.map { ($0.value, [:]) } + (route.result.map { [($0, [:])] } ?? [])
        case let .fail(message): return [(.template(message), [:])]
        }
    }

    private func templates(of component: ComponentDefinition) -> [Template] {
        var result = component.condition.map { [$0] } ?? []
        switch component.kind {
        case let .header(text), let .text(text): result.append(text)
        case let .list(items, empty, _): result += [items] + (empty.map { [$0] } ?? [])
        case let .input(label, value, _): result += [label] + (value.map { [$0] } ?? [])
        case let .button(title, _, enabled): result += [title] + (enabled.map { [$0] } ?? [])
        case let .loading(text): result += text.map { [$0] } ?? []
        case .error, .divider: break
        }
        return result
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
