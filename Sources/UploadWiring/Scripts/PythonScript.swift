/// A Python script's commands (`subprocess.run/call/check_call/check_output/Popen`, `os.system`) and file changes
/// (`shutil.copy/copy2/copyfile/copytree/move/rmtree`, `os.remove/unlink/rename/replace/rmdir`,
/// `Path(…).unlink()/rename()`, `open(path, "w")`), read without running it: statements one by one, with the
/// variables, loops and `os.chdir` before them (`ScriptValues`).
enum PythonScript {
    static func commands(
        in text: String, firstLine: Int, file: String, prototype: CICommand, scriptPath: String?
    ) -> [CICommand] {
        var values = ScriptValues(dialect: .python)
        values.scriptPath = scriptPath
        values.workingDirectory = prototype.workingDirectory
        var emitter = ScriptEmitter(file: file, prototype: prototype)
        // Names that stand for subprocess's and shutil's functions (`import subprocess as sp`, `from shutil import
        // copy`).
        var aliases = [String: String]()
        for statement in statements(of: text, firstLine: firstLine) {
            var body = statement.text
            if body.hasPrefix("import ") || body.hasPrefix("from ") {
                recordImport(body, into: &aliases)
                continue
            }
            // `for name in iterable:` binds the name to what the iterable yields.
            if body.hasPrefix("for "), let inRange = body.range(of: " in ") {
                let names = body[body.index(body.startIndex, offsetBy: 4)..<inRange.lowerBound]
                let header = ScriptSyntax.splitTopLevel(String(body[inRange.upperBound...]), at: ":")
                let element = loopElement(header.first ?? "", values: values, aliases: aliases)
                for name in names.split(separator: ",") {
                    values.variables[name.trimming(" ()")] = names.contains(",") ? "*" : element
                }
                body = header.dropFirst().joined(separator: ":")
            }
            for keyword in ["if ", "elif ", "while ", "with ", "else:", "try:", "finally:", "return "]
            where body.hasPrefix(keyword) {
                body = String(body.dropFirst(keyword.count))
            }
            for (name, arguments) in ScriptSyntax.calls(in: body) {
                let function = canonical(name, aliases: aliases)
                emitter.call(function, arguments: arguments, statement: statement, values: &values)
            }
            // `target = value` (not `==`, not a keyword argument).
            let pieces = ScriptSyntax.splitTopLevel(body, at: "=")
            if pieces.count == 2, let target = pieces.first?.trimming(" "), !target.isEmpty,
                !"!<>".contains(target.last ?? " "), !pieces[1].hasPrefix("=")
            {
                let name = target.split(separator: ":").first.map { $0.trimming(" ") } ?? target
                if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    values.variables[name] = values.evaluate(pieces[1])
                } else if name.contains(",") {
                    for part in name.split(separator: ",") { values.variables[part.trimming(" ()")] = "*" }
                }
            }
        }
        return emitter.commands
    }

    /// What `for x in …` yields: a name in a folder (`os.listdir`, `os.scandir`) is `*`; a glob's paths are the
    /// pattern; `Path(x).iterdir()` yields `x/*`.
    private static func loopElement(_ iterable: String, values: ScriptValues, aliases: [String: String]) -> String {
        var expression = iterable.trimming(" ")
        for wrapper in ["sorted(", "reversed(", "list(", "enumerate("] where expression.hasPrefix(wrapper) {
            expression = String(expression.dropFirst(wrapper.count).dropLast())
        }
        if let (name, arguments, rest) = ScriptSyntax.call(expression) {
            let function = canonical(name, aliases: aliases)
            let first = ScriptSyntax.positionalArguments(arguments).first ?? ""
            if function == "glob.glob" || function == "glob.iglob" { return values.evaluate(first) }
            if function.hasSuffix(".iterdir") || rest.hasPrefix(".iterdir") {
                return values.evaluate(String(expression.prefix(expression.count - rest.count))) + "/*"
            }
        }
        if let range = expression.range(of: ".iterdir()") {
            return values.evaluate(String(expression[..<range.lowerBound])) + "/*"
        }
        if let range = expression.range(of: ".glob(") {
            let base = values.evaluate(String(expression[..<range.lowerBound]))
            let pattern = ScriptSyntax.call("glob(" + expression[range.upperBound...])?.arguments ?? ""
            return base + "/" + values.evaluate(pattern)
        }
        return "*"
    }

    /// The full name of a called function, through the script's imports.
    private static func canonical(_ name: String, aliases: [String: String]) -> String {
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let full = aliases[first] else { return name }
        return parts.count > 1 ? full + "." + parts[1] : full
    }

    private static func recordImport(_ statement: String, into aliases: inout [String: String]) {
        let words = statement.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if words.first == "import" {
            var index = 1
            while index < words.count {
                if index + 2 < words.count, words[index + 1] == "as" {
                    aliases[words[index + 2]] = words[index]
                    index += 3
                } else {
                    index += 1
                }
            }
        } else if words.first == "from", words.count >= 4, words[2] == "import" {
            var index = 3
            while index < words.count {
                let name = words[index].trimming("()")
                if index + 2 < words.count, words[index + 1] == "as" {
                    aliases[words[index + 2].trimming("()")] = words[1] + "." + name
                    index += 3
                } else {
                    aliases[name] = words[1] + "." + name
                    index += 1
                }
            }
        }
    }

    /// A logical line: brackets, strings and `\` continuations joined; comments and docstrings left out.
    struct Statement {
        var text: String
        var line: Int
    }

    static func statements(of text: String, firstLine: Int) -> [Statement] {
        let characters = Array(text)
        var result = [Statement]()
        var current = ""
        var start = firstLine
        var line = firstLine
        var depth = 0
        var index = 0
        func finish() {
            let trimmed = current.trimming(" \t\n")
            let isDocstring =
                (trimmed.hasPrefix("\"\"\"") || trimmed.hasPrefix("'''"))
                && ScriptSyntax.end(ofStringIn: Array(trimmed), at: 0) == trimmed.count
            if !trimmed.isEmpty, !isDocstring { result.append(Statement(text: trimmed, line: start)) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            if current.trimming(" \t").isEmpty, character != "\n" { start = line }
            if character == "'" || character == "\"" {
                let end = ScriptSyntax.end(ofStringIn: characters, at: index)
                for scalar in characters[index..<end] {
                    if scalar == "\n" { line += 1 }
                    current.append(scalar)
                }
                index = end
                continue
            }
            if character == "#" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "\\", index + 1 < characters.count, characters[index + 1] == "\n" {
                current.append(" ")
                index += 2
                line += 1
                continue
            }
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth = max(0, depth - 1) }
            if character == "\n" {
                line += 1
                if depth == 0 { finish() } else { current.append(" ") }
            } else if character == ";", depth == 0 {
                finish()
            } else {
                current.append(character)
            }
            index += 1
        }
        finish()
        return result
    }
}

