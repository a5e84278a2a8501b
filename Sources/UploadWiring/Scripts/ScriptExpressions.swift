/// The string values of a Python or Ruby script, as far as its text shows them: literals, f-strings and `#{…}`
/// interpolation, `os.path.join`/`Path(…) / x`/`File.join`, `dirname`, `__file__`/`__dir__`, the working folder,
/// and variables assigned before; what only the run knows is `*`. Paths from the repository's root start with
/// `ShellReader.rootMark`, as in the shell reader, so both resolve alike.
struct ScriptValues {
    enum Dialect {
        case python, ruby
    }

    let dialect: Dialect
    var variables: [String: String] = [:]
    /// The script's path, relative to the repository.
    var scriptPath: String?
    /// The folder the script runs in (`os.chdir`, `Dir.chdir` change it).
    var workingDirectory: String?

    private var root: String { String(ShellReader.rootMark) }

    /// The value of `expression` (a pattern: `*` for any unknown part).
    func evaluate(_ expression: String, depth: Int = 0) -> String {
        let expression = expression.trimming(" \t")
        guard !expression.isEmpty, depth < 32 else { return "*" }
        // `a + b`, Python's `a / b` on paths.
        let concatenated = ScriptSyntax.splitTopLevel(expression, at: "+")
        if concatenated.count > 1 { return concatenated.map { evaluate($0, depth: depth + 1) }.joined() }
        if dialect == .python {
            let joined = ScriptSyntax.splitTopLevel(expression, at: "/")
            if joined.count > 1 { return join(joined.map { evaluate($0, depth: depth + 1) }) }
        }
        if let literal = ScriptSyntax.stringLiteral(expression, dialect: dialect) {
            return interpolate(literal, depth: depth)
        }
        if expression.hasPrefix("("), expression.hasSuffix(")"),
            ScriptSyntax.closing(of: Array(expression), at: 0) == expression.count - 1
        {
            return evaluate(String(expression.dropFirst().dropLast()), depth: depth + 1)
        }
        if expression.hasPrefix("["), expression.hasSuffix("]") {
            return ScriptSyntax.splitTopLevel(String(expression.dropFirst().dropLast()), at: ",")
                .filter { !$0.trimming(" ").isEmpty }.map { evaluate($0, depth: depth + 1) }.joined(separator: " ")
        }
        if let (name, arguments, rest) = ScriptSyntax.call(expression) {
            return accessors(rest, on: function(name, arguments: arguments, depth: depth), depth: depth)
        }
        let name = String(expression.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        if name.count == expression.count { return variable(name) }
        if !name.isEmpty {
            return accessors(String(expression.dropFirst(name.count)), on: variable(name), depth: depth)
        }
        return "*"
    }

    /// A name's value: an assigned variable, the script's own path and folder, else unknown.
    private func variable(_ name: String) -> String {
        if let value = variables[name] { return value }
        switch name {
        case "__file__", "__FILE__": return scriptPath.map { root + $0 } ?? "*"
        case "__dir__": return scriptPath.map { root + parent($0) } ?? "*"
        default: return "*"
        }
    }

    /// A call's value: path helpers of the language; anything else is unknown.
    private func function(_ name: String, arguments: String, depth: Int) -> String {
        let values = { ScriptSyntax.positionalArguments(arguments).map { self.evaluate($0, depth: depth + 1) } }
        switch name {
        case "os.path.join", "Path", "pathlib.Path", "PurePath", "File.join", "Pathname.new", "Pathname":
            return join(values())
        case "os.path.abspath", "os.path.realpath", "os.path.normpath", "str", "os.fspath", "os.path.expanduser",
            "String":
            return values().first ?? "*"
        case "os.path.dirname", "File.dirname": return parent(values().first ?? "*")
        case "os.path.basename", "File.basename": return values().first.map(lastPart) ?? "*"
        case "os.getcwd", "Dir.pwd", "Path.cwd": return workingDirectory.map { root + $0 } ?? "*"
        case "File.expand_path":
            let parts = values()
            return parts.count > 1 ? join([parts[1], parts[0]]) : parts.first ?? "*"
        default: return "*"
        }
    }

    /// `.parent`, `.name`, `.resolve()`, `.to_s`, … after a value.
    private func accessors(_ rest: String, on value: String, depth: Int) -> String {
        var value = value
        var rest = Substring(rest)
        while rest.first == "." {
            rest = rest.dropFirst()
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest.dropFirst(name.count)
            if rest.first == "(" {
                guard let end = ScriptSyntax.closing(of: Array(rest), at: 0) else { return "*" }
                let arguments = String(rest.dropFirst().prefix(end - 1))
                rest = rest.dropFirst(end + 1)
                if name == "joinpath" {
                    value = join(
                        [value] + ScriptSyntax.splitTopLevel(arguments, at: ",").map { evaluate($0, depth: depth + 1) })
                    continue
                }
            }
            switch name {
            case "parent", "dirname": value = parent(value)
            case "name", "basename": value = lastPart(value)
            case "resolve", "absolute", "expanduser", "to_s", "to_path", "strip", "realpath", "expand_path": break
            default: return "*"
            }
        }
        return rest.trimming(" ").isEmpty ? value : "*"
    }

    /// A string literal's text with `{…}` (f-strings) or `#{…}` (Ruby) replaced by their values.
    private func interpolate(_ literal: ScriptSyntax.Literal, depth: Int) -> String {
        guard literal.interpolated else { return literal.text }
        var out = ""
        let characters = Array(literal.text)
        var index = 0
        while index < characters.count {
            let opens =
                dialect == .python
                ? characters[index] == "{"
                : characters[index] == "#" && index + 1 < characters.count
                    && characters[index + 1] == "{"
            if dialect == .python, characters[index] == "{", index + 1 < characters.count, characters[index + 1] == "{"
            {
                out.append("{")
                index += 2
                continue
            }
            if opens {
                let start = dialect == .python ? index : index + 1
                guard let end = ScriptSyntax.closing(of: characters, at: start) else { break }
                let inner = String(characters[(start + 1)..<end]).split(separator: ":", maxSplits: 1).first ?? ""
                out += evaluate(String(inner), depth: depth + 1)
                index = end + 1
                continue
            }
            out.append(characters[index])
            index += 1
        }
        return out
    }

    /// Path parts joined with `/`; a part that is absolute (or from the root) starts over.
    private func join(_ parts: [String]) -> String {
        var result = ""
        for part in parts where !part.isEmpty {
            if part.first == ShellReader.rootMark || part.hasPrefix("/") || result.isEmpty {
                result = part
            } else {
                result += (result.hasSuffix("/") || result.last == ShellReader.rootMark ? "" : "/") + part
            }
        }
        return result.isEmpty ? "*" : result
    }

    private func parent(_ path: String) -> String {
        let marked = path.first == ShellReader.rootMark
        let body = marked ? String(path.dropFirst()) : path
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        let parentPath = parts.count > 1 ? parts.dropLast().joined(separator: "/") : (marked ? ".." : ".")
        return (marked ? root : "") + parentPath
    }

    private func lastPart(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init)?.filter { $0 != ShellReader.rootMark } ?? "*"
    }
}

