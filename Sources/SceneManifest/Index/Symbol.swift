/// A named thing of an app that its files declare and refer to: what the editor's
/// definition, references and rename are about. A use case and a state field belong to the
/// scene file that declares them; a model's field to its model.
public enum Symbol: Hashable, Sendable {
    case scene(String)
    case useCase(String, file: String)
    case stateField(String, file: String)
    case sharedField(String)
    case model(String)
    case provider(String)
    case worker(String)
    case stringKey(String)
    case modelField(String, model: String)
    /// The item of a list an expression walks: an `each`'s `as` in a presenter field, or
    /// `it` in a `set` or `remove` step's `where` — declared at `at` in `file`.
    case itemLocal(String, file: String, at: Int)

    public var name: String {
        switch self {
        case let .scene(name), let .useCase(name, _), let .stateField(name, _), let .sharedField(name), let .model(name),
            let .provider(name), let .worker(name), let .stringKey(name), let .modelField(name, _), let .itemLocal(name, _, _):
            name
        }
    }

    /// What it is, as a sentence says it.
    public var what: String {
        switch self {
        case .scene: "scene"
        case .useCase: "use case"
        case .stateField: "state field"
        case .sharedField: "shared field"
        case .model: "model"
        case .provider: "provider"
        case .worker: "worker"
        case .stringKey: "string key"
        case let .modelField(_, model): "field of model '\(model)'"
        case .itemLocal: "list item"
        }
    }
}

/// One place a file names a symbol: its bytes there, and whether it is where the symbol is
/// declared (a use case's key under `useCases`, a provider's key under `providers`).
public struct SymbolOccurrence: Hashable, Sendable {
    public let symbol: Symbol
    public let file: String
    public let range: Range<Int>
    public let isDeclaration: Bool

    public init(_ symbol: Symbol, file: String, range: Range<Int>, isDeclaration: Bool = false) {
        self.symbol = symbol
        self.file = file
        self.range = range
        self.isDeclaration = isDeclaration
    }
}
