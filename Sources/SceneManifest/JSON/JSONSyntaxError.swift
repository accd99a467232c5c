/// Why a JSON text was refused, and where: every case maps to an E1xx diagnostic.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unexpectedCharacter(found: String, expected: String)
        case unexpectedEnd(expected: String)
        case invalidString(String)
        case invalidNumber(String)
        case tooDeep(limit: Int)
        case tooLarge(bytes: Int, limit: Int)
        case trailingContent
        case invalidUTF8
    }

    public let reason: Reason
    /// Byte offset of the offending character.
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// The diagnostic code of this error.
    public var code: DiagnosticCode {
        switch reason {
        case .unexpectedCharacter: .unexpectedCharacter
        case .unexpectedEnd: .unexpectedEnd
        case .invalidString: .invalidString
        case .invalidNumber: .invalidNumber
        case .tooDeep: .tooDeep
        case .tooLarge: .tooLarge
        case .trailingContent: .trailingContent
        case .invalidUTF8: .invalidUTF8
        }
    }

    public var description: String {
        switch reason {
        case let .unexpectedCharacter(found, expected): "unexpected \(found); expected \(expected)"
        case let .unexpectedEnd(expected): "unexpected end of input; expected \(expected)"
        case let .invalidString(why): "invalid string: \(why)"
        case let .invalidNumber(why): "invalid number: \(why)"
        case let .tooDeep(limit): "nesting is deeper than \(limit) levels"
        case let .tooLarge(bytes, limit): "file is \(bytes) bytes, over the limit of \(limit)"
        case .trailingContent: "unexpected content after the JSON value"
        case .invalidUTF8: "the file is not valid UTF-8"
        }
    }

    /// `line:column: reason` in `bytes`, for messages about data files and HTTP bodies.
    public func located(in bytes: [UInt8]) -> String {
        let (line, column) = SourceFile(path: "", bytes: bytes).location(of: offset)
        return "\(line):\(column): \(description)"
    }
}
