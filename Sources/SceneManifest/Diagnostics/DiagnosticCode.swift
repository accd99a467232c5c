/// Every code a finding or a runtime failure carries, in one catalogue: its family and
/// what it means, as docs/manifest.md lists them (a test keeps the two the same). Code
/// reports a finding by name — `.unknownKey` — so no code exists outside this list.
///
/// ```swift
/// reader.error(.unknownKey, "unknown key 'titel' in a view component", at: offset, pointer)
/// DiagnosticCode.unknownKey.rawValue   // "E201"
/// DiagnosticCode("E201")?.meaning      // "unknown key (with did-you-mean)"
/// ```
public struct DiagnosticCode: Hashable, Sendable, CustomStringConvertible {
    /// What part of Scenery finds it.
    public enum Family: String, Sendable, CaseIterable {
        /// E1xx: reading a file and its JSON syntax.
        case file
        /// E2xx: the manifest's structure — keys, types of values, names.
        case structure
        /// E3xx: references across files — scenes, use cases, providers, models, strings.
        case reference
        /// E4xx: expressions inside strings.
        case expression
        /// E5xx: failures of the manifest found while a scene runs.
        case runtime
        /// W0xx: warnings, which do not stop a run.
        case warning
    }

    /// `E201`, `W001`.
    public let rawValue: String
    public let family: Family
    /// One line, as docs/manifest.md gives it.
    public let meaning: String

    private init(_ rawValue: String, _ family: Family, _ meaning: String) {
        self.rawValue = rawValue
        self.family = family
        self.meaning = meaning
    }

    /// The catalogued code written `rawValue`, or nil when there is none.
    public init?(_ rawValue: String) {
        guard let code = Self.byValue[rawValue] else { return nil }
        self = code
    }

    public var description: String { rawValue }

    public static func == (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    private static let byValue = Dictionary(all.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })

    // MARK: - Reading files and JSON (E1xx)

    public static let unreadable = DiagnosticCode("E100", .file, "a file or folder cannot be read")
    public static let unexpectedCharacter = DiagnosticCode("E101", .file, "unexpected character in JSON")
    public static let unexpectedEnd = DiagnosticCode("E102", .file, "unexpected end of input")
    public static let invalidString = DiagnosticCode("E103", .file, "invalid string: control character or unknown escape")
    public static let invalidNumber = DiagnosticCode("E104", .file, "invalid number")
    public static let tooDeep = DiagnosticCode("E105", .file, "nesting deeper than the limit (64 levels in manifests)")
    public static let tooLarge = DiagnosticCode("E106", .file, "file larger than the limit (4 MiB for manifests)")
    public static let trailingContent = DiagnosticCode("E107", .file, "content after the JSON value")
    public static let invalidUTF8 = DiagnosticCode("E108", .file, "not valid UTF-8")

    // MARK: - Structure (E2xx)

    public static let unknownKey = DiagnosticCode("E201", .structure, "unknown key (with did-you-mean)")
    public static let missingKey = DiagnosticCode("E202", .structure, "missing key")
    public static let wrongType = DiagnosticCode("E203", .structure, "wrong type of value")
    public static let unsupportedVersion = DiagnosticCode("E204", .structure, "unsupported `formatVersion`")
    public static let unknownWord = DiagnosticCode(
        "E205", .structure, "a value not among the allowed words (step type, route mode, cache policy, …)")
    public static let invalidName = DiagnosticCode("E206", .structure, "an invalid name")
    public static let invalidType = DiagnosticCode("E207", .structure, "an invalid type")
    public static let reservedName = DiagnosticCode("E208", .structure, "a use case named like a built-in input word")
    public static let duplicateKey = DiagnosticCode("E210", .structure, "a duplicate key")
    public static let numberOutOfRange = DiagnosticCode("E211", .structure, "a number out of range")
    public static let shadowedBuiltIn = DiagnosticCode("E212", .structure, "a declared worker shadowing a built-in one")
    public static let sceneNameMismatch = DiagnosticCode("E213", .structure, "`scene` differs from the file name")
    public static let misplacedKey = DiagnosticCode(
        "E214", .structure, "a key that does not fit its step (`to` on `back`, `as` naming a root)")
    public static let caseAlike = DiagnosticCode(
        "E215", .structure,
        "collections, or fields of a collection's model, named alike but for case: SQLite, which stores them, would keep them in one table or column"
    )

