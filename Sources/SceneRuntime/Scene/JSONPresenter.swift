import SceneManifest
import VIP

/// A JSON use case's presenter: evaluates the manifest's view-model fields over the
/// response, or hands it to a Swift presenter from the registry. A use case without a
/// presenter changes nothing in the view model.
struct JSONPresenter: Presenter {
    var fields: [(name: String, field: PresenterField)] = []
    var swift: (@MainActor (SceneValue) throws -> Record)?
    /// The scene's state, read at presenting time (state, shared, args, env, vm).
    let state: SceneState
    /// For each `each` field whose rows read only their item, the rows made last time: one
    /// set per scene definition, from its plan (``ScenePlans``).
    private let memos: [String: PresenterRowMemo]

    init(
        fields: [(name: String, field: PresenterField)] = [], swift: (@MainActor (SceneValue) throws -> Record)? = nil,
        memos: [String: PresenterRowMemo] = [:], state: SceneState
    ) {
        self.fields = fields
        self.swift = swift
        self.memos = memos
        self.state = state
    }

    /// A memo for each `each` field of `fields` whose rows read only their item.
    static func rowMemos(for fields: [(name: String, field: PresenterField)]) -> [String: PresenterRowMemo] {
        var memos: [String: PresenterRowMemo] = [:]
        for (name, field) in fields {
            if case let .each(_, local, template) = field, let memo = PresenterRowMemo.forRows(template, local: local) {
                memos[name] = memo
            }
        }
        return memos
    }

    func present(_ response: SceneValue) throws -> Record {
        if let swift { return try swift(response) }
        var base = state.evaluationContext()
        base.setRoot("response", to: response)
        var viewModel = Record()
        viewModel.reserveCapacity(fields.count)
        for (name, field) in fields {
            switch field {
            case let .value(template):
                viewModel[name] = try Evaluator.evaluate(template, in: base).get()
            case let .each(items, local, template):
                let list = try Evaluator.evaluate(items, in: base).get()
                let each = list.listValue ?? (list.isNull ? [] : [list])
                func row(_ item: SceneValue) throws -> SceneValue {
                    try Evaluator.evaluate(template, in: base.binding(local, to: item)).get()
                }
                if let memo = memos[name] {
                    viewModel[name] = .list(try memo.rows(each, in: base.format, row: row))
                } else {
                    viewModel[name] = .list(try each.map(row))
                }
            }
        }
        return viewModel
    }
}
