import SceneManifest

/// Writes one JSON scene as a typed Swift module's files, placed as its template's layout
/// says: the DataFlow enums, an interactor and presenter per use case, and the builder that
/// registers them in place of the manifest's use cases. Every construct is translated or refused; nothing is
/// written half-way.
struct SceneEjector {
    let app: AppDefinition
    let scenes: [String: SceneDefinition]
    let scene: SceneDefinition
    /// Where the scene's manifest is, as the generated comments name it.
    let path: String
    /// Where its files go, below the module's folder, and its builder's name.
    let placed: EjectLayout.Placed

    struct File {
        var name: String
        var text: String
    }

    /// The scene's files, or every construct that stops it from being ejected; and why its
    /// view stays the manifest's, when it does.
    func files() -> (files: [File], refusals: [EjectRefusal], viewLeft: EjectRefusal?) {
        let names = EjectNames(app: app, scene: scene)
        var types = StaticTypes(app: app, scene: scene)
        types.membersOfOptionalsAreOptional = true
        var flows: [String] = []
        var interactors: [String] = []
        var presenters: [String] = []
        var registrations: [String] = []
        var refusals: [EjectRefusal] = []
        var viewModel = ViewModelTypes()
        for (name, useCase) in scene.useCases {
            // A use case in Swift already keeps running as the app registers it.
            if case .swift = useCase.interactor {
                if useCase.presenter != nil { viewModel.unknown(because: name) }
                continue
            }
            if case .swift? = useCase.presenter {
                viewModel.unknown(because: name)
                continue
            }
            do {
                let parts = try self.useCase(name, useCase, names, types)
                flows += parts.flow
                interactors += parts.interactor
                presenters += parts.presenter
                registrations.append(parts.registration)
                viewModel.add(parts.viewModel, from: name)
            } catch {
                refusals.append(error)
            }
        }
        guard refusals.isEmpty else { return ([], refusals, nil) }
        // No use case to eject — none, or each in Swift already: the view alone, when it
        // has a type before running, else nothing.
        if registrations.isEmpty {
            guard let view = self.scene.view else { return ([], [], nil) }
            do {
                return ([try self.view(view, names, types, viewModel)], [], nil)
            } catch {
                return ([], [], error)
            }
        }
        let scene = names.scene
        let header = "/// The scene '\(self.scene.name)' (\(path)), ejected: each use case's Request, Response and ViewModel."
        let builder = [
            "/// Assembles the scene's use cases over its context: registered for '\(self.scene.name)', they run in",
            "/// place of its manifest's.", "enum \(placed.builder) {", "    @MainActor",
            "    static func useCases(_ scene: SceneContext) -> [SwiftUseCase] {", "        ["
        ]
        var files = [
            File(
                name: placed.files[.dataFlow] ?? "",
                text: source(
                    ["Foundation", "SceneManifest", "SceneRuntime", "VIP"], [header, "public enum \(scene) {"] + flows.dropLast() + ["}"])),
            File(name: placed.files[.interactor] ?? "", text: source(["Foundation", "SceneRuntime", "VIP"], Array(interactors.dropLast())))
        ]
        if !presenters.isEmpty {
            files.append(
                File(
                    name: placed.files[.presenter] ?? "", text: source(["Foundation", "SceneRuntime", "VIP"], Array(presenters.dropLast())))
            )
        }
        // No comma after the last use case, as the house style lints.
        let listed = registrations.enumerated().map { "            \($1)" + ($0 < registrations.count - 1 ? "," : "") }
        let registered = builder + listed + ["        ]", "    }", "}"]
        files.append(File(name: placed.files[.builder] ?? "", text: source(["SceneRuntime"], registered)))
        guard let view = self.scene.view else { return (files, [], nil) }
        do {
            files.append(try self.view(view, names, types, viewModel))
            return (files, [], nil)
        } catch {
            return (files, [], error)
        }
    }