/// Lexical helpers for Python and Ruby statements: string literals, matching brackets, top-level splits, calls.
enum ScriptSyntax {
    struct Literal {
        var text: String
        /// An f-string (Python) or a double-quoted string (Ruby): `{…}`/`#{…}` are expressions.
        var interpolated: Bool
    }

    /// `expression` when it is one whole string literal (`'x'`, `"x"`, `f"…"`, `r'…'`, `"""…"""`).
    static func stringLiteral(_ expression: String, dialect: ScriptValues.Dialect) -> Literal? {
        var body = Substring(expression)
        var interpolated = false
        if dialect == .python {
            let prefix = body.prefix { "fFrRbBuU".contains($0) }
            guard prefix.count <= 2 else { return nil }
            interpolated = prefix.lowercased().contains("f")
            body = body.dropFirst(prefix.count)
        }
        guard let quote = body.first, quote == "'" || quote == "\"", body.count >= 2 else { return nil }
        let triple = body.hasPrefix(String(repeating: quote, count: 3)) && body.count >= 6
        let delimiter = triple ? 3 : 1
        guard body.hasSuffix(String(repeating: quote, count: delimiter)),
            end(ofStringIn: Array(body), at: 0) == body.count
        else { return nil }
        if dialect == .ruby { interpolated = quote == "\"" }
        var text = String(body.dropFirst(delimiter).dropLast(delimiter))
        text = unescaped(text)
        return Literal(text: text, interpolated: interpolated)
    }

