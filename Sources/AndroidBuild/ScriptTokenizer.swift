/// One lexical token of a Groovy or Kotlin build script.
struct Token: Sendable {
    enum Kind: UInt8, Sendable {
        case identifier
        case string
        case number
        case symbol
    }

    var kind: Kind
    /// A line break (or a comment holding one) separates this token from the one before.
    var newlineBefore: Bool
    /// Strings in double quotes, where `$` starts a template.
    var isTemplate = false
    /// Kotlin `"""…"""`: backslashes are plain characters.
    var isRaw = false
    // Byte offsets as 32-bit numbers: a script is read up to a few MiB (`AndroidBuildReader.maximumFileBytes`),
    // and a settings file of 200,000 includes holds 800,000 tokens, so each token's size is the script's memory.
    private var offsets: (start: UInt32, end: UInt32, contentStart: UInt32, contentEnd: UInt32)

    init(
        kind: Kind, start: Int, end: Int, contentStart: Int, contentEnd: Int, newlineBefore: Bool,
        isTemplate: Bool = false, isRaw: Bool = false
    ) {
        self.kind = kind
        self.newlineBefore = newlineBefore
        self.isTemplate = isTemplate
        self.isRaw = isRaw
        offsets = (UInt32(start), UInt32(end), UInt32(contentStart), UInt32(contentEnd))
    }

    /// Byte range as written (quotes and backticks included).
    var start: Int { Int(offsets.start) }
    var end: Int { Int(offsets.end) }
    /// Byte range of the meaning: a string's text between its quotes, a backticked name without backticks.
    var contentStart: Int { Int(offsets.contentStart) }
    var contentEnd: Int { Int(offsets.contentEnd) }
}

/// Splits script bytes into tokens, skipping whitespace and comments. Strings are single tokens, template
/// expressions included, so braces inside strings and comments never count as blocks.
struct ScriptTokenizer {
    let source: ScriptSource

    /// Template nesting deeper than this is read as plain text, so hostile input cannot exhaust the stack.
    private static let maximumTemplateDepth = 16

