/// The commands `make [targets]` runs from a Makefile, read without running make: each target's prerequisites
/// first (each target once), then its recipe lines, each in a shell of its own in the Makefile's folder, with the
/// Makefile's variables and `$@`, `$<`, `$^` replaced and `$(MAKE)` written as `make` (so the chain follows it).
enum Makefile {
    struct Rule {
        var prerequisites: [String]
        var recipe: [(text: String, line: Int)]
    }

    static func commands(
        of targets: [String], in text: String, file: String, folder: String?, prototype: CICommand,
        unread: inout [UnreadWiring], ranBy: Evidence, maxDepth: Int
    ) -> [CICommand] {
        let (rules, variables, defaultTarget, includes) = parse(text)
        var done = Set<String>()
        var result = [CICommand]()
        func run(_ target: String, depth: Int) {
            guard depth <= maxDepth, done.insert(target).inserted else { return }
            guard let rule = rules[target] else { return }
            for prerequisite in rule.prerequisites { run(prerequisite, depth: depth + 1) }
            for line in rule.recipe {
                let command = substituted(line.text, target: target, rule: rule, variables: variables)
                var state = ShellState(workingDirectory: folder, environment: prototype.environment)
                result += ShellReader.commands(
                    in: command, firstLine: line.line, file: file, prototype: prototype, state: &state)
            }
        }
        let wanted = targets.isEmpty ? defaultTarget.map { [$0] } ?? [] : targets
        for target in wanted {
            guard rules[target] != nil else {
                let why =
                    includes
                    ? "target \(target) (an included makefile may have it; those are not read)" : "target \(target)"
                unread.append(
                    UnreadWiring(
                        file: file, what: "Makefile target \(target)", why: .noSuchTarget(why), referencedBy: ranBy))
                continue
            }
            run(target, depth: 0)
        }
        return result
    }

    /// Rules by target, variables, the default target (the first that is not special or a pattern) and whether the
    /// Makefile includes others.
    static func parse(_ text: String) -> ([String: Rule], [String: String], String?, Bool) {
        var rules = [String: Rule]()
        var variables = [String: String]()
        var defaultTarget: String?
        var includes = false
        var current: [String] = []
        var pending: (text: String, line: Int)?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if var joined = pending {
                joined.text += " " + line.trimming(" \t")
                pending = nil
                line = joined.text
                if line.hasSuffix("\\") {
                    pending = (String(line.dropLast()), joined.line)
                    continue
                }
                process(line, number: joined.line)
                continue
            }
            if line.hasSuffix("\\") {
                pending = (String(line.dropLast()), offset + 1)
                continue
            }
            process(line, number: offset + 1)
        }
        func process(_ line: String, number: Int) {
            if line.hasPrefix("\t") {
                let recipe = line.trimming(" \t")
                guard !recipe.isEmpty, !recipe.hasPrefix("#") else { return }
                for target in current { rules[target]?.recipe.append((recipe, number)) }
                return
            }
            let code = String(line.prefix { $0 != "#" })
            let trimmed = code.trimming(" \t")
            guard !trimmed.isEmpty else { return }
            if trimmed.hasPrefix("include ") || trimmed.hasPrefix("-include ") || trimmed.hasPrefix("sinclude ") {
                includes = true
                return
            }
            if ["ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "define", "endef"].contains(
                String(trimmed.prefix { $0 != " " && $0 != "(" }))
            {
                return
            }
            // `NAME = value`, `:=`, `?=`, `+=`, `export NAME = value`.
            if let assignment = variableAssignment(trimmed) {
                if assignment.append {
                    variables[assignment.name, default: ""] += " " + assignment.value
                } else if !(assignment.conditional && variables[assignment.name] != nil) {
                    variables[assignment.name] = assignment.value
                }
                current = []
                return
            }
            guard let colon = trimmed.firstIndex(of: ":") else {
                current = []
                return
            }
            let targets = trimmed[..<colon].split(separator: " ").map(String.init)
            var rest = String(trimmed[trimmed.index(after: colon)...])
            if rest.hasPrefix(":") { rest.removeFirst() }
            var inline: String?
            if let semicolon = rest.firstIndex(of: ";") {
                inline = String(rest[rest.index(after: semicolon)...]).trimming(" \t")
                rest = String(rest[..<semicolon])
            }
            let prerequisites =
                rest.split(separator: "|").first.map {
                    $0.split(separator: " ").map(String.init)
                } ?? []
            current = targets
            for target in targets {
                rules[target, default: Rule(prerequisites: [], recipe: [])].prerequisites += prerequisites
                if let inline, !inline.isEmpty { rules[target]?.recipe.append((inline, number)) }
                if defaultTarget == nil, !target.hasPrefix("."), !target.contains("%") { defaultTarget = target }
            }
        }
        return (rules, variables, defaultTarget, includes)
    }

    private static func variableAssignment(_ line: String) -> (
        name: String, value: String, append: Bool, conditional: Bool
    )? {
        var text = Substring(line)
        if text.hasPrefix("export ") || text.hasPrefix("override ") { text = text.drop { $0 != " " }.dropFirst() }
        guard let equals = text.firstIndex(of: "=") else { return nil }
        var name = text[..<equals]
        var append = false
        var conditional = false
        if let last = name.last, ":?+!".contains(last) {
            append = last == "+"
            conditional = last == "?"
            name = name.dropLast()
            if name.last == ":" { name = name.dropLast() }
        }
        let trimmedName = name.trimming(" \t")
        guard !trimmedName.isEmpty, !trimmedName.contains(" "), !trimmedName.contains(":") || trimmedName.hasSuffix(":")
        else { return nil }
        return (trimmedName, text[text.index(after: equals)...].trimming(" \t"), append, conditional)
    }

    /// A recipe line as the shell receives it.
    private static func substituted(_ line: String, target: String, rule: Rule, variables: [String: String]) -> String {
        var text = line
        while let first = text.first, "@-+".contains(first) { text.removeFirst() }
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "$", index + 1 < characters.count else {
                out.append(characters[index])
                index += 1
                continue
            }
            let next = characters[index + 1]
            switch next {
            case "$": out.append("$")
            case "@": out += target
            case "<": out += rule.prerequisites.first ?? ""
            case "^": out += rule.prerequisites.joined(separator: " ")
            case "(", "{":
                let close: Character = next == "(" ? ")" : "}"
                guard let end = characters[(index + 2)...].firstIndex(of: close) else {
                    out.append("$")
                    index += 1
                    continue
                }
                let name = String(characters[(index + 2)..<end])
                if name == "MAKE" {
                    out += "make"
                } else if let value = variables[name] {
                    out += value
                } else {
                    // Not the Makefile's: the environment's, which the shell reads.
                    out += "${" + name.filter { !$0.isWhitespace } + "}"
                }
                index = end + 1
                continue
            default:
                out.append("$")
                out.append(next)
            }
            index += 2
        }
        return out
    }
}