    private static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                out.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Where the string literal starting at `start` ends (the index after its closing quote).
    static func end(ofStringIn characters: [Character], at start: Int) -> Int {
        let quote = characters[start]
        let triple = start + 2 < characters.count && characters[start + 1] == quote && characters[start + 2] == quote
        var index = start + (triple ? 3 : 1)
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == quote {
                if !triple { return index + 1 }
                if index + 2 < characters.count, characters[index + 1] == quote, characters[index + 2] == quote {
                    return index + 3
                }
            }
            index += 1
        }
        return characters.count
    }

    /// The index of the bracket closing the one at `start`, quotes respected.
    static func closing(of characters: [Character], at start: Int) -> Int? {
        firstTopLevel(in: characters, from: start) { character, depth in ")]}".contains(character) && depth == 0 }
    }

    /// `text` split at `separator` where it stands outside brackets and quotes.
    static func splitTopLevel(_ text: String, at separator: Character) -> [String] {
        let characters = Array(text)
        var pieces = [String]()
        var start = 0
        while let index = firstTopLevel(in: characters, from: start, where: { $0 == separator && $1 == 0 }) {
            pieces.append(String(characters[start..<index]))
            start = index + 1
        }
        pieces.append(String(characters[start..<characters.count]))
        return pieces
    }

    /// The index of the first character from `start` outside quotes for which `found` holds, given the bracket
    /// depth once that character is counted (an opening bracket raises it, a closing one lowers it).
    private static func firstTopLevel(
        in characters: [Character], from start: Int, where found: (Character, Int) -> Bool
    ) -> Int? {
        var depth = 0
        var index = start
        while index < characters.count {
            let character = characters[index]
            if character == "'" || character == "\"" {
                index = end(ofStringIn: characters, at: index)
                continue
            }
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if found(character, depth) { return index }
            index += 1
        }
        return nil
    }

    /// `name(arguments)rest` at the start of `expression`, `name` dotted (`os.path.join`).
    static func call(_ expression: String) -> (name: String, arguments: String, rest: String)? {
        let characters = Array(expression)
        var index = 0
        while index < characters.count,
            characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                || characters[index] == "." || characters[index] == ":"
        {
            index += 1
        }
        guard index > 0, index < characters.count, characters[index] == "(",
            let end = closing(of: characters, at: index)
        else { return nil }
        return (
            String(characters[0..<index]), String(characters[(index + 1)..<end]),
            String(characters[(end + 1)..<characters.count])
        )
    }

    /// Every call in a statement, in order, with its arguments: `(name, arguments)`; calls inside arguments come
    /// after the call holding them.
    static func calls(in statement: String) -> [(name: String, arguments: String)] {
        let characters = Array(statement)
        var found = [(name: String, arguments: String)]()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" || character == "\"" {
                index = end(ofStringIn: characters, at: index)
                continue
            }
            // `Path(x).unlink()`: a method called on a call's result is named `.unlink`.
            let onResult = index >= 2 && characters[index - 1] == "." && characters[index - 2] == ")"
            guard character.isLetter || character == "_",
                index == 0 || onResult
                    || !(characters[index - 1].isLetter || characters[index - 1].isNumber
                        || characters[index - 1] == "_" || characters[index - 1] == ".")
            else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count,
                characters[end].isLetter || characters[end].isNumber || characters[end] == "_" || characters[end] == "."
            {
                end += 1
            }
            let name = (onResult ? "." : "") + String(characters[index..<end]).trimming(".")
            if end < characters.count, characters[end] == "(", let close = closing(of: characters, at: end) {
                found.append((name, String(characters[(end + 1)..<close])))
                index = end + 1
            } else {
                index = end
            }
        }
        return found
    }

    /// `key=value` keyword arguments of a call (Python).
    static func keywordArgument(_ name: String, in arguments: String) -> String? {
        for piece in splitTopLevel(arguments, at: ",") {
            let parts = piece.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimming(" ") == name, !parts[1].hasPrefix("=") {
                return String(parts[1])
            }
        }
        return nil
    }

    /// Positional arguments of a call (keyword ones left out).
    static func positionalArguments(_ arguments: String) -> [String] {
        splitTopLevel(arguments, at: ",").filter { piece in
            let trimmed = piece.trimming(" \n\t")
            guard !trimmed.isEmpty else { return false }
            let name = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let after = trimmed.dropFirst(name.count).drop { $0 == " " }
            return name.isEmpty || !(after.hasPrefix("=") && !after.hasPrefix("==")) && !after.hasPrefix(":")
        }
    }
}