/// Turns the calls of a Python or Ruby statement into commands: the command lines it runs (read by the shell
/// reader, so their own file operations are found too) and its file operations.
struct ScriptEmitter {
    let file: String
    let prototype: CICommand
    private(set) var commands: [CICommand] = []

    init(file: String, prototype: CICommand) {
        self.file = file
        self.prototype = prototype
    }

    /// Functions that run a command line: the first argument is the command (a list of words or one string).
    static let commandFunctions: Set<String> = [
        "subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output", "subprocess.Popen",
        "os.system", "os.popen", "system", "exec", "spawn", "sh", "Open3.capture2", "Open3.capture2e",
        "Open3.capture3", "Open3.popen3", "Kernel.system",
    ]
    static let copyFunctions: Set<String> = [
        "shutil.copy", "shutil.copy2", "shutil.copyfile", "shutil.copytree", "FileUtils.cp", "FileUtils.copy",
        "FileUtils.cp_r", "FileUtils.copy_file", "FileUtils.copy_entry", "FileUtils.install", "cp", "cp_r",
    ]
    static let moveFunctions: Set<String> = [
        "shutil.move", "os.rename", "os.replace", "os.renames", "FileUtils.mv", "FileUtils.move", "File.rename", "mv",
    ]
    static let deleteFunctions: Set<String> = [
        "os.remove", "os.unlink", "os.rmdir", "os.removedirs", "shutil.rmtree", "FileUtils.rm", "FileUtils.rm_f",
        "FileUtils.rm_r", "FileUtils.rm_rf", "FileUtils.remove", "FileUtils.remove_dir", "FileUtils.remove_entry",
        "FileUtils.rmdir", "FileUtils.rmtree", "File.delete", "File.unlink", "rm", "rm_f", "rm_r", "rm_rf",
    ]
    static let writeFunctions: Set<String> = ["File.write", "IO.write", "File.open", "open"]