    /// The scene's view as Swift, drawing each frame in place of the manifest's view.
    private func view(_ view: [ComponentDefinition], _ names: EjectNames, _ types: StaticTypes, _ viewModel: ViewModelTypes)
        throws(EjectRefusal) -> File
    {
        var types = types
        types.viewModel = viewModel.types
        var scope = SwiftScope(types: types, useCase: nil, names: names)
        scope.viewModel = viewModel.swift
        scope.viewModelProblems = viewModel.problems
        let parts = Self.parts(try ViewWriter(scope: scope).write(view))
        var lines = [
            "/// The view of '\(scene.name)' (\(path)), ejected: each frame's components, drawn in place of the manifest's",
            "/// view, as it shows them.", "enum \(placed.view) {", "    @MainActor",
            "    static func draw(_ scene: SceneContext, into view: inout SceneLines) {"
        ]
        if parts.count == 1 {
            lines += parts[0].lines.map { "        " + $0 } + ["    }"]
        } else {
            // A long view is drawn a part at a time, each a function of a readable length.
            let taken = Prelude.Names(["draw"])
            let named = parts.map { (name: taken.unique("draw" + SwiftNames.upperCamel($0.name)), lines: $0.lines) }
            lines += named.map { "        \($0.name)(scene, into: &view)" } + ["    }"]
            for part in named {
                lines += [
                    "", "    @MainActor", "    private static func \(part.name)(_ scene: SceneContext, into view: inout SceneLines) {"
                ]
                lines += part.lines.map { "        " + $0 } + ["    }"]
            }
        }
        return File(name: placed.files[.view] ?? "", text: source(["Foundation", "SceneRuntime"], lines + ["}"]))
    }

    /// The view's statements in parts of at most about forty lines, a statement never split.
    private static func parts(_ blocks: [ViewWriter.Block]) -> [ViewWriter.Block] {
        var parts: [ViewWriter.Block] = []
        for block in blocks {
            if let last = parts.last, last.lines.count + block.lines.count <= 40 {
                parts[parts.count - 1].lines += block.lines
            } else {
                parts.append(block)
            }
        }
        return parts.isEmpty ? [ViewWriter.Block()] : parts
    }

    private struct UseCaseParts {
        var flow: [String]
        var interactor: [String]
        var presenter: [String]
        var registration: String
        var viewModel: [(json: String, swift: String, type: TypeRef, row: SwiftStruct?)] = []
    }

