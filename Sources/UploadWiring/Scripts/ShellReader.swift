/// What a shell would run, read from its text without running it: one `CICommand` per simple command
/// (`ShellSyntax`), each with the folder it runs in (`cd`, `pushd`/`popd`, subshells), the variables exported
/// before it, and the files it copies, moves, deletes or writes. Variables set in the text are expanded where
/// their value is written out; what is known only at run time becomes `*`.
struct ShellState: Sendable {
    /// The folder commands run in, relative to the repository (`""`: its root); `nil` when unknown.
    var workingDirectory: String? = ""
    /// `cd -`'s folder.
    var previousDirectory: String?? = .none
    /// `pushd`'s folders, and the folders to return to when a subshell `( … )` ends.
    var directoryStack: [String?] = []
    var subshells: [String?] = []
    /// Shell variables set so far, expanded (`*` for what only the run knows).
    var variables: [String: String] = [:]
    /// The environment commands run with: the CI's, plus what `export` added.
    var environment: CIEnvironment = [:]
    /// Variables a GitHub Actions step appends to `$GITHUB_ENV`, which the job's later steps see.
    var jobExports: [String: String] = [:]
    /// `$0` and `$1`…: the script being read and its arguments.
    var scriptPath: String?
    var arguments: [String] = []
    /// `case … esac` depth, in which `pattern)` is not a subshell's end.
    var caseDepth = 0

    init(workingDirectory: String?, environment: CIEnvironment) {
        self.workingDirectory = workingDirectory
        self.environment = environment
    }
}

enum ShellReader {
    /// Marks the start of an expanded path that is the repository's root (`$GITHUB_WORKSPACE`, `$(dirname "$0")/..`
    /// of a script at the root).
    static let rootMark: Character = "\u{1}"

    /// The variables CI systems set to the checkout folder (`REPOSITORY_ROOT` is playprep's own, for a path from the
    /// root in a command a script builds where the folder it runs in is unknown).
    static let workspaceVariables: Set<String> = [
        "GITHUB_WORKSPACE", "CI_PROJECT_DIR", "BITRISE_SOURCE_DIR", "BUILDKITE_BUILD_CHECKOUT_PATH", "WORKSPACE",
        "TRAVIS_BUILD_DIR", "CIRCLE_WORKING_DIRECTORY", "CI_WORKSPACE", "CM_BUILD_DIR", "FCI_BUILD_DIR",
        "BUILD_SOURCESDIRECTORY", "SYSTEM_DEFAULTWORKINGDIRECTORY", "BUILD_REPOSITORY_LOCALPATH", "REPOSITORY_ROOT",
    ]

    /// Azure Pipelines macros for the checkout folder (`$(Build.SourcesDirectory)`).
    private static let workspaceMacros: Set<String> = [
        "Build.SourcesDirectory", "System.DefaultWorkingDirectory", "Build.Repository.LocalPath",
    ]

    /// The commands of `text` (line `firstLine` of `file`), each a copy of `prototype` with its own text,
    /// evidence, folder, environment and file operations; `state` carries the shell from one call to the next
    /// (the lines of one script, or the items of one GitLab job).
    static func commands(in text: String, firstLine: Int, file: String, prototype: CICommand, state: inout ShellState)
        -> [CICommand]
    {
        var result = [CICommand]()
        for command in ShellSyntax.commands(in: text, firstLine: firstLine) {
            if command.opensSubshell { state.subshells.append(state.workingDirectory) }
            defer {
                if state.caseDepth == 0 || command.opensSubshell {
                    for _ in 0..<command.closesSubshells {
                        if let folder = state.subshells.popLast() { state.workingDirectory = folder }
                    }
                }
            }
            if let emitted = read(command, file: file, prototype: prototype, state: &state) {
                result.append(emitted)
            }
        }
        return result
    }

    /// Variables naming files the CI system reads after a step: writing them changes no repository file.
    private static let ciFiles = ["GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_PATH", "GITHUB_STEP_SUMMARY", "BASH_ENV"]
    /// Words that open a compound command before the command proper: not part of the command's text.
    private static let compoundKeywords: Set<String> = ["if", "then", "else", "elif", "do", "while", "until", "!", "{"]
    /// Words that run the command after them: part of its text, not of what it runs.
    private static let wrappers: Set<String> = ["time", "exec", "nohup", "command", "builtin", "sudo"]
    private static let closingKeywords: Set<String> = ["fi", "done", "esac", "}", ";;"]