    // MARK: - References (E3xx)

    public static let unknownScene = DiagnosticCode("E301", .reference, "unknown scene (entry or route target)")
    public static let unknownUseCase = DiagnosticCode(
        "E302", .reference, "unknown use case (action, `onAppear`, `onResult`, `call`), or an `internal` one named as a component's action")
    public static let routeArguments = DiagnosticCode(
        "E303", .reference, "route arguments that do not match the destination's `args` (unknown, missing, wrong type)")
    public static let unknownProvider = DiagnosticCode("E304", .reference, "unknown provider")
    public static let unknownWorker = DiagnosticCode("E305", .reference, "unknown worker")
    public static let unknownModel = DiagnosticCode("E306", .reference, "unknown model")
    public static let pathOutsideApp = DiagnosticCode("E308", .reference, "a file provider path outside the app folder")
    public static let missingFile = DiagnosticCode("E310", .reference, "a file provider's file does not exist")
    public static let readOnlyProvider = DiagnosticCode("E311", .reference, "`store` into a read-only provider")
    public static let undeclaredField = DiagnosticCode("E312", .reference, "`set` of an undeclared state or shared field")
    public static let unknownString = DiagnosticCode(
        "E313", .reference, "a `t()` key missing from the table of the app's own locale (with did-you-mean): no locale can show it")
    public static let typeMismatch = DiagnosticCode(
        "E314", .reference,
        "a value whose known type does not fit where it goes: a `set` into a typed field, a `store` into a provider with a `model`, a `result` into the parent's `onResult` request, a state or shared field's `default`, a provider's constant `value` or `default` that does not fit its `model`"
    )

    // MARK: - Expressions (E4xx)

    public static let expressionSyntax = DiagnosticCode("E401", .expression, "expression syntax")
    public static let unavailableRoot = DiagnosticCode("E402", .expression, "a root not available where it is used")
    public static let unknownFunction = DiagnosticCode("E403", .expression, "unknown function (with did-you-mean)")
    public static let argumentCount = DiagnosticCode("E404", .expression, "wrong number of arguments")
    public static let unknownName = DiagnosticCode("E405", .expression, "unknown name, or `it` outside per-item arguments")
    public static let undeclaredRequestField = DiagnosticCode("E406", .expression, "request field not declared")
    public static let unknownViewModelField = DiagnosticCode("E407", .expression, "a `vm.` field no presenter produces")
    public static let unclosedExpression = DiagnosticCode("E408", .expression, "`@{` not closed")
    public static let unknownField = DiagnosticCode(
        "E409", .expression,
        "unknown field of `state`, `args`, `shared` or `env`, or of a model (`p.nmae` where `p` is a `Product`: through locals from typed providers, `it`, and a presenter's `each`)"
    )
    public static let expressionTooDeep = DiagnosticCode(
        "E410", .expression,
        "an expression nesting deeper than 64 levels (parentheses, lists, calls, operators, paths: `1 + 2 + 3` is three)")
    public static let expressionTooLong = DiagnosticCode("E411", .expression, "an expression longer than 4096 bytes")

    // MARK: - At run time (E5xx)

