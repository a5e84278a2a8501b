/// A CI file that cannot be read as its CI system reads it (YAML its parser refuses, a system playprep does not
/// read), read line by line instead, so that no upload in it is lost in silence: each `run:`, `script:`,
/// `command:`… value (a one-line scalar, a `|`/`>` block, or the items of a list under the key) is shell, read by
/// `ShellReader`; each `uses:` is an action with the `with:` inputs of its step. A step's `env:` (or
/// `variables:`) and `working-directory:` are read where they sit beside the key. The commands are one job per
/// file and carry `readLineByLine` (as do the commands of the scripts they run), so an upload they start is
/// partial (``PlayUpload/provenAsItsStepWasRead``) and a lane they run is judged by its signs, that CI line among
/// them (``LivenessSign/namedByCI(_:)``).
struct CILines {
    /// One line of the file: its number, indentation and, past a `- ` item mark, its text and column.
    struct Line {
        var number: Int
        var indent: Int
        var isItem: Bool
        /// The text after the indentation and the item mark.
        var content: Substring
        /// The column `content` starts at.
        var column: Int
        var isBlank: Bool { content.isEmpty || content.first == "#" }

        init(_ text: Substring, number: Int) {
            self.number = number
            var rest = text
            indent = rest.prefix { $0 == " " || $0 == "\t" }.count
            rest = rest.dropFirst(indent)
            isItem = rest == "-" || rest.hasPrefix("- ")
            let mark = isItem ? 1 + rest.dropFirst().prefix { $0 == " " }.count : 0
            content = rest.dropFirst(mark)
            column = indent + mark
        }

        /// `key: value` (value without surrounding spaces), when the line is one.
        var pair: (key: Substring, value: Substring)? {
            guard let colon = content.firstIndex(of: ":") else { return nil }
            let key = content[..<colon]
            let after = content[content.index(after: colon)...]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }),
                after.isEmpty || after.first == " " || after.first == "\t"
            else { return nil }
            return (key, after.drop { $0 == " " || $0 == "\t" })
        }
    }

    /// Keys whose value is shell, in the CI systems playprep reads and the common ones it does not.
    static let shellKeys: Set<String> = [
        "run", "script", "scripts", "command", "commands", "cmd", "before_script", "after_script", "before_install",
        "install", "before_deploy", "after_success", "bash", "sh", "content", "inlineScript", "inline",
    ]

    let lines: [Line]
    /// The lines as written (without a CR before the newline).
    let texts: [Substring]

    init(_ text: String) {
        texts = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.last == "\r" ? $0.dropLast() : $0
        }
        lines = texts.enumerated().map { Line($0.element, number: $0.offset + 1) }
    }

    /// The lines below `index` that belong to its value: more indented than its content, blank lines within.
    func body(of index: Int) -> Range<Int> {
        var end = index + 1
        while end < lines.count, lines[end].isBlank || lines[end].indent > lines[index].column { end += 1 }
        while end > index + 1, lines[end - 1].isBlank { end -= 1 }
        return (index + 1)..<end
    }

    /// Lines `siblings(of:)` looks through on each side: far more than a step holds, and a bound on a file of
    /// one flat mapping.
    static let stepReach = 500

    /// The other keys of the mapping that holds the key on `index` (a step's `with:`, `env:`), by name, within
    /// `stepReach` lines.
    func siblings(of index: Int) -> [Substring: Int] {
        let column = lines[index].column
        var found = [Substring: Int]()
        func take(_ position: Int) { if let key = lines[position].pair?.key { found[key] = position } }
        var position = index
        // Back to the line that opens the mapping (`- name: …` at this column), or its first key.
        while !lines[position].isItem, position > 0, index - position < Self.stepReach {
            let previous = lines[position - 1]
            if previous.isBlank || previous.indent > column {
                position -= 1
                continue
            }
            guard previous.column == column, previous.indent == column || previous.isItem else { break }
            position -= 1
            take(position)
        }
        position = index + 1
        while position < lines.count, position - index < Self.stepReach {
            let line = lines[position]
            if line.isBlank || line.indent > column {
                position += 1
                continue
            }
            guard line.indent == column, !line.isItem else { break }
            take(position)
            position += 1
        }
        return found
    }

    /// The `key: value` pairs under the key on `index` (a `with:` or `env:` block), quotes removed.
    func pairs(under index: Int) -> [String: String] {
        var values = [String: String]()
        for position in body(of: index) {
            guard let pair = lines[position].pair else { continue }
            values[String(pair.key)] = Self.unquoted(pair.value)
        }
        return values
    }

    /// A scalar as written, without the quotes around it (`\"` and `''` undone).
    static func unquoted(_ value: Substring) -> String {
        guard value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote else {
            return String(value)
        }
        let inner = value.dropFirst().dropLast()
        if quote == "'" { return String(inner.replacing("''", with: "'")) }
        var text = ""
        var escaped = false
        for character in inner {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            text.append(character)
        }
        return text
    }
}

