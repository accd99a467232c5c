/// Where a scene's manifest lives, so a failure at run time can name the line and column
/// of the step or expression that failed.
public struct SceneSource: Sendable {
    /// The file as read, with its path as the user gave it.
    public let file: SourceFile
    /// The path inside the app folder (`scenes/Books.json`): stable wherever the app is run
    /// from, so frames and transcripts show the same text on every machine.
    public let appPath: String

    public init(file: SourceFile, appPath: String) {
        self.file = file
        self.appPath = appPath
    }

    /// The position of a byte offset in the file.
    public func position(at offset: Int) -> SourcePosition {
        let (line, column) = file.location(of: offset)
        return SourcePosition(path: file.path, appPath: appPath, line: line, column: column)
    }

    /// The position of the failing token of an expression error, or of `fallback` when the
    /// error carries no template origin.
    public func position(of error: EvaluationError, fallback: Int) -> SourcePosition {
        guard let origin = error.origin else { return position(at: fallback) }
        return position(at: file.offset(inStringAt: origin, decodedIndex: error.offset))
    }
}

/// A `line:column` in a manifest file.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    /// The path as the user gave it (`Scenes/Shop/scenes/Books.json`).
    public let path: String
    /// The path inside the app folder (`scenes/Books.json`).
    public let appPath: String
    public let line: Int
    public let column: Int

    public init(path: String, appPath: String, line: Int, column: Int) {
        self.path = path
        self.appPath = appPath
        self.line = line
        self.column = column
    }

    /// `scenes/Books.json:12:34`.
    public var description: String { "\(appPath):\(line):\(column)" }
}
