/// Parses expressions and templates. Precedence, lowest first: the pipe `x | f(a)`;
/// `?:`; `??`; `||`; `&&`; `== !=`; `< <= > >=`; `+ -`; `* / %`; unary `! -`; then member
/// access, indexing and calls.
public enum ExpressionParser {
    /// The deepest an expression may nest, in parentheses, lists, calls, operators or paths
    /// (`a.b.c` is three levels; `1 + 2 + 3` is three): beyond it, E410.
    public static let maxDepth = 64
    /// The longest an expression inside `@{ … }` may be, in bytes: beyond it, E411.
    public static let maxLength = 4096
    /// Parses a template string: text with `@{ … }` expressions; `\@{` is a literal `@{`.
    public static func template(_ text: String) throws(ExpressionError) -> Template {
        try readingBytes(of: text) { bytes throws(ExpressionError) in try template(bytes) }
    }

    /// Parses one expression (the inside of `@{ … }`).
    public static func expression(_ text: String) throws(ExpressionError) -> Expression {
        try readingBytes(of: text) { bytes throws(ExpressionError) in try expression(bytes[...], base: 0) }
    }

    /// Runs `body` on the UTF-8 of `text` in place: a native string's own storage, where
    /// copying it into an array was an allocation per template of every scene.
    private static func readingBytes<T>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(ExpressionError) -> T)
        throws(ExpressionError) -> T
    {
        func attempt(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<T, ExpressionError> {
            do throws(ExpressionError) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        // Only a string bridged from elsewhere lacks contiguous UTF-8; it is copied.
        return try (text.utf8.withContiguousStorageIfAvailable(attempt) ?? Array(text.utf8).withUnsafeBufferPointer(attempt)).get()
    }

    /// Parses a template from its UTF-8 where it lies, as ``template(_:)-(String)`` does: for a
    /// manifest's string read from its file's bytes, with no string made of it first.
    static func template(_ bytes: UnsafeBufferPointer<UInt8>) throws(ExpressionError) -> Template {
        var parts: [Template.Part] = []
        // The text since the last expression: bytes from `run` on, after what `escaped` holds
        // (only a `\@{` makes text that is not a slice of the input).
        var escaped: [UInt8] = []
        var run = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 2 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "@"), bytes[index + 2] == UInt8(ascii: "{")
            {
                escaped += bytes[run..<index]
                escaped += [UInt8(ascii: "@"), UInt8(ascii: "{")]
                index += 3
                run = index
            } else if bytes[index] == UInt8(ascii: "@"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                guard let close = closingBrace(bytes, from: index + 2) else {
                    throw ExpressionError(.unclosedExpression, "'@{' is not closed by '}'", at: index)
                }
                if index > run || !escaped.isEmpty { parts.append(.text(text(bytes[run..<index], after: &escaped))) }
                parts.append(.expression(try expression(bytes[(index + 2)..<close], base: index + 2)))
                index = close + 1
                run = index
            } else {
                index += 1
            }
        }
        if bytes.count > run || !escaped.isEmpty || parts.isEmpty { parts.append(.text(text(bytes[run...], after: &escaped))) }
        return Template(parts: parts)
    }

    /// The text `escaped` holds followed by `run`, emptying `escaped`. A function, not a
    /// closure over the parser's variables, which would check exclusive access at run time.
    private static func text(_ run: Slice<UnsafeBufferPointer<UInt8>>, after escaped: inout [UInt8]) -> String {
        if escaped.isEmpty { return String(decoding: run, as: UTF8.self) }
        escaped += run
        defer { escaped.removeAll() }
        return String(decoding: escaped, as: UTF8.self)
    }

    static func expression(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, base: Int) throws(ExpressionError) -> Expression {
        guard bytes.count <= maxLength else {
            throw ExpressionError(
                .expressionTooLong, "expression is \(bytes.count) bytes long, over the limit of \(maxLength)", at: base,
                hint: "compute parts in interactor steps ('as' locals) and combine them")
        }
        var lexer = Lexer(bytes, base: base)
        do throws(ExpressionError) {
            var parser = try Parser(lexer: lexer)
            if case .end = parser.current.token {
                throw ExpressionError(.expressionSyntax, "empty expression", at: parser.currentOffset)
            }
            let result = try parser.pipe()
            guard case .end = parser.current.token else { throw parser.unexpected("end of expression") }
            return result
        } catch {
            // A lexing mistake anywhere comes first; the lexer starts over for it, which
            // costs nothing on the path without errors.
            try lexer.rest()
            throw error
        }
    }

    /// The index of the `}` closing an expression, skipping quoted strings; when a string is
    /// left open, the first `}` at all, so the lexer reports the open string where it starts.
    private static func closingBrace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        closingBraceOutsideStrings(bytes, from: start) ?? bytes[start...].firstIndex(of: UInt8(ascii: "}"))
    }

    private static func closingBraceOutsideStrings(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        var inString = false
        // Braces of record literals inside: `@{ {a: 1} }` closes at the second `}`.
        var open = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "'") { inString = false }
            } else if byte == UInt8(ascii: "'") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                open += 1
            } else if byte == UInt8(ascii: "}") {
                if open == 0 { return index }
                open -= 1
            }
            index += 1
        }
        return nil
    }

    struct Parser {
        /// Where the tokens come from, one at a time.
        var lexer: Lexer
        /// The token the parser looks at: one token of lookahead is all the grammar needs.
        private(set) var current: Lexer.Located
        /// How deep the parser has recursed, so `((((…))))` and `!!!!…` stop at the limit
        /// before the stack does.
        var nesting = 0

        init(lexer: Lexer) throws(ExpressionError) {
            self.lexer = lexer
            current = try self.lexer.next()
        }

        /// Runs `body` one level deeper, or fails with E410 past ``ExpressionParser/maxDepth``.
        mutating func nested(_ body: (inout Parser) throws(ExpressionError) -> Expression) throws(ExpressionError) -> Expression {
            guard nesting < ExpressionParser.maxDepth else { throw tooDeep(at: currentOffset) }
            nesting += 1
            defer { nesting -= 1 }
            // The body first, then the check: `checked(body(&self))` copied the parser, its
            // token and all, to call `checked` on the self the body was about to change.
            let expression = try body(&self)
            return try checked(expression)
        }

        /// `expression`, unless its tree is deeper than the limit.
        func checked(_ expression: Expression) throws(ExpressionError) -> Expression {
            guard expression.depth <= ExpressionParser.maxDepth else { throw tooDeep(at: expression.offset) }
            return expression
        }

        func tooDeep(at offset: Int) -> ExpressionError {
            ExpressionError(
                .expressionTooDeep, "expression nests deeper than \(ExpressionParser.maxDepth) levels", at: offset,
                hint: "split it: bind parts with 'as' in interactor steps")
        }

        var currentOffset: Int { current.offset }

        mutating func advance() throws(ExpressionError) { current = try lexer.next() }

        /// Matched in place, which copies no token: the parser asks this several times per token.
        func isSymbol(_ symbol: Lexer.Symbol) -> Bool {
            if case let .symbol(found) = current.token { return found == symbol }
            return false
        }

        mutating func take(_ symbol: Lexer.Symbol) throws(ExpressionError) -> Bool {
            guard isSymbol(symbol) else { return false }
            try advance()
            return true
        }

        mutating func expect(_ symbol: Lexer.Symbol) throws(ExpressionError) {
            guard try take(symbol) else { throw unexpected("'\(symbol.rawValue)'") }
        }

        func unexpected(_ expected: String) -> ExpressionError {
            let found: String
            switch current.token {
            case .end: found = "end of expression"
            case let .symbol(symbol): found = "'\(symbol.rawValue)'"
            case let .identifier(name): found = "'\(name)'"
            case let .number(number): found = "number \(number)"
            case let .string(text): found = "string '\(text)'"
            }
            return ExpressionError(.expressionSyntax, "expected \(expected), found \(found)", at: currentOffset)
        }

        // pipe := conditional ('|' NAME ('(' args ')')?)*
        mutating func pipe() throws(ExpressionError) -> Expression {
            try nested { (parser: inout Parser) throws(ExpressionError) in try parser.pipeLevel() }
        }

        mutating func pipeLevel() throws(ExpressionError) -> Expression {
            var left = try conditional()
            while isSymbol(.pipe) {
                try advance()
                guard case let .identifier(name) = current.token else { throw unexpected("a function name after '|'") }
                let at = currentOffset
                try advance()
                let arguments = try take(.openParen) ? try argumentList(closing: .closeParen, after: left) : [left]
                left = try checked(Expression(.call(name, arguments), at: at))
            }
            return left
        }

        mutating func conditional() throws(ExpressionError) -> Expression {
            let condition = try coalesce()
            guard isSymbol(.question) else { return condition }
            try advance()
            let then = try nested { (parser: inout Parser) throws(ExpressionError) in try parser.conditional() }
            try expect(.colon)
            let otherwise = try nested { (parser: inout Parser) throws(ExpressionError) in try parser.conditional() }
            return try checked(Expression(.conditional(condition, then, otherwise), at: condition.offset))
        }

        /// The binary operators from `??` (level 0) to `* / %` (level 6), each level
        /// left-associative and binding tighter than the one before.
        mutating func coalesce() throws(ExpressionError) -> Expression { try binary(above: 0) }

        /// Operators of `level` and tighter, by precedence climbing: one call per operand, not
        /// one per level, so a lone `state.x` does not pass through seven empty levels.
        mutating func binary(above level: Int) throws(ExpressionError) -> Expression {
            var left = try unary()
            while case let .symbol(symbol) = current.token, let op = Self.binaryOperator(symbol) {
                let opLevel = Self.level(of: op)
                guard opLevel >= level else { break }
                let at = currentOffset
                try advance()
                let right = try binary(above: opLevel + 1)
                left = try checked(Expression(.binary(op, left, right), at: at))
            }
            return left
        }

        static func binaryOperator(_ symbol: Lexer.Symbol) -> BinaryOperator? {
            switch symbol {
            case .coalesce: .coalesce
            case .or: .or
            case .and: .and
            case .equal: .equal
            case .notEqual: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            case .greaterOrEqual: .greaterOrEqual
            case .plus: .add
            case .minus: .subtract
            case .times: .multiply
            case .slash: .divide
            case .percent: .remainder
            default: nil
            }
        }

        static func level(of op: BinaryOperator) -> Int {
            switch op {
            case .coalesce: 0
            case .or: 1
            case .and: 2
            case .equal, .notEqual: 3
            case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
            case .add, .subtract: 5
            case .multiply, .divide, .remainder: 6
            }
        }

        mutating func unary() throws(ExpressionError) -> Expression {
            let at = currentOffset
            if try take(.not) {
                return Expression(.unary(.not, try nested { (parser: inout Parser) throws(ExpressionError) in try parser.unary() }), at: at)
            }
            if try take(.minus) {
                return Expression(
                    .unary(.negate, try nested { (parser: inout Parser) throws(ExpressionError) in try parser.unary() }), at: at)
            }
            return try postfix()
        }

        mutating func postfix() throws(ExpressionError) -> Expression {
            var value = try primary()
            while true {
                if isSymbol(.dot) {
                    try advance()
                    guard case let .identifier(name) = current.token else { throw unexpected("a field name after '.'") }
                    value = try checked(Expression(.member(value, name), at: currentOffset))
                    try advance()
                } else if isSymbol(.openBracket) {
                    let at = currentOffset
                    try advance()
                    let index = try pipe()
                    try expect(.closeBracket)
                    value = try checked(Expression(.index(value, index), at: at))
                } else {
                    return value
                }
            }
        }

        mutating func primary() throws(ExpressionError) -> Expression {
            let at = currentOffset
            switch current.token {
            case let .number(number):
                try advance()
                return Expression(.literal(.number(number)), at: at)
            case let .string(text):
                try advance()
                return Expression(.literal(.string(text)), at: at)
            case let .identifier(name):
                try advance()
                // Lengths first: most names are none of the three words, and comparing a
                // name with a word of its own length is a call into the string library.
                let length = name.utf8.count
                if length == 4 || length == 5 {
                    switch name {
                    case "true": return Expression(.literal(.bool(true)), at: at)
                    case "false": return Expression(.literal(.bool(false)), at: at)
                    case "null": return Expression(.literal(.null), at: at)
                    default: break
                    }
                }
                if try take(.openParen) { return Expression(.call(name, try argumentList(closing: .closeParen)), at: at) }
                return Expression(.name(name), at: at)
            case .symbol(.openParen):
                try advance()
                let inner = try pipe()
                try expect(.closeParen)
                return inner
            case .symbol(.openBracket):
                try advance()
                return Expression(.list(try argumentList(closing: .closeBracket)), at: at)
            case .symbol(.openBrace):
                try advance()
                return Expression(.record(try recordFields()), at: at)
            default:
                throw unexpected("a value")
            }
        }

        /// `name: value` pairs up to `}`, which is consumed; a name is a word or a quoted
        /// string, and may be given once.
        mutating func recordFields() throws(ExpressionError) -> [RecordField] {
            var fields: [RecordField] = []
            if try take(.closeBrace) { return fields }
            while true {
                let at = currentOffset
                let name: String
                switch current.token {
                case let .identifier(word): name = word
                case let .string(text): name = text
                default: throw unexpected("a field name")
                }
                if fields.contains(where: { $0.name == name }) {
                    throw ExpressionError(.expressionSyntax, "field '\(name)' is given twice in this record", at: at)
                }
                try advance()
                try expect(.colon)
                fields.append(RecordField(name: name, offset: at, value: try pipe()))
                if try take(.closeBrace) { return fields }
                try expect(.comma)
            }
        }

        /// Comma-separated expressions up to `closing`, which is consumed; after `first`, where
        /// a pipe gives one.
        mutating func argumentList(closing: Lexer.Symbol, after first: Expression? = nil) throws(ExpressionError) -> [Expression] {
            if try take(closing) { return first.map { [$0] } ?? [] }
            // Room for the usual few at once, rather than growing through two or three buffers.
            var items: [Expression] = []
            items.reserveCapacity(4)
            if let first { items.append(first) }
            while true {
                items.append(try pipe())
                if try take(closing) { return items }
                try expect(.comma)
            }
        }
    }
}