    /// The command or operation of one call, if it is one of the functions above (`chdir` moves the folder).
    mutating func call(
        _ function: String, arguments: String, statement: PythonScript.Statement, values: inout ScriptValues
    ) {
        let positional = ScriptSyntax.positionalArguments(arguments)
        let known = values
        let paths = { (count: Int) in
            positional.prefix(count).map { FileOperations.path(known.evaluate($0), in: known.workingDirectory) }
        }
        if function == "os.chdir" || function == "Dir.chdir", let first = positional.first {
            let target = values.evaluate(first)
            values.workingDirectory = ShellReader.resolve(target, in: values.workingDirectory).flatMap {
                $0.contains("*") || $0.hasPrefix("/") ? nil : $0
            }
            return
        }
        if Self.commandFunctions.contains(function), let first = positional.first {
            var folder = values.workingDirectory
            if let cwd = ScriptSyntax.keywordArgument("cwd", in: arguments) {
                folder = ShellReader.resolve(values.evaluate(cwd), in: folder)
            }
            // `system("fastlane", "supply")` (Ruby) passes the words one by one.
            let words = (positional.count > 1 && !function.hasPrefix("subprocess") ? positional : [first])
                .map { values.evaluate($0) }.joined(separator: " ")
            emitCommand(words, folder: folder, statement: statement)
            return
        }
        var operation: FileOperation?
        if Self.copyFunctions.contains(function), positional.count >= 2 {
            let both = paths(2)
            operation = FileOperation(kind: .copy, sources: [both[0]], target: both[1])
        } else if Self.moveFunctions.contains(function), positional.count >= 2 {
            let both = paths(2)
            operation = FileOperation(kind: .move, sources: [both[0]], target: both[1])
        } else if Self.deleteFunctions.contains(function), !positional.isEmpty {
            operation = FileOperation(kind: .delete, sources: paths(1))
        } else if Self.writeFunctions.contains(function), positional.count >= 2,
            function.hasSuffix(".write")
                || ScriptSyntax.stringLiteral(positional[1].trimming(" "), dialect: values.dialect).map({
                    $0.text.contains("w") || $0.text.contains("a")
                }) == true
        {
            operation = FileOperation(kind: .write, sources: [], target: paths(1).first)
        } else if function.hasSuffix(".unlink") || function.hasSuffix(".rmdir") || function.hasSuffix(".rename")
            || function.hasSuffix(".write_text") || function.hasSuffix(".write_bytes")
        {
            operation = methodOperation(function, positional: positional, statement: statement, values: values)
        }
        if let operation { emitOperation(operation, statement: statement, folder: values.workingDirectory) }
    }

    /// `Path(x).unlink()`, `p.rename(q)`, `p.write_text(…)`: the receiver is the path.
    private func methodOperation(
        _ function: String, positional: [String], statement: PythonScript.Statement, values: ScriptValues
    ) -> FileOperation? {
        let text = statement.text
        guard let dot = text.ranges(of: "." + (function.split(separator: ".").last ?? "")).last else { return nil }
        var receiver = String(text[..<dot.lowerBound])
        if let equals = receiver.range(of: "= ") { receiver = String(receiver[equals.upperBound...]) }
        let source = FileOperations.path(values.evaluate(receiver), in: values.workingDirectory)
        if function.hasSuffix(".rename"), let target = positional.first {
            let destination = FileOperations.path(values.evaluate(target), in: values.workingDirectory)
            return FileOperation(kind: .move, sources: [source], target: destination)
        }
        if function.hasSuffix(".write_text") || function.hasSuffix(".write_bytes") {
            return FileOperation(kind: .write, sources: [], target: source)
        }
        return FileOperation(kind: .delete, sources: [source])
    }

    /// A command line the script runs, read as shell text from `folder`; its evidence is the script's statement.
    mutating func emitCommand(_ command: String, folder: String?, statement: PythonScript.Statement) {
        let text = command.split(separator: " ", omittingEmptySubsequences: false).map {
            ShellReader.display(String($0), from: folder)
        }.joined(separator: " ")
        var state = ShellState(workingDirectory: folder, environment: prototype.environment)
        for var emitted in ShellReader.commands(
            in: text, firstLine: statement.line, file: file, prototype: prototype, state: &state)
        {
            emitted.evidence = Evidence(file: file, line: statement.line, quote: statement.text)
            commands.append(emitted)
        }
    }

    mutating func emitOperation(_ operation: FileOperation, statement: PythonScript.Statement, folder: String?) {
        var emitted = prototype
        emitted.text = statement.text
        emitted.evidence = Evidence(file: file, line: statement.line, quote: statement.text)
        emitted.workingDirectory = folder
        emitted.fileOperations = [operation]
        emitted.expandedWords = []
        commands.append(emitted)
    }
}
