/// A Ruby file (a Fastfile, an Appfile, a Gemfile) as the readers here see it: one kind of line ending, comments
/// blanked out, and a line index, so every later step works on `\n`-separated lines and reports 1-based lines
/// that match the file on disk.
///
/// fastlane reads a Fastfile saved on Windows (`\r\n`) or with old Mac endings (`\r`) like any other; so does
/// this: both become `\n` (`WiringText`) before anything is looked for (a CRLF Fastfile once read as one line,
/// with no lanes).
struct RubySource: Sendable {
    /// The code with `\n` line endings and every `#` comment and `=begin`…`=end` block replaced by spaces
    /// (strings kept), so offsets and lines stay those of the file.
    let code: [Character]
    /// Offsets in `code` where each line starts.
    let lineStarts: [Int]

    init(_ text: String) {
        code = Self.blankingComments(Array(WiringText.unixLineEndings(text)))
        var starts = [0]
        for (offset, character) in code.enumerated() where character == "\n" { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The 1-based line of `offset` (binary search: a hostile file has many calls).
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The text of the 1-based `line`, trimmed.
    func text(ofLine line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : code.count
        return String(code[start..<end]).trimmingWhitespace
    }

    /// The lines, without their `\n`.
    var lines: [String] {
        lineStarts.indices.map { index in
            let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : code.count
            return String(code[lineStarts[index]..<end])
        }
    }

    /// `code` with comments replaced by spaces: `#` to the end of the line outside strings, and `=begin`…`=end`
    /// blocks. Quotes are followed so a `#` inside a string (or `#{…}` interpolation) is kept.
    private static func blankingComments(_ text: [Character]) -> [Character] {
        var out = text
        var quote: Character?
        var continuedString = false
        var index = 0
        var lineStart = true
        while index < text.count {
            let character = text[index]
            if lineStart, quote == nil, matches("=begin", in: text, at: index) {
                // Up to the line after `=end`.
                while index < text.count, !(text[index] == "\n" && matches("=end", in: text, at: index + 1)) {
                    if text[index] != "\n" { out[index] = " " }
                    index += 1
                }
                index += 1
                while index < text.count, text[index] != "\n" {
                    out[index] = " "
                    index += 1
                }
                continue
            }
            lineStart = character == "\n"
            if let open = quote {
                if character == "\\" {
                    // A string whose line ends in a backslash (`"openssl … \\` then more) goes on on the next line.
                    if index + 2 < text.count, text[index + 2] == "\n" { continuedString = true }
                    index += 2
                    continue
                }
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                while index < text.count, text[index] != "\n" {
                    out[index] = " "
                    index += 1
                }
                lineStart = true
                index += 1
                continue
            }
            // A string left open at the end of a line is closed there: a stray quote must not hide the file.
            if character == "\n" {
                if !continuedString { quote = nil }
                continuedString = false
            }
            index += 1
        }
        return out
    }

    private static func matches(_ word: String, in text: [Character], at index: Int) -> Bool {
        var offset = index
        for character in word {
            guard offset < text.count, text[offset] == character else { return false }
            offset += 1
        }
        return true
    }
}

/// One argument value of a Ruby call, as written: enough to tell a plain string from one Ruby rewrites or one
/// only known at run time.
struct RubyValue: Sendable, Hashable {
    /// The value's text, trimmed (`"fastlane/metadata/android"`, `true`, `ENV["KEY"]`, `options[:flavor]`).
    var text: String

    /// The contents of a string literal (`"x"` or `'x'`); `nil` for anything else.
    var string: String? {
        guard let first = text.first, first == "\"" || first == "'", text.count >= 2, text.last == first else {
            return nil
        }
        return String(text.dropFirst().dropLast())
    }

    /// A double-quoted string literal: Ruby interpolates `#{…}` in it but leaves `$HOME` as written.
    var isDoubleQuoted: Bool { text.first == "\"" && string != nil }

    /// A string literal with no `#{…}` interpolation: its value is known.
    var literal: String? {
        guard let string, !(isDoubleQuoted && string.contains("#{")) else { return nil }
        return string
    }

    /// `true` or `false` written as such (or as a string, which fastlane's boolean options also accept).
    var boolean: Bool? {
        switch (string ?? text).lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }
}

/// A call of a Ruby method in a file, with its keyword arguments: `supply(track: "beta", …)`,
/// `gradle task: "assembleRelease"`.
struct RubyCall: Sendable, Hashable {
    var name: String
    /// Its `key: value` (and `:key => value`) arguments.
    var arguments: [String: RubyValue]
    /// Its positional arguments, in order (`sh("cp", "-a", "pro/.", ".")`).
    var positional: [RubyValue]
    /// Its first positional argument (`import "lanes.rb"`, `package_name("org.example")`).
    var firstArgument: RubyValue? { positional.first }
    /// Where the name starts, as an offset in the source's code.
    var offset: Int
}

extension RubySource {
    /// Every call of a method named in `names` (a whole identifier, not in a string, not a symbol or a method of
    /// another object), with its arguments, in one pass over the code.
    func calls(named names: Set<String>) -> [RubyCall] {
        var found = [RubyCall]()
        var index = 0
        while index < code.count {
            let character = code[index]
            if character == "\"" || character == "'" {
                index = Self.end(ofStringAt: index, in: code)
                continue
            }
            guard let (name, end) = identifier(at: index) else {
                index += 1
                continue
            }
            index = end
            guard names.contains(name) else { continue }
            let (arguments, positional, argumentsEnd) = Self.arguments(in: code, after: end)
            found.append(RubyCall(name: name, arguments: arguments, positional: positional, offset: end - name.count))
            index = max(index, argumentsEnd)
        }
        return found
    }

    /// The word starting at `index` when it is a whole identifier (not part of a longer name, a symbol `:x`, an
    /// instance variable `@x` or a method of another object `a.x`).
    func identifier(at index: Int) -> (String, Int)? {
        guard Self.isWord(code[index]), code[index].isNumber == false else { return nil }
        if index > 0 {
            let before = code[index - 1]
            guard !Self.isWord(before), before != ":", before != "@", before != ".", before != "$" else { return nil }
        }
        var end = index
        while end < code.count, Self.isWord(code[end]) || code[end] == "?" || code[end] == "!" { end += 1 }
        return (String(code[index..<end]), end)
    }

    static func isWord(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Just past the string literal that opens at `start` (or at the end of its line when it is not closed there;
    /// a line that ends in a backslash inside it goes on, as `blankingComments` reads it).
    static func end(ofStringAt start: Int, in code: [Character]) -> Int {
        let quote = code[start]
        var index = start + 1
        while index < code.count, code[index] != quote, code[index] != "\n" {
            if code[index] == "\\", index + 2 < code.count, code[index + 2] == "\n" {
                index += 3
                continue
            }
            index += code[index] == "\\" ? 2 : 1
        }
        return min(index + 1, code.count)
    }

    /// The arguments of a call whose name ends at `start`: inside parentheses, or up to the end of the line
    /// without them (continued over lines after a trailing comma); and where they end, so a scan goes on from
    /// there (each character is read once).
    private static func arguments(in code: [Character], after start: Int) -> (
        [String: RubyValue], [RubyValue], end: Int
    ) {
        var position = start
        while position < code.count, code[position] == " " || code[position] == "\t" { position += 1 }
        var body = [Character]()
        var depth = 0
        var lastVisible: Character?
        if position < code.count, code[position] == "(" {
            position += 1
            depth = 1
        } else if position < code.count,
            !(code[position] == "\"" || code[position] == "'" || isWord(code[position]))
                && code[position] != ":"
        {
            // `name.x`, `name = …`, `name do`: no arguments.
            return ([:], [], position)
        }
        while position < code.count {
            let character = code[position]
            if character == "\"" || character == "'" {
                let end = end(ofStringAt: position, in: code)
                body += code[position..<end]
                lastVisible = code[end - 1]
                position = end
                continue
            }
            if character == "(" || character == "[" || character == "{" {
                depth += 1
            } else if character == ")" || character == "]" || character == "}" {
                depth -= 1
                if depth <= 0 {
                    if depth == 0 { position += 1 }
                    break
                }
            } else if character == "\n", depth == 0, lastVisible != ",", lastVisible != "\\" {
                break
            }
            body.append(character)
            if !character.isWhitespace { lastVisible = character }
            position += 1
        }
        var arguments = [String: RubyValue]()
        var positional = [RubyValue]()
        for piece in splitTopLevel(body) {
            let pair = piece.trimmingWhitespace
            if let (key, value) = keywordArgument(pair) {
                arguments[key] = RubyValue(text: value)
            } else if !pair.isEmpty {
                positional.append(RubyValue(text: pair))
            }
        }
        return (arguments, positional, position)
    }

    /// `key: value` or `:key => value`.
    private static func keywordArgument(_ pair: String) -> (String, String)? {
        if pair.hasPrefix(":"), let arrow = pair.range(of: "=>") {
            let key = pair[pair.index(after: pair.startIndex)..<arrow.lowerBound].trimmingWhitespace
            return key.allSatisfy(isWord) ? (key, pair[arrow.upperBound...].trimmingWhitespace) : nil
        }
        guard let colon = pair.firstIndex(of: ":") else { return nil }
        let key = String(pair[..<colon])
        let after = pair.index(after: colon)
        // `a::B` is a constant path, not a keyword.
        guard !key.isEmpty, key.allSatisfy(isWord), after == pair.endIndex || pair[after] != ":" else { return nil }
        return (key, pair[after...].trimmingWhitespace)
    }

    /// Splits at commas outside brackets and quotes.
    static func splitTopLevel(_ body: [Character]) -> [String] {
        var pieces = [String]()
        var current = ""
        walkBrackets(body) { character, depth, quoted in
            if character == ",", depth == 0, !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }

    /// Calls `visit` with each character of `text`, the depth of the brackets open after it and whether it is
    /// inside a string literal (the closing quote is, the opening one is not); returns the depth left open at the
    /// end (a hash constant written over several lines is complete at 0).
    @discardableResult
    static func walkBrackets(
        _ text: some Sequence<Character>, _ visit: (Character, _ depth: Int, _ quoted: Bool) -> Void = { _, _, _ in }
    ) -> Int {
        var depth = 0
        var quote: Character?
        for character in text {
            let quoted = quote != nil
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            }
            visit(character, depth, quoted)
        }
        return depth
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace (newlines included).
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
