/// Where in a test a helper was called, so a failure points at the caller's line under both
/// Swift Testing and XCTest. Helpers take it as defaulted arguments:
///
/// ```swift
/// func receive(_ viewModel: VM, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///              line: UInt = #line, column: UInt = #column)
/// ```
public struct CallSite: Sendable, CustomStringConvertible {
    public let fileIDLiteral: StaticString
    public let filePathLiteral: StaticString
    public let line: UInt
    public let column: UInt

    public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        fileIDLiteral = fileID
        filePathLiteral = filePath
        self.line = line
        self.column = column
    }

    public var fileID: String { "\(fileIDLiteral)" }
    public var filePath: String { "\(filePathLiteral)" }
    public var description: String { "\(fileID):\(line):\(column)" }
}
