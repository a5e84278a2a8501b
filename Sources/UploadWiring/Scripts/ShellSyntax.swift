/// Shell text cut into simple commands, as a POSIX shell would before running them: words (quotes kept, to be
/// expanded later), the operators between them, comments and here-documents left out, `\` continuations and
/// multi-line quotes joined. Linear in the text: every byte is looked at a bounded number of times.
struct ShellSyntax {
    /// A word as written (quotes and `$(…)` kept) and the line it starts on.
    struct Word: Sendable, Hashable {
        var raw: String
        var line: Int
    }

    /// A redirection: `>`, `>>`, `2>`, `&>`, `<` and its target word.
    struct Redirect: Sendable, Hashable {
        var op: String
        var target: Word
    }

    /// One simple command, or a pipeline of them (`ls x | grep -v y | xargs rm -rf`).
    struct Command: Sendable, Hashable {
        /// The words of each stage of the pipeline.
        var stages: [[Word]]
        var redirects: [Redirect]
        /// The line of the first word.
        var line: Int
        /// Subshell depth change: +1 when the command opens a `(` group before it, and how many `)` close after it.
        var opensSubshell = false
        var closesSubshells = 0

        var words: [Word] { stages.first ?? [] }

        /// The command as written, words joined by single spaces (continuations and line breaks inside quotes
        /// joined), for evidence.
        var text: String {
            var parts = [String]()
            for (index, stage) in stages.enumerated() {
                if index > 0 { parts.append("|") }
                parts += stage.map(\.raw)
            }
            parts += redirects.map { $0.target.raw.isEmpty ? $0.op : $0.op + " " + $0.target.raw }
            return parts.joined(separator: " ")
        }
    }

    /// The commands of `text`, whose first line is line `firstLine` of its file.
    static func commands(in text: String, firstLine: Int) -> [Command] {
        var lexer = Lexer(bytes: Array(text.utf8), line: firstLine)
        var commands = [Command]()
        var current = Command(stages: [[]], redirects: [], line: firstLine)
        var pendingRedirect: String?
        var opensSubshell = false
        var definingFunction = false
        func finish() {
            if current.stages.last?.isEmpty == true, current.stages.count > 1 { current.stages.removeLast() }
            if current.stages.contains(where: { !$0.isEmpty }) || !current.redirects.isEmpty {
                commands.append(current)
            } else if current.closesSubshells > 0, !commands.isEmpty {
                commands[commands.count - 1].closesSubshells += current.closesSubshells
            }
            current = Command(stages: [[]], redirects: [], line: lexer.line)
            pendingRedirect = nil
        }
        while let token = lexer.next() {
            switch token {
            case .word(let word):
                if let op = pendingRedirect {
                    current.redirects.append(Redirect(op: op, target: word))
                    pendingRedirect = nil
                    continue
                }
                if current.stages.allSatisfy(\.isEmpty), current.redirects.isEmpty {
                    current.line = word.line
                    current.opensSubshell = opensSubshell
                    opensSubshell = false
                }
                current.stages[current.stages.count - 1].append(word)
            case .op(let op):
                switch op {
                case "|", "|&":
                    current.stages.append([])
                case "(":
                    if current.stages.count == 1, current.stages[0].count == 1, current.redirects.isEmpty {
                        // `name() {`: a function's definition, not a command.
                        definingFunction = true
                    } else {
                        finish()
                        opensSubshell = true
                    }
                case ")":
                    if definingFunction {
                        definingFunction = false
                        current = Command(stages: [[]], redirects: [], line: lexer.line)
                        continue
                    }
                    current.closesSubshells += 1
                    finish()
                case _ where op.contains(">&"):
                    // `2>&1`: a descriptor, not a file.
                    current.redirects.append(Redirect(op: op, target: Word(raw: "", line: lexer.line)))
                case _ where op.contains(">") || op.hasPrefix("<"):
                    pendingRedirect = op
                default:
                    finish()
                }
            }
        }
        finish()
        return commands
    }