    private func useCase(_ name: String, _ useCase: UseCaseDefinition, _ names: EjectNames, _ types: StaticTypes) throws(EjectRefusal)
        -> UseCaseParts
    {
        let offset = useCase.steps.first?.offset ?? 0
        var scope = SwiftScope(types: types, useCase: useCase, names: names)
        scope.isOnResult = scene.onResult?.value == name
        // A request that is a model's record is that model, whole.
        if let model = useCase.requestModel { scope.locals["request"] = (.model(model), "request") }
        let interactor = try InteractorWriter(scene: scene, app: app, scenes: scenes, names: names, name: name, useCase: useCase).write(
            scope)
        var presenter: PresenterWriter.Written?
        if case let .fields(fields)? = useCase.presenter {
            guard let response = interactor.response else {
                throw EjectRefusal(offset: offset, reason: "use case '\(name)' has a presenter and no 'response' to present")
            }
            presenter = try PresenterWriter(names: names, name: name, useCase: useCase, fields: fields).write(scope, response: response)
        }
        let flow = names.flow(name)
        var parts = UseCaseParts(flow: [], interactor: [], presenter: [], registration: "")
        parts.flow = dataFlow(name, useCase, interactor, presenter, names)
        parts.viewModel = presenter?.viewTypes ?? []
        let responseType = interactor.response == nil ? "Never" : "\(flow).Response"
        let role = names.role(name, "Interactor")
        parts.interactor =
            [
                "/// '\(name)': the manifest's steps, in order.", "struct \(role): Interactor {", "    typealias Route = SceneRoute",
                "    let scene: SceneContext", "",
                "    func handle(_ request: \(flow).Request, output: Output<\(responseType), SceneRoute>) async throws {"
            ] + Self.unusedMarked(interactor.lines).map { "        " + $0 } + ["    }", "}", ""]
        if let presenter {
            let presenterRole = names.role(name, "Presenter")
            parts.presenter =
                [
                    "/// '\(name)': the manifest's view-model fields.", "struct \(presenterRole): Presenter {",
                    "    let scene: SceneContext", "",
                    "    func present(_ response: \(flow).Response) throws -> \(flow).ViewModel {"
                ] + presenter.lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 } } + [
                    "    }", "}", ""
                ]
            parts.registration = "SwiftUseCase(\"\(name)\", interactor: \(role)(scene: scene), presenter: \(presenterRole)(scene: scene))"
        } else {
            parts.registration = "SwiftUseCase(\"\(name)\", interactor: \(role)(scene: scene))"
        }
        return parts
    }

    /// The use case's DataFlow enum: its Request as declared, its Response and ViewModel as
    /// the steps and presenter give them (`Never` when it presents nothing).
    private func dataFlow(
        _ name: String, _ useCase: UseCaseDefinition, _ interactor: InteractorWriter.Written, _ presenter: PresenterWriter.Written?,
        _ names: EjectNames
    ) -> [String] {
        var lines = ["    /// '\(name)'.", "    public enum \(names.dataFlow.useCase(name)): DataFlow {"]
        let request = useCase.request.map { (json: $0.name, type: names.swift($0.type)) }
        if let model = useCase.requestModel {
            lines.append("        public typealias Request = \(names.swift(.model(model)))")
        } else {
            lines += SwiftStruct(name: "Request", conformances: ["Decodable", "Sendable"], fields: request).lines(indent: "        ")
        }
        if let response = interactor.response {
            let fields = response.map { (json: $0.name, type: $0.value.type.map { names.swift($0) } ?? "String?") }
            lines += SwiftStruct(name: "Response", conformances: ["Encodable", "Sendable", "SceneValueConvertible"], fields: fields).lines(
                indent: "        ")
        } else {
            lines.append("        public typealias Response = Never")
        }
        if let presenter {
            lines += SwiftStruct(
                name: "ViewModel", conformances: ["Encodable", "Sendable", "SceneValueConvertible"], fields: presenter.viewModel
            ).lines(
                indent: "        ")
            for row in presenter.rows { lines += row.lines(indent: "        ") }
        } else {
            lines.append("        public typealias ViewModel = Never")
        }
        return lines + ["    }", ""]
    }

    /// `let x = …` whose `x` nothing reads becomes `_ = …`, as Swift asks of a value never used.
    static func unusedMarked(_ lines: [String]) -> [String] {
        let text = lines.joined(separator: "\n")
        return lines.map { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("let ") else { return line }
            let name = String(trimmed.dropFirst(4).prefix { Self.isIdentifier($0) })
            guard !name.isEmpty, !Self.isRead(name, in: text), let equals = trimmed.range(of: " = ") else { return line }
            return String(line.prefix(line.count - trimmed.count)) + "_" + trimmed[equals.lowerBound...]
        }
    }

    /// Whether `name` is read as a whole word anywhere after its binding.
    private static func isRead(_ name: String, in text: String) -> Bool {
        var count = 0
        var rest = Substring(text)
        while let range = rest.range(of: name) {
            let before = range.lowerBound == rest.startIndex ? nil : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            if !(before.map(isIdentifier) ?? false) && !(after.map(isIdentifier) ?? false) { count += 1 }
            rest = rest[range.upperBound...]
        }
        return count > 1
    }

    private static func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// A Swift file: a header naming where it came from, its imports, then `body`.
    private func source(_ imports: [String], _ body: [String]) -> String {
        (["// Ejected from \(path) by `scenery eject`: edit it as your own code.", ""] + imports.map { "import \($0)" } + [""] + body)
            .joined(separator: "\n") + "\n"
    }
}