extension CIReading {
    /// Reads `text` of `file` line by line (`CILines`): its commands, each marked with `reason`, in one job.
    mutating func readLineByLine(_ text: String, file: String, because reason: String) {
        let lines = CILines(text)
        let job = file + "#lines"
        let first = commands.count
        var index = 0
        var steps = 0
        while index < lines.lines.count {
            let line = lines.lines[index]
            guard let pair = line.pair else {
                index += 1
                continue
            }
            let (key, value) = (pair.key, pair.value)
            let isAction = key == "uses" && !value.isEmpty
            guard isAction || CILines.shellKeys.contains(String(key)) else {
                index += 1
                continue
            }
            // Past the file's step limit (said once by the step that crosses it) nothing more is read.
            steps += 1
            if steps > limits.maxStepsPerFile + 1 { break }
            let siblings = lines.siblings(of: index)
            let environment = CIEnvironment(
                (siblings["env"] ?? siblings["variables"]).map { lines.pairs(under: $0) } ?? [:])
            if isAction {
                let uses = CILines.unquoted(value)
                action(
                    uses, inputs: siblings["with"].map { lines.pairs(under: $0) } ?? [:],
                    evidence: Evidence(file: file, line: line.number, quote: "uses: " + uses), job: job,
                    environment: environment)
                index += 1
                continue
            }
            let folder = siblings["working-directory"].flatMap { lines.lines[$0].pair }.map {
                ShellReader.folder(CILines.unquoted($0.value))
            }
            var state = ShellState(workingDirectory: folder ?? "", environment: environment)
            let body = lines.body(of: index)
            if value.first == "|" || value.first == ">" {
                // A block: its lines, less the indentation they share.
                let margin = body.map { lines.lines[$0] }.filter { !$0.isBlank }.map(\.indent).min() ?? 0
                let script = lines.texts[body]
                    .map { $0.dropFirst(min(margin, $0.prefix { $0 == " " || $0 == "\t" }.count)) }
                    .joined(separator: "\n")
                shell(script, firstLine: line.number + 1, file: file, job: job, state: &state)
            } else if value.isEmpty {
                // A list (its items may sit at the key's own indentation): each item that is no `key: value` is a
                // command.
                var end = body.upperBound
                while end < lines.lines.count,
                    lines.lines[end].isBlank || lines.lines[end].isItem && lines.lines[end].indent == line.column
                {
                    end += 1
                }
                for position in (index + 1)..<end
                where lines.lines[position].isItem && lines.lines[position].pair == nil {
                    let item = lines.lines[position]
                    shell(
                        CILines.unquoted(item.content), firstLine: item.number, file: file, job: job, state: &state)
                }
                // Keys below it (a Bitrise `script:` step's `inputs:` and `content:`) are read in turn.
                index += 1
                continue
            } else {
                // One scalar, continued on more indented lines (folded into one line, as YAML folds them).
                let continued = body.map { lines.lines[$0] }.filter { !$0.isBlank }.map { String($0.content) }
                let scalar = ([CILines.unquoted(value)] + continued).joined(separator: " ")
                shell(scalar, firstLine: line.number, file: file, job: job, state: &state)
            }
            index = max(index + 1, body.upperBound)
        }
        for position in first..<commands.count { commands[position].readLineByLine = reason }
    }
}

extension PlayUpload {
    /// This upload as the step that starts it was read: one that a CI file read line by line starts is partial
    /// (why: the file and its reason); any other is unchanged.
    var provenAsItsStepWasRead: PlayUpload {
        guard case .ci = trigger, let reason = command?.readLineByLine else { return self }
        var upload = self
        upload.trigger = .undecidable(reason)
        return upload
    }
}