    enum Token {
        case word(Word)
        case op(String)
    }

    /// The tokens of shell text, one at a time.
    struct Lexer {
        let bytes: [UInt8]
        var position = 0
        var line: Int
        /// Here-document delimiters whose bodies start after the next newline (`<<-` bodies may be indented).
        private var pendingHereDocuments: [(delimiter: String, indented: Bool)] = []
        /// The word after `<<`, which names a here-document's delimiter.
        private var expectingDelimiter: Bool?

        init(bytes: [UInt8], line: Int) {
            self.bytes = bytes
            self.line = line
        }

        private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
        private static let operatorBytes: Set<UInt8> = Set("&|;()<>".utf8)

        mutating func next() -> Token? {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == Self.space || byte == Self.tab {
                    position += 1
                } else if byte == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == Self.newline {
                    position += 2
                    line += 1
                } else if byte == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != Self.newline { position += 1 }
                } else if byte == Self.newline {
                    position += 1
                    line += 1
                    skipHereDocuments()
                    return .op("\n")
                } else if Self.operatorBytes.contains(byte) {
                    return .op(readOperator())
                } else {
                    let token = readWord()
                    if case .word(let word) = token, let indented = expectingDelimiter {
                        expectingDelimiter = nil
                        let delimiter = word.raw.filter { $0 != "'" && $0 != "\"" && $0 != "\\" }
                        pendingHereDocuments.append((delimiter, indented))
                    }
                    return token
                }
            }
            return nil
        }

        private mutating func readOperator() -> String {
            let candidates = ["<<<", "<<-", "&>>", "2>>", "&&", "||", ";;", ">>", "<<", "|&", "&>", ">|", ">&"]
            for candidate in candidates where matches(candidate) {
                position += candidate.utf8.count
                if candidate == "<<" || candidate == "<<-" { expectingDelimiter = candidate == "<<-" }
                // `>&file` sends both streams to the file; `>&2` duplicates a descriptor.
                if candidate == ">&" { return descriptorDuplication(">&", ampersandTaken: true) ?? ">" }
                if candidate.hasSuffix(">") {
                    return descriptorDuplication(candidate, ampersandTaken: false) ?? candidate
                }
                return candidate
            }
            position += 1
            let op = String(UnicodeScalar(bytes[position - 1]))
            return op == ">" ? descriptorDuplication(op, ampersandTaken: false) ?? op : op
        }

        /// After a redirection operator: `&1` or `&-` (only the digits or `-` when the `&` is taken) make it the
        /// duplication of a descriptor (`2>&1`), returned whole; `nil` otherwise.
        private mutating func descriptorDuplication(_ op: String, ampersandTaken: Bool) -> String? {
            var end = position
            if !ampersandTaken {
                guard end < bytes.count, bytes[end] == UInt8(ascii: "&") else { return nil }
                end += 1
            }
            let digits = end
            while end < bytes.count, bytes[end] == UInt8(ascii: "-") || (48...57).contains(bytes[end]) { end += 1 }
            guard end > digits else { return nil }
            let suffix = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end
            return op + suffix
        }

        private func matches(_ candidate: String) -> Bool {
            let utf8 = Array(candidate.utf8)
            return position + utf8.count <= bytes.count && Array(bytes[position..<position + utf8.count]) == utf8
        }

        /// A word up to unquoted blank or operator; digits right before `>` are that redirection's (`2>`).
        private mutating func readWord() -> Token {
            let start = position
            let startLine = line
            while position < bytes.count {
                let byte = bytes[position]
                if byte == Self.space || byte == Self.tab || byte == Self.newline { break }
                if Self.operatorBytes.contains(byte) {
                    // `2>file`: the descriptor belongs to the redirection.
                    if byte == UInt8(ascii: ">"), position > start,
                        bytes[start..<position].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                    {
                        let descriptor = String(decoding: bytes[start..<position], as: UTF8.self)
                        position += 1
                        var op = descriptor + ">"
                        if position < bytes.count, bytes[position] == UInt8(ascii: ">") {
                            position += 1
                            op += ">"
                        }
                        return .op(descriptorDuplication(op, ampersandTaken: false) ?? op)
                    }
                    // `NAME=(a b\n c)`: an array's elements belong to the assignment, over lines too.
                    if byte == UInt8(ascii: "("), position > start, bytes[position - 1] == UInt8(ascii: "=") {
                        skipParenthesized()
                        continue
                    }
                    break
                }
                switch byte {
                case UInt8(ascii: "\\"):
                    position += min(2, bytes.count - position)
                case UInt8(ascii: "'"):
                    skipSingleQuoted()
                case UInt8(ascii: "\""):
                    skipDoubleQuoted()
                case UInt8(ascii: "`"):
                    skipBackquoted()
                case UInt8(ascii: "$"):
                    if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "(") {
                        position += 1
                        skipParenthesized()
                    } else if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "{") {
                        position += 1
                        skipBraced()
                    } else {
                        position += 1
                    }
                default:
                    position += 1
                }
            }
            return .word(Word(raw: String(decoding: bytes[start..<position], as: UTF8.self), line: startLine))
        }

        private mutating func advance() {
            if bytes[position] == Self.newline { line += 1 }
            position += 1
        }

        private mutating func skipSingleQuoted() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "'") { advance() }
            position = min(position + 1, bytes.count)
        }

        private mutating func skipDoubleQuoted() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                if bytes[position] == UInt8(ascii: "\\") {
                    advance()
                    if position < bytes.count { advance() }
                } else if bytes[position] == UInt8(ascii: "$"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "(")
                {
                    position += 1
                    skipParenthesized()
                } else if bytes[position] == UInt8(ascii: "`") {
                    skipBackquoted()
                } else {
                    advance()
                }
            }
            position = min(position + 1, bytes.count)
        }

        private mutating func skipBackquoted() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "`") {
                if bytes[position] == UInt8(ascii: "\\") { advance() }
                if position < bytes.count { advance() }
            }
            position = min(position + 1, bytes.count)
        }

        /// From `(` to its matching `)`, quotes inside respected (an iterative scan: no recursion per level).
        private mutating func skipParenthesized() {
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "("):
                    depth += 1
                    position += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    position += 1
                    if depth == 0 { return }
                case UInt8(ascii: "'"): skipSingleQuoted()
                case UInt8(ascii: "\""): skipDoubleQuotedFlat()
                case UInt8(ascii: "\\"):
                    advance()
                    if position < bytes.count { advance() }
                default: advance()
                }
            }
        }

        /// A double-quoted string inside `$(…)`: its own `$(` are counted by the caller's depth, not nested here.
        private mutating func skipDoubleQuotedFlat() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                if bytes[position] == UInt8(ascii: "\\") { advance() }
                if position < bytes.count { advance() }
            }
            position = min(position + 1, bytes.count)
        }

        private mutating func skipBraced() {
            while position < bytes.count, bytes[position] != UInt8(ascii: "}") { advance() }
            position = min(position + 1, bytes.count)
        }

        /// After a newline: the bodies of the here-documents opened on the line just ended.
        private mutating func skipHereDocuments() {
            for (delimiter, indented) in pendingHereDocuments {
                while position < bytes.count {
                    var end = position
                    while end < bytes.count, bytes[end] != Self.newline { end += 1 }
                    var text = String(decoding: bytes[position..<end], as: UTF8.self)
                    if indented { text = String(text.drop { $0 == "\t" || $0 == " " }) }
                    position = min(end + 1, bytes.count)
                    line += 1
                    if text == delimiter || text.trimming(" \t") == delimiter { break }
                }
            }
            pendingHereDocuments.removeAll()
        }
    }
}
