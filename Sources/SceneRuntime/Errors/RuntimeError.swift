import Foundation
import SceneManifest

/// A failure while a JSON scene runs, with where it happened: the scene, the use case, the
/// step, and the manifest `line:column` of the step or expression that failed.
///
/// A failure of the manifest itself (division by zero, a route cycle, a value of the wrong
/// type) has an E5xx code and its banner says where:
/// `Books.book, step 2 (set): division by zero (E502) at scenes/Books.json:12:30`.
/// A message meant for the app's user — a failing `validate` rule, a `fail` step, a provider
/// that failed — has no code and its banner is the message alone; the position still goes
/// to `--format json` and `--trace`.
public struct RuntimeError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// E5xx, or nil for a message meant for the app's user.
    public var code: DiagnosticCode?
    public var message: String
    public var scene: String
    public var useCase: String?
    /// The 1-based index of the failing interactor step, and its type.
    public var step: Int?
    public var stepType: String?
    /// The failing part when it is not a step: `response`, `presenter`, `view`, `onResult`.
    public var part: String?
    public var position: SourcePosition?

    public init(
        code: DiagnosticCode?, message: String, scene: String, useCase: String? = nil, step: Int? = nil,
        stepType: String? = nil, part: String? = nil, position: SourcePosition? = nil
    ) {
        self.code = code
        self.message = message
        self.scene = scene
        self.useCase = useCase
        self.step = step
        self.stepType = stepType
        self.part = part
        self.position = position
    }

    /// `Books.book, step 2 (set)`, `Books.book, presenter`, `Books, view`.
    public var site: String {
        var text = scene + (useCase.map { ".\($0)" } ?? "")
        if let step {
            text += ", step \(step)" + (stepType.map { " (\($0))" } ?? "")
        } else if let part {
            text += ", \(part)"
        }
        return text
    }

    /// What the error banner shows: the whole ``located`` text for a failure of the
    /// manifest, the message alone for a message meant for the app's user.
    public var banner: String { code == nil ? message : located }

    /// The site, message, code and position: `Books.book, step 2 (set): division by zero
    /// (E502) at scenes/Books.json:12:30`.
    public var located: String {
        "\(site): \(message)" + (code.map { " (\($0))" } ?? "") + (position.map { " at \($0)" } ?? "")
    }

    /// The failure as a swiftc-style diagnostic for standard error:
    /// `Scenes/Books/scenes/Books.json:12:30: error[E502]: division by zero` and a note line.
    public var diagnostic: String {
        let place = position.map { "\($0.path):\($0.line):\($0.column): " } ?? ""
        return "\(place)error\(code.map { "[\($0)]" } ?? ""): \(message)\n  note: in \(site)"
    }

    /// The failure's fields for `--format json`: `code message scene useCase step stepType
    /// part file line column`, null where unknown.
    public var record: SceneValue {
        var record = Record()
        record["code"] = code.map { .string($0.rawValue) } ?? .null
        record["message"] = .string(message)
        record["scene"] = .string(scene)
        record["useCase"] = useCase.map(SceneValue.string) ?? .null
        record["step"] = step.map { .number(Decimal($0)) } ?? .null
        record["stepType"] = stepType.map(SceneValue.string) ?? .null
        record["part"] = part.map(SceneValue.string) ?? .null
        // Relative to the app folder, as the banner says it: frames read the same on every machine.
        record["file"] = position.map { .string($0.appPath) } ?? .null
        record["line"] = position.map { .number(Decimal($0.line)) } ?? .null
        record["column"] = position.map { .number(Decimal($0.column)) } ?? .null
        record["banner"] = .string(banner)
        return .record(record)
    }

    public var description: String { banner }
    public var errorDescription: String? { banner }
}