    private static func read(
        _ command: ShellSyntax.Command, file: String, prototype: CICommand, state: inout ShellState
    ) -> CICommand? {
        var proper = command
        while let first = proper.stages.first?.first?.raw, compoundKeywords.contains(first) {
            proper.stages[0].removeFirst()
        }
        var words = proper.words.map(\.raw)
        while let first = words.first, wrappers.contains(first) { words.removeFirst() }
        guard let first = words.first ?? (command.redirects.isEmpty ? nil : "") else { return nil }
        if closingKeywords.contains(first) {
            if first == "esac" { state.caseDepth = max(0, state.caseDepth - 1) }
            return nil
        }
        if first == "case" {
            state.caseDepth += 1
            return nil
        }
        // A `case` arm's pattern (`release)`), not a command.
        if state.caseDepth > 0, command.closesSubshells > 0, !command.opensSubshell, words.count == 1 { return nil }
        if first == "function" { return nil }
        if first == "for", words.count >= 2 {
            let items = words.dropFirst(2).first == "in" ? Array(words.dropFirst(3)) : []
            state.variables[words[1]] = items.count == 1 ? expand(items[0], state: state) : "*"
            return nil
        }
        var commandEnvironment = [String: String]()
        // `NAME=value` before the command: for it alone; alone on the line: the shell's variables.
        if first == "env" { words.removeFirst() }
        while let word = words.first, let (name, value) = assignment(word) {
            commandEnvironment[name] = expand(value, state: state)
            words.removeFirst()
        }
        if words.isEmpty {
            state.variables.merge(commandEnvironment) { $1 }
        } else if ["export", "declare", "local", "readonly", "typeset"].contains(words[0]) {
            var exported = [String: String]()
            for word in words.dropFirst() where !word.hasPrefix("-") {
                if let (name, value) = assignment(word) {
                    let value = expand(value, state: state)
                    state.variables[name] = value
                    if words[0] == "export" || words.contains("-x") { exported[name] = value }
                }
            }
            state.environment = state.environment.adding(exported)
        }
        let here = state.workingDirectory
        let before = state
        changeFolder(words, state: &state)
        // The words as the shell passes them, with the shell as it was before the command.
        let expandedStages =
            [words.map { expand($0, state: before) }]
            + command.stages.dropFirst().map { stage in stage.map { expand($0.raw, state: before) } }
        // Files of the CI itself (`$GITHUB_ENV`, `$GITHUB_OUTPUT`, …) are not the repository's.
        let redirects = command.redirects.filter { redirect in
            !ciFiles.contains { redirect.target.raw.contains($0) }
        }
        let operations = FileOperations.of(
            stages: expandedStages, redirects: redirects.map { ($0.op, expand($0.target.raw, state: before)) },
            folder: here)
        recordJobExport(command, state: &state)
        var emitted = prototype
        emitted.text = proper.text
        emitted.evidence = Evidence(file: file, line: command.line, quote: proper.text)
        emitted.workingDirectory = here
        emitted.environment = state.environment.adding(commandEnvironment)
        emitted.fileOperations = operations
        emitted.expandedWords = expandedStages[0]
        return emitted
    }

    /// `NAME=value` as a name and the raw value.
    static func assignment(_ word: String) -> (String, String)? {
        guard let equals = word.firstIndex(of: "="), equals > word.startIndex else { return nil }
        let name = word[..<equals]
        guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return (String(name), String(word[word.index(after: equals)...]))
    }

    /// `cd`, `pushd` and `popd`.
    private static func changeFolder(_ words: [String], state: inout ShellState) {
        guard let verb = words.first, ["cd", "pushd", "popd"].contains(verb) else { return }
        if verb == "popd" {
            if let folder = state.directoryStack.popLast() { state.workingDirectory = folder }
            return
        }
        let arguments = words.dropFirst().filter { !($0.hasPrefix("-") && $0.count > 1) }
        let target: String?
        if arguments.first == "-" {
            target = state.previousDirectory ?? state.workingDirectory
        } else if let argument = arguments.first {
            let expanded = expand(argument, state: state)
            let resolved = resolve(expanded, in: state.workingDirectory)
            target = resolved.flatMap { $0.contains("*") || $0.hasPrefix("/") || $0.hasPrefix("~") ? nil : $0 }
        } else {
            target = nil  // `cd` alone: the home folder.
        }
        if verb == "pushd" { state.directoryStack.append(state.workingDirectory) }
        state.previousDirectory = .some(state.workingDirectory)
        state.workingDirectory = target
    }

    /// `echo "NAME=value" >> $GITHUB_ENV`: the job's later steps see the variable.
    private static func recordJobExport(_ command: ShellSyntax.Command, state: inout ShellState) {
        guard command.redirects.contains(where: { $0.op == ">>" && $0.target.raw.contains("GITHUB_ENV") }),
            let words = command.stages.first, words.first?.raw == "echo", words.count == 2,
            let (name, value) = assignment(expand(words[1].raw, state: state))
        else { return }
        state.jobExports[name] = value
        state.environment = state.environment.adding([name: value])
    }

