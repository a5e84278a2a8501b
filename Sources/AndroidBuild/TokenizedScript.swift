/// A script's tokens with every bracket paired, split into statements on demand.
struct TokenizedScript: Sendable {
    let source: ScriptSource
    let tokens: [Token]
    /// For `{`, `(` and `[`: the index of the closing token, or `tokens.count` when it is never closed. For a
    /// closing token: the index of its opener, or -1 when it closes nothing. -1 for every other token.
    private let partners: [Int]

    init(source: ScriptSource) {
        self.init(source: source, range: 0..<source.bytes.count)
    }

    /// The tokens of part of a source (a `${…}` template expression), with locations in the whole file.
    init(source: ScriptSource, range: Range<Int>) {
        self.source = source
        tokens = ScriptTokenizer(source: source).tokens(in: range)
        partners = Self.pairBrackets(tokens, in: source.bytes)
    }

    private static func pairBrackets(_ tokens: [Token], in bytes: [UInt8]) -> [Int] {
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [(index: Int, closer: UInt8)] = []
        // How many openers of each kind are open, so a closer that matches none is skipped at once (a stack
        // search per stray closer would make hostile input quadratic).
        var openCount = [UInt8: Int]()
        func push(_ index: Int, _ closer: UInt8) {
            open.append((index, closer))
            openCount[closer, default: 0] += 1
        }
        for (index, token) in tokens.enumerated() where token.kind == .symbol {
            switch bytes[token.start] {
            case UInt8(ascii: "{"): push(index, UInt8(ascii: "}"))
            case UInt8(ascii: "("): push(index, UInt8(ascii: ")"))
            case UInt8(ascii: "["): push(index, UInt8(ascii: "]"))
            case let closer
            where closer == UInt8(ascii: "}") || closer == UInt8(ascii: ")") || closer == UInt8(ascii: "]"):
                // A closer that does not match the innermost opener closes the nearest opener it matches, and
                // the openers in between with it; one that matches none is ignored.
                guard openCount[closer, default: 0] > 0, let match = open.lastIndex(where: { $0.closer == closer })
                else {
                    continue
                }
                for pending in open[match...] {
                    partners[pending.index] = index
                    openCount[pending.closer, default: 0] -= 1
                }
                partners[index] = open[match].index
                open.removeSubrange(match...)
            default:
                continue
            }
        }
        for pending in open { partners[pending.index] = tokens.count }
        return partners
    }

    // MARK: Token queries

    /// The matching closer of the opener at `index` (`tokens.count` when unclosed), or nil when it is no opener.
    func closer(of index: Int) -> Int? {
        guard isOpener(index) else { return nil }
        return partners[index]
    }

    func isOpener(_ index: Int) -> Bool {
        guard index < tokens.count, tokens[index].kind == .symbol else { return false }
        let byte = source.bytes[tokens[index].start]
        return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
    }

    func isSymbol(_ index: Int, _ symbol: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .symbol && contentEquals(index, symbol)
    }

    func isIdentifier(_ index: Int, _ name: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && contentEquals(index, name)
    }

    func isIdentifier(_ index: Int) -> Bool { index >= 0 && index < tokens.count && tokens[index].kind == .identifier }

    /// A token's meaning as text: a name without backticks, a string's raw text between its quotes.
    func text(_ index: Int) -> String {
        source.text(tokens[index].contentStart..<tokens[index].contentEnd)
    }

    /// The expression as written: from the first token's start to the last token's end.
    func excerpt(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        return source.text(tokens[range.lowerBound].start..<tokens[range.upperBound - 1].end)
    }

    func location(_ index: Int) -> SourceLocation {
        source.location(at: index < tokens.count ? tokens[index].start : source.bytes.count)
    }

    private func contentEquals(_ index: Int, _ literal: String) -> Bool {
        let token = tokens[index]
        let utf8 = literal.utf8
        return utf8.count == token.contentEnd - token.contentStart
            && utf8.elementsEqual(source.bytes[token.contentStart..<token.contentEnd])
    }

    // MARK: Statements

