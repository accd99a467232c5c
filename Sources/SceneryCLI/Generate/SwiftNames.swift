import SceneManifest

/// The Swift names of a scene's generated types, chosen so that they never collide.
///
/// The scene is a caseless enum; inside it each use case is a DataFlow enum named in upper
/// camel case (`open_row` → `OpenRow`), and the app's models are structs in a `Models`
/// namespace (`Models.Book`), so a use case `book` and a model `Book` live side by side. A name
/// the generated code relies on (`String`, `Value`, `Models`, `DataFlow`, …) gets a suffix —
/// `StringUseCase`, `ValueModel`, `StringScene` — and so does a second use case that would
/// spell like the first.
struct SwiftNames {
    /// Type names the generated code writes unqualified, or that Swift gives a meaning.
    static let reserved: Set<String> = [
        "String", "Int", "Decimal", "Bool", "Codable", "Sendable", "Equatable", "DataFlow", "Decoder", "Encoder",
        "CodingKey", "CodingKeys", "Value", "Models", "Request", "Response", "ViewModel", "Swift", "Foundation", "VIP",
        "Type", "Protocol", "Self", "Any", "Optional", "Array", "Dictionary"
    ]

    /// Swift keywords, written in backquotes where a field is named like one.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "super", "throws", "true", "try", "self", "Self"
    ]

    /// Field names Swift does not take even in backquotes; they get a `_` suffix and a coding key.
    static let unusableFields: Set<String> = ["_", "self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    let scene: String
    private let useCases: [String: String]
    private let models: [String: String]

    init(app: AppDefinition?, scene: SceneDefinition) {
        var sceneTaken: Set<String> = []
        self.scene = Self.unique(Self.upperCamel(scene.name), suffix: "Scene", taken: &sceneTaken)
        var taken: Set<String> = []
        var useCases: [String: String] = [:]
        for (name, _) in scene.useCases { useCases[name] = Self.unique(Self.upperCamel(name), suffix: "UseCase", taken: &taken) }
        self.useCases = useCases
        taken = []
        var models: [String: String] = [:]
        for name in (app?.models.keys).map(Array.init)?.sorted() ?? [] {
            // `draft Order` is the struct `DraftOrder`.
            let swift = name.contains(" ") ? Self.upperCamel(name.replacingOccurrences(of: " ", with: "_")) : name
            models[name] = Self.unique(swift, suffix: "Model", taken: &taken)
        }
        self.models = models
    }

    /// `name`, or `name` with `suffix` (and then a number) when it is reserved, taken, or `_`.
    private static func unique(_ name: String, suffix: String, taken: inout Set<String>) -> String {
        var candidate = name
        if reserved.contains(candidate) || taken.contains(candidate) || candidate.isEmpty || candidate == "_" { candidate += suffix }
        let base = candidate
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(base)\(number)"
            number += 1
        }
        taken.insert(candidate)
        return keywords.contains(candidate) ? "`\(candidate)`" : candidate
    }

    /// The DataFlow enum of a use case.
    func useCase(_ name: String) -> String { useCases[name] ?? Self.upperCamel(name) }

    /// A model's struct inside `Models`, or nil for a model the app does not declare (a
    /// scene validated alone), whose values are the scene's `Value`.
    func model(_ name: String) -> String? { models[name] }

    /// The property for a JSON field, and whether it needs a coding key to keep the JSON name.
    static func field(_ name: String) -> (swift: String, needsKey: Bool) {
        if unusableFields.contains(name) { return (name + "_", true) }
        return (keywords.contains(name) ? "`\(name)`" : name, false)
    }

    /// `load` → `Load`, `open_row` → `OpenRow`, `_x` → `X`; a name that would start with a
    /// digit keeps its underscores, and one of only underscores becomes empty.
    static func upperCamel(_ name: String) -> String {
        let joined = name.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = joined.first, first.isNumber { return name }
        return joined
    }
}