    public static let operandType = DiagnosticCode(
        "E501", .runtime,
        "at run time: arithmetic, a comparison, a function or a built-in worker given null or a value of the wrong type (`count(5)`, `abs('x')`)"
    )
    public static let divisionByZero = DiagnosticCode("E502", .runtime, "at run time: division by zero")
    public static let conversion = DiagnosticCode("E503", .runtime, "at run time: a conversion that cannot be made")
    public static let badArgument = DiagnosticCode(
        "E504", .runtime, "at run time: a function or built-in worker argument of the right type that it cannot use (`page` with `size` 0)")
    public static let badPattern = DiagnosticCode("E505", .runtime, "at run time: a `matches` pattern that is not a regular expression")
    public static let decimalOverflow = DiagnosticCode(
        "E506", .runtime, "at run time: arithmetic whose result is out of the range of a decimal number")
    public static let routeNotTaken = DiagnosticCode(
        "E510", .runtime, "at run time: a route that cannot be taken (unknown scene, missing arguments, a full stack)")
    public static let routeCycle = DiagnosticCode(
        "E511", .runtime,
        "at run time: scenes routed \(RuntimeLimits.unattendedRoutes) times in a row without user input; the cycle is named and the route refused"
    )
    public static let callTooDeep = DiagnosticCode("E512", .runtime, "at run time: `call` deeper than \(RuntimeLimits.callDepth) levels")
    public static let valueDoesNotFit = DiagnosticCode(
        "E513", .runtime, "at run time: a value that does not fit its declared type (`set`, a child's result, a provider's `model`)")
    public static let invariantBroken = DiagnosticCode(
        "E514", .runtime, "at run time: an invariant app.json declares for the scene does not hold in the frame shown")

    // MARK: - Warnings (W0xx)

    public static let unreachableScene = DiagnosticCode("W001", .warning, "a scene unreachable from the entry scene")
    public static let neverRead = DiagnosticCode("W002", .warning, "a state field or argument never read")
    public static let missingTranslation = DiagnosticCode("W003", .warning, "a `t()` key missing from another locale's string table")
    public static let appearCycle = DiagnosticCode(
        "W004", .warning, "`onAppear` use cases that route round a cycle unconditionally (E511 at run time)")
    public static let expressionInConstant = DiagnosticCode(
        "W005", .warning, "`@{` in a provider's constant `value` or `default`, which is kept as text")
    public static let mayBeNull = DiagnosticCode(
        "W006", .warning,
        "a value that may be null (`T?`) where a `T` is declared, with no check that it is not (E513 or E510 at run time if it is)")
    public static let operandTypes = DiagnosticCode(
        "W008", .warning,
        "an operator given values of known types it cannot take (`!done > 0` compares a bool with a number): E501 at run time")
    public static let startsNull = DiagnosticCode(
        "W007", .warning,
        "a `state` or `shared` field of a type that is not optional and not a list, with no `default`: it starts as null, which its type does not allow"
    )

    /// Every code, in order.
    public static let all: [DiagnosticCode] = [
        .unreadable, .unexpectedCharacter, .unexpectedEnd, .invalidString, .invalidNumber, .tooDeep, .tooLarge,
        .trailingContent, .invalidUTF8, .unknownKey, .missingKey, .wrongType, .unsupportedVersion, .unknownWord,
        .invalidName, .invalidType, .reservedName, .duplicateKey, .numberOutOfRange, .shadowedBuiltIn,
        .sceneNameMismatch, .misplacedKey, .caseAlike, .unknownScene, .unknownUseCase, .routeArguments, .unknownProvider,
        .unknownWorker, .unknownModel, .pathOutsideApp, .missingFile, .readOnlyProvider, .undeclaredField,
        .unknownString, .typeMismatch, .expressionSyntax, .unavailableRoot, .unknownFunction, .argumentCount,
        .unknownName, .undeclaredRequestField, .unknownViewModelField, .unclosedExpression, .unknownField,
        .expressionTooDeep, .expressionTooLong, .operandType, .divisionByZero, .conversion, .badArgument, .badPattern,
        .decimalOverflow, .routeNotTaken, .routeCycle, .callTooDeep, .valueDoesNotFit, invariantBroken, .unreachableScene, .neverRead,
        .missingTranslation, .appearCycle, .expressionInConstant, .mayBeNull, .startsNull, .operandTypes
    ]
}
