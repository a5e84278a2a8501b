/// A Ruby script's commands (`system`, backquotes, `%x(…)`, `sh`, `exec`, `spawn`, `Open3`) and file changes
/// (`FileUtils.cp/mv/rm_rf/…`, `File.delete/rename/write`), read without running it: lines one by one (brackets and
/// `\` continuations joined), with the variables, `Dir.glob(…).each do |f|` loops and `Dir.chdir` before them.
enum RubyScript {
    static func commands(in text: String, file: String, prototype: CICommand, scriptPath: String?) -> [CICommand] {
        var values = ScriptValues(dialect: .ruby)
        values.scriptPath = scriptPath
        values.workingDirectory = prototype.workingDirectory
        var emitter = ScriptEmitter(file: file, prototype: prototype)
        for statement in PythonScript.statements(of: text, firstLine: 1) {
            var body = statement.text
            bindBlockVariables(body, values: &values)
            for keyword in ["if ", "unless ", "elsif ", "while ", "return "] where body.hasPrefix(keyword) {
                body = String(body.dropFirst(keyword.count))
            }
            for (command, _) in Self.backquoted(body) {
                emitter.emitCommand(
                    values.evaluate("\"" + command + "\""), folder: values.workingDirectory, statement: statement)
            }
            for (name, arguments) in ScriptSyntax.calls(in: body) {
                emitter.call(name, arguments: arguments, statement: statement, values: &values)
            }
            // Calls without parentheses: `system "cmd"`, `FileUtils.cp a, b`, `sh "cmd"`.
            let words = body.split(separator: " ", maxSplits: 1).map(String.init)
            if words.count == 2, !words[1].hasPrefix("("), !words[1].hasPrefix("="), isKnownFunction(words[0]) {
                var arguments = words[1]
                for tail in [" do", " if ", " unless "] {
                    if let range = arguments.firstRange(of: tail) { arguments = String(arguments[..<range.lowerBound]) }
                }
                emitter.call(words[0], arguments: arguments, statement: statement, values: &values)
            }
            let pieces = ScriptSyntax.splitTopLevel(body, at: "=")
            if pieces.count == 2, let target = pieces.first?.trimming(" "),
                target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !target.isEmpty,
                !pieces[1].hasPrefix("="), !pieces[1].hasPrefix("~")
            {
                values.variables[target] = values.evaluate(pieces[1])
            }
        }
        return emitter.commands
    }

    private static func isKnownFunction(_ name: String) -> Bool {
        ScriptEmitter.commandFunctions.contains(name) || ScriptEmitter.copyFunctions.contains(name)
            || ScriptEmitter.moveFunctions.contains(name) || ScriptEmitter.deleteFunctions.contains(name)
            || name == "Dir.chdir" || name == "File.write"
    }

    /// `` `cmd` `` and `%x(cmd)`: the command text of each.
    private static func backquoted(_ body: String) -> [(String, Int)] {
        var found = [(String, Int)]()
        let characters = Array(body)
        var index = 0
        while index < characters.count {
            if characters[index] == "`", let end = characters[(index + 1)...].firstIndex(of: "`") {
                found.append((String(characters[(index + 1)..<end]), index))
                index = end + 1
            } else if characters[index] == "%", index + 2 < characters.count, characters[index + 1] == "x",
                "({[".contains(characters[index + 2]), let end = ScriptSyntax.closing(of: characters, at: index + 2)
            {
                found.append((String(characters[(index + 3)..<end]), index))
                index = end + 1
            } else if characters[index] == "'" || characters[index] == "\"" {
                index = ScriptSyntax.end(ofStringIn: characters, at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// `Dir.glob(P).each do |f|`, `Dir[P].each { |f| … }`, `Dir.children(D).each do |name|`: the block's variables.
    private static func bindBlockVariables(_ body: String, values: inout ScriptValues) {
        guard let open = body.firstIndex(of: "|"), let close = body[body.index(after: open)...].firstIndex(of: "|")
        else { return }
        let names = body[body.index(after: open)..<close].split(separator: ",").map { $0.trimming(" ") }
        let receiver = String(body[..<open])
        var element = "*"
        for function in ["Dir.glob(", "Dir["] {
            guard let start = receiver.firstRange(of: function) else { continue }
            let characters = Array(receiver[receiver.index(before: start.upperBound)...])
            guard let close = ScriptSyntax.closing(of: characters, at: 0) else { continue }
            let argument = ScriptSyntax.splitTopLevel(String(characters[1..<close]), at: ",")
            element = values.evaluate(argument.first ?? "")
        }
        for (offset, name) in names.enumerated() { values.variables[name] = offset == 0 ? element : "*" }
    }
}