    /// The folder `path` (relative to `folder`, as a `working-directory:` is written) stands for.
    static func folder(_ path: String?, from folder: String? = "") -> String? {
        guard let path, !path.isEmpty else { return folder }
        let expanded = expand(path, state: ShellState(workingDirectory: folder, environment: [:]))
        guard !expanded.contains("*") else { return nil }
        return resolve(expanded, in: folder).flatMap { $0.hasPrefix("/") || $0.hasPrefix("~") ? nil : $0 }
    }

    /// `path` (expanded) relative to the repository, seen from `folder`: the root mark resolved, `.` and `..`
    /// applied. Absolute and `~` paths stay as they are; a relative path seen from an unknown folder is `nil`.
    static func resolve(_ path: String, in folder: String?) -> String? {
        if path.first == rootMark { return normalized(String(path.dropFirst())) }
        if path.hasPrefix("/") || path.hasPrefix("~") { return path }
        guard let folder else { return nil }
        return normalized(folder.isEmpty ? path : folder + "/" + path)
    }

    /// An expanded word written for a command run from `folder`: a path from the root (`rootMark`) made relative to
    /// the folder, or `$REPOSITORY_ROOT/…` where the folder is unknown.
    static func display(_ word: String, from folder: String?) -> String {
        guard word.first == rootMark else { return word }
        let path = normalized(String(word.dropFirst()))
        guard let folder else { return "$REPOSITORY_ROOT/" + path }
        let here = folder.split(separator: "/")
        let there = path.split(separator: "/")
        let common = zip(here, there).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: here.count - common) + there[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `a/./b/../c/` as `a/c`; `..` past the root kept in front (`../x`: outside the repository).
    static func normalized(_ path: String) -> String {
        var parts = [Substring]()
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// A word as the shell would pass it: quotes removed, `$NAME`/`${NAME}`/`$1` replaced by what `state` knows
    /// (the checkout folder as `rootMark`), `$(…)` and backquotes by `*` unless they name a folder
    /// (`$(dirname "$0")`, `$(pwd)`, `$(git rev-parse --show-toplevel)`).
    static func expand(_ raw: String, state: ShellState) -> String {
        let characters = Array(raw)
        var out = ""
        var index = 0
        var quote: Character?
        while index < characters.count {
            let character = characters[index]
            if quote == "'" {
                if character == "'" { quote = nil } else { out.append(character) }
                index += 1
            } else if character == "'" && quote == nil || character == "\"" {
                quote = quote == nil ? character : nil
                index += 1
            } else if character == "\\", index + 1 < characters.count {
                out.append(characters[index + 1])
                index += 2
            } else if character == "$" || character == "`" {
                let (value, end) = substitution(characters, at: index, state: state)
                out += value
                index = end
            } else if character == "~", index == 0, quote == nil {
                out.append(character)
                index += 1
            } else {
                out.append(character)
                index += 1
            }
        }
        // The checkout folder counts only at the start of the word.
        if let mark = out.firstIndex(of: rootMark), mark != out.startIndex {
            out.removeAll { $0 == rootMark }
        }
        return out
    }

    /// A `$…` or backquoted substitution at `start`: its value and where it ends.
    private static func substitution(_ characters: [Character], at start: Int, state: ShellState) -> (String, Int) {
        var index = start + 1
        if characters[start] == "`" {
            while index < characters.count, characters[index] != "`" { index += 1 }
            let body = String(characters[(start + 1)..<min(index, characters.count)])
            return (commandSubstitution(body, state: state), min(index + 1, characters.count))
        }
        guard index < characters.count else { return ("$", index) }
        switch characters[index] {
        case "(":
            var depth = 0
            var end = index
            while end < characters.count {
                if characters[end] == "(" { depth += 1 }
                if characters[end] == ")" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            let body = String(characters[(index + 1)..<min(end, characters.count)])
            if workspaceMacros.contains(body.trimming(" ")) {
                return (String(rootMark), min(end + 1, characters.count))
            }
            return (commandSubstitution(body, state: state), min(end + 1, characters.count))
        case "{":
            var end = index
            var depth = 0
            while end < characters.count {
                if characters[end] == "{" { depth += 1 }
                if characters[end] == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            let body = String(characters[(index + 1)..<min(end, characters.count)])
            let next = min(end + 1, characters.count)
            // `${{ github.workspace }}`: GitHub's expression, replaced before the shell runs.
            if body.hasPrefix("{") {
                let expression = body.dropFirst().trimming(" }")
                return (expression == "github.workspace" ? String(rootMark) : "*", next)
            }
            let name = String(body.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            // `${path%/*}` is the path's folder, `${path##*/}` its last name.
            let operation = body.dropFirst(name.count).drop { $0 == "[" || $0 == "]" || $0.isNumber }
            if operation == "%/*" || operation == "%%/*" || operation == "##*/" || operation == "#*/" {
                guard let value = variable(name, state: state), value != "*" else { return ("*", next) }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                if operation.hasPrefix("%") { return (parts.dropLast().joined(separator: "/"), next) }
                return (parts.last.map(String.init)?.filter { $0 != rootMark } ?? "*", next)
            }
            var fallback: String?
            if let dash = body.range(of: ":-") ?? body.range(of: "-"), body[..<dash.lowerBound] == name {
                fallback = String(body[dash.upperBound...])
            }
            return (variable(name, state: state) ?? fallback.map { expand($0, state: state) } ?? "*", next)
        default:
            var end = index
            if characters[end].isNumber || "@*#?$!".contains(characters[end]) {
                end += 1
            } else {
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber
                        || characters[end] == "_"
                {
                    end += 1
                }
            }
            guard end > index else { return ("$", index) }
            return (variable(String(characters[index..<end]), state: state) ?? "*", end)
        }
    }

    /// A variable's value as far as the text shows it.
    private static func variable(_ name: String, state: ShellState) -> String? {
        if workspaceVariables.contains(name) { return String(rootMark) }
        if name == "PWD" { return state.workingDirectory.map { String(rootMark) + $0 } }
        if name == "0" || name == "BASH_SOURCE" { return state.scriptPath.map { String(rootMark) + $0 } }
        if let position = Int(name), position > 0 {
            return position <= state.arguments.count ? state.arguments[position - 1] : nil
        }
        if name == "@" || name == "*" { return state.arguments.isEmpty ? nil : state.arguments.joined(separator: " ") }
        return state.variables[name] ?? state.environment[name]
    }

    /// `$(…)`: the folders it names, `*` for anything else.
    private static func commandSubstitution(_ body: String, state: ShellState) -> String {
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { String($0) }
        let script = state.scriptPath.map { String(rootMark) + $0 }
        if words.first == "dirname", let argument = words.last {
            let path = expand(argument, state: state)
            if path.first == rootMark || path == "*" && (argument.contains("BASH_SOURCE") || argument.contains("$0")) {
                let full = path.first == rootMark ? path : (script ?? "*")
                guard full.first == rootMark else { return "*" }
                let parent = String(full.dropFirst()).split(separator: "/").dropLast().joined(separator: "/")
                return String(rootMark) + parent
            }
            return "*"
        }
        if words == ["pwd"] { return state.workingDirectory.map { String(rootMark) + $0 } ?? "*" }
        // `$(readlink -f "$0")`, `$(realpath x)`: the path itself, as far as the text shows it.
        if let tool = words.first, tool == "readlink" || tool == "realpath", let argument = words.last,
            words.count > 1, !argument.hasPrefix("-")
        {
            return expand(argument, state: state)
        }
        // `$(find DIR -name '*.txt' | sort -n | tail -n 1)`, `$(ls -v DIR/*.txt | tail -1)`: one of DIR's files.
        if let lister = words.first, lister == "find" || lister == "ls" {
            let arguments = words.dropFirst().prefix { $0 != "|" && $0 != ";" && $0 != "&&" }
            guard let folder = arguments.first(where: { !$0.hasPrefix("-") && $0 != "!" }) else { return "*" }
            let path = expand(folder, state: state)
            if lister == "ls" { return path.contains("*") ? path : path + "/*" }
            let nameIndex = arguments.firstIndex { $0 == "-name" || $0 == "-iname" }
            let name = nameIndex.flatMap { index in
                index + 1 < arguments.endIndex ? expand(arguments[index + 1], state: state) : nil
            }
            let shallow =
                arguments.firstIndex(of: "-maxdepth").map { index in
                    index + 1 < arguments.endIndex && arguments[index + 1] == "1"
                } ?? false
            return path + (shallow ? "/" : "/**/") + (name ?? "*")
        }
        if words.starts(with: ["git", "rev-parse", "--show-toplevel"]) { return String(rootMark) }
        // `$(cd "$(dirname "$0")/.." && pwd)`: the folder it changes to.
        if words.first == "cd", words.suffix(2).elementsEqual(["&&", "pwd"]) || words.last == "pwd" {
            let target = body.dropFirst(2).prefix { $0 != "&" && $0 != ";" }.trimming(" ")
            let path = expand(target, state: state)
            if let resolved = resolve(path, in: state.workingDirectory), !resolved.contains("*"),
                !resolved.hasPrefix("/")
            {
                return String(rootMark) + resolved
            }
        }
        return "*"
    }
}