    func tokens(in range: Range<Int>) -> [Token] {
        let bytes = source.bytes
        let limit = min(range.upperBound, bytes.count)
        var tokens: [Token] = []
        var index = max(range.lowerBound, 0)
        var newline = false
        while index < limit {
            let byte = bytes[index]
            switch byte {
            case 0x0A:
                newline = true
                index += 1
            case 0x20, 0x09, 0x0D, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < limit && bytes[index + 1] == UInt8(ascii: "/"):
                while index < limit && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < limit && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < limit
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < limit
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    if bytes[index] == 0x0A { newline = true }
                    index += 1
                }
                index = min(index + 2, limit)
            case UInt8(ascii: "#") where index == 0 && index + 1 < limit && bytes[index + 1] == UInt8(ascii: "!"):
                while index < limit && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let scanned = scanString(at: index, limit: limit, depth: 0)
                tokens.append(scanned.token(newlineBefore: newline))
                index = scanned.end
                newline = false
            case UInt8(ascii: "`"):
                var end = index + 1
                while end < limit && bytes[end] != UInt8(ascii: "`") && bytes[end] != 0x0A { end += 1 }
                let closed = end < limit && bytes[end] == UInt8(ascii: "`")
                tokens.append(
                    Token(
                        kind: .identifier, start: index, end: closed ? end + 1 : end, contentStart: index + 1,
                        contentEnd: end, newlineBefore: newline))
                index = closed ? end + 1 : end
                newline = false
            default:
                let end: Int
                let kind: Token.Kind
                if Self.isIdentifierStart(byte) {
                    var scan = index + 1
                    while scan < limit && Self.isIdentifierPart(bytes[scan]) { scan += 1 }
                    (end, kind) = (scan, .identifier)
                } else if Self.isDigit(byte) {
                    (end, kind) = (scanNumber(at: index, limit: limit), .number)
                } else {
                    (end, kind) = (index + symbolLength(at: index, limit: limit), .symbol)
                }
                tokens.append(
                    Token(
                        kind: kind, start: index, end: end, contentStart: index, contentEnd: end,
                        newlineBefore: newline))
                index = end
                newline = false
            }
        }
        return tokens
    }

    /// A string starting at a quote: where it ends, where its text is, and whether it holds templates.
    struct ScannedString {
        var start: Int
        var end: Int
        var contentStart: Int
        var contentEnd: Int
        var isTemplate: Bool
        var isRaw: Bool

        func token(newlineBefore: Bool) -> Token {
            Token(
                kind: .string, start: start, end: end, contentStart: contentStart, contentEnd: contentEnd,
                newlineBefore: newlineBefore, isTemplate: isTemplate, isRaw: isRaw)
        }
    }

    func scanString(at start: Int, limit: Int, depth: Int) -> ScannedString {
        let bytes = source.bytes
        let quote = bytes[start]
        let triple = start + 2 < limit && bytes[start + 1] == quote && bytes[start + 2] == quote
        let quoteLength = triple ? 3 : 1
        let isTemplate = quote == UInt8(ascii: "\"")
        let isRaw = triple && isTemplate && source.isKotlin
        var index = start + quoteLength
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && !isRaw {
                index += 2
                continue
            }
            if byte == quote {
                if !triple {
                    return ScannedString(
                        start: start, end: index + 1, contentStart: start + 1, contentEnd: index,
                        isTemplate: isTemplate, isRaw: false)
                }
                if index + 2 < limit && bytes[index + 1] == quote && bytes[index + 2] == quote {
                    var end = index + 3
                    while end < limit && bytes[end] == quote { end += 1 }  // Kotlin: `""""a""""` ends at the last run
                    return ScannedString(
                        start: start, end: end, contentStart: start + 3, contentEnd: end - 3, isTemplate: isTemplate,
                        isRaw: isRaw)
                }
            }
            if byte == 0x0A && !triple { break }  // an unclosed one-line string ends with its line
            if isTemplate && byte == UInt8(ascii: "$") && index + 1 < limit && bytes[index + 1] == UInt8(ascii: "{")
                && depth < Self.maximumTemplateDepth
            {
                index = templateExpressionEnd(from: index + 2, limit: limit, depth: depth + 1)
                continue
            }
            index += 1
        }
        let end = min(index, limit)
        return ScannedString(
            start: start, end: end, contentStart: min(start + quoteLength, end), contentEnd: end,
            isTemplate: isTemplate, isRaw: isRaw)
    }

    /// The index just past the `}` that closes a `${` template expression whose code starts at `start`.
    func templateExpressionEnd(from start: Int, limit: Int, depth: Int) -> Int {
        let bytes = source.bytes
        var braces = 0
        var index = start
        while index < limit {
            switch bytes[index] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = scanString(at: index, limit: limit, depth: depth).end
                continue
            case UInt8(ascii: "{"):
                braces += 1
            case UInt8(ascii: "}"):
                if braces == 0 { return index + 1 }
                braces -= 1
            default:
                break
            }
            index += 1
        }
        return limit
    }

    private func scanNumber(at start: Int, limit: Int) -> Int {
        let bytes = source.bytes
        var index = start
        while index < limit {
            let byte = bytes[index]
            if Self.isIdentifierPart(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), index + 1 < limit, Self.isDigit(bytes[index + 1]) {
                index += 1
            } else {
                break
            }
        }
        return index
    }

    private static let threeByteSymbols: [[UInt8]] = ["===", "!==", "...", "==~", "<=>"].map { Array($0.utf8) }
    private static let twoByteSymbols: [[UInt8]] = [
        "?.", "?:", "!!", "+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||", "->", "::", "..", "*.", "++",
        "--", "=~",
    ].map { Array($0.utf8) }

    private func symbolLength(at index: Int, limit: Int) -> Int {
        let bytes = source.bytes
        for symbol in Self.threeByteSymbols where index + 3 <= limit && bytes[index..<index + 3].elementsEqual(symbol) {
            return 3
        }
        for symbol in Self.twoByteSymbols where index + 2 <= limit && bytes[index..<index + 2].elementsEqual(symbol) {
            return 2
        }
        return 1
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
