/// The words of the input language every scene understands besides its use cases: one
/// list for `help`, for did-you-mean and for the reserved-name check (E208).
public enum BuiltInAction: String, CaseIterable, Sendable {
    case back, state, stack, help, quit

    /// The words that only print something, for the caller to show its way.
    public enum Printed: String, Sendable {
        case state, stack, help, quit
    }

    /// What the word prints; nil for `back`, which moves the app instead.
    public var printed: Printed? {
        switch self {
        case .back: nil
        case .state: .state
        case .stack: .stack
        case .help: .help
        case .quit: .quit
        }
    }

    /// The words, in the order `help` lists them.
    public static var words: [String] { allCases.map(\.rawValue) }
}
