/// The words of the input language every scene understands besides its use cases: one
/// list for `help`, for did-you-mean and for the reserved-name check (E208).
public enum BuiltInAction: String, CaseIterable, Sendable {
    case back, state, stack, help, quit

    /// The words, in the order `help` lists them.
    public static var words: [String] { allCases.map(\.rawValue) }
}