    /// One statement: tokens up to a line break, `;` or the end of the block, with bracketed groups inside.
    struct Statement: Sendable {
        /// All its tokens.
        var range: Range<Int>
        /// Its tokens before a trailing `{ … }` block (all of them when there is none).
        var head: Range<Int>
        /// The inside of a trailing `{ … }` block, closure parameters (`a, b ->`) left out.
        var body: Range<Int>?
    }

    private static let continuingEnds: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "+", "-", "*", "/", "%", "?:", "&&", "||", ",", ".", "?.", "->", "==", "!=", "?",
        "*.", "::", "..", "<=", ">=", "!", "===", "!==",
    ]
    private static let continuingStarts: Set<String> = [".", "?.", "?:", "&&", "||", "*.", "::"]
    private static let continuingWords: Set<String> = ["else", "catch", "finally"]

    /// The statements of a block body (or of the whole script for `0..<tokens.count`).
    func statements(in range: Range<Int>) -> [Statement] {
        var statements: [Statement] = []
        var index = closureBodyStart(range)
        let end = min(range.upperBound, tokens.count)
        var start: Int?
        var lastItem = -1
        func finish(at upper: Int) {
            guard let first = start else { return }
            var head = first..<upper
            var body: Range<Int>?
            if lastItem >= first, isSymbol(lastItem, "{") {
                head = first..<lastItem
                body =
                    closureBodyStart((lastItem + 1)..<min(partners[lastItem], upper))..<min(partners[lastItem], upper)
            }
            statements.append(Statement(range: first..<upper, head: head, body: body))
            start = nil
        }
        while index < end {
            let token = tokens[index]
            if token.kind == .symbol && isSymbol(index, ";") {
                finish(at: index)
                index += 1
                continue
            }
            if partners[index] == -1 && token.kind == .symbol && isCloser(index) {
                index += 1  // a stray closer
                continue
            }
            if start != nil && token.newlineBefore && !continues(after: index - 1, before: index) {
                finish(at: index)
            }
            if start == nil { start = index }
            lastItem = index
            if isOpener(index) {
                index = min(partners[index], end - 1) + 1
            } else {
                index += 1
            }
        }
        finish(at: min(index, end))
        return statements
    }

    private func isCloser(_ index: Int) -> Bool {
        let byte = source.bytes[tokens[index].start]
        return byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]")
    }

    /// Whether the statement goes on across the line break between `previous` and `next`.
    private func continues(after previous: Int, before next: Int) -> Bool {
        let previousToken = tokens[previous]
        if previousToken.kind == .symbol && !isCloser(previous) && Self.continuingEnds.contains(text(previous)) {
            return true
        }
        let nextToken = tokens[next]
        if nextToken.kind == .symbol { return Self.continuingStarts.contains(text(next)) }
        return nextToken.kind == .identifier && Self.continuingWords.contains(text(next))
    }

    /// Skips a closure's parameter list (`file ->`, `name, value ->`, `(a, b) ->`) at the start of a body.
    private func closureBodyStart(_ range: Range<Int>) -> Int {
        var index = range.lowerBound
        let end = min(range.upperBound, range.lowerBound + 40, tokens.count)
        while index < end {
            if index > range.lowerBound && tokens[index].newlineBefore { break }
            if isSymbol(index, "->") { return index + 1 }
            let token = tokens[index]
            let allowed =
                token.kind == .identifier
                || token.kind == .symbol
                    && [",", ":", ".", "?", "<", ">", "[", "]", "(", ")", "*"].contains(text(index))
            if !allowed { break }
            index += 1
        }
        return range.lowerBound
    }

    /// Splits a range at its top-level commas (commas inside brackets stay).
    func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if isSymbol(index, ",") {
                parts.append(start..<index)
                start = index + 1
                index += 1
            } else if let closer = closer(of: index) {
                index = min(closer, range.upperBound - 1) + 1
            } else {
                index += 1
            }
        }
        if start < range.upperBound || !parts.isEmpty { parts.append(start..<range.upperBound) }
        return parts.filter { !$0.isEmpty }
    }
}
