/// Follows what a command runs to the commands inside it: shell scripts (`./x.sh`, `bash x.sh`, `sh -c "…"`),
/// Python and Ruby scripts, npm/yarn/pnpm scripts of `package.json`, and Makefile targets, as deep as
/// `WiringLimits.maxChainDepth` and for at most `WiringLimits.maxCommandsFollowed` commands in all. Each command
/// found carries the chain that ran it (the CI step first), its folder and environment; what cannot be followed
/// (a missing script, a JavaScript file, a path built at run time) is recorded in `unread`.
struct ScriptChain {
    let repository: any RepositoryFiles
    let limits: WiringLimits
    private(set) var unread: [UnreadWiring] = []
    /// Commands read from scripts so far.
    private var followed = 0
    private var stopped = false
    /// Files' texts, read once however often they run.
    private var texts: [String: Result<String, UnreadWiring.Reason>] = [:]

    init(repository: any RepositoryFiles, limits: WiringLimits) {
        self.repository = repository
        self.limits = limits
    }

    /// `commands`, each followed right after it by the commands of what it runs.
    mutating func expand(_ commands: [CICommand]) -> [CICommand] {
        var result = [CICommand]()
        result.reserveCapacity(commands.count)
        for command in commands {
            result.append(command)
            result += follow(command, depth: 1)
        }
        return result
    }

    /// The commands `command` runs, each followed in turn.
    mutating func follow(_ command: CICommand, depth: Int) -> [CICommand] {
        guard command.action == nil, !stopped,
            let target = ScriptTarget(command: command, repository: repository, maxBytes: limits.maxFileBytes)
        else { return [] }
        // A script that runs itself, directly or not, is read once on the chain.
        if let file = target.file, command.fullChain.contains(where: { $0.file == file }) { return [] }
        guard depth <= limits.maxChainDepth else {
            unread.append(
                UnreadWiring(
                    file: target.file ?? command.evidence.file, what: "script chain",
                    why: .limit(name: "maxChainDepth", value: limits.maxChainDepth),
                    referencedBy: command.evidence))
            return []
        }
        let found = commands(of: target, ranBy: command)
        var result = [CICommand]()
        for inner in found {
            guard followed < limits.maxCommandsFollowed else {
                stopped = true
                unread.append(
                    UnreadWiring(
                        file: inner.evidence.file, what: "commands of scripts (the rest)",
                        why: .limit(name: "maxCommandsFollowed", value: limits.maxCommandsFollowed),
                        referencedBy: command.evidence))
                break
            }
            followed += 1
            result.append(inner)
            result += follow(inner, depth: depth + 1)
        }
        return result
    }

    /// The text of a repository file, read once.
    private mutating func text(of path: String) -> Result<String, UnreadWiring.Reason> {
        if let known = texts[path] { return known }
        let read = WiringText.read(path, in: repository, maxBytes: limits.maxFileBytes)
        texts[path] = read
        return read
    }

    /// The template for the commands a script run by `command` holds.
    private func prototype(ranBy command: CICommand) -> CICommand {
        var prototype = command
        prototype.chain = command.fullChain
        prototype.origin =
            command.origin == .unreferencedScript ? .unreferencedScript : .script(ranBy: prototype.chain[0])
        prototype.fileOperations = []
        prototype.expandedWords = []
        return prototype
    }

    private mutating func commands(of target: ScriptTarget, ranBy command: CICommand) -> [CICommand] {
        let prototype = prototype(ranBy: command)
        switch target.kind {
        case .unread(let what, let why):
            unread.append(
                UnreadWiring(file: target.file ?? command.text, what: what, why: why, referencedBy: command.evidence))
            return []
        case .inlineShell(let text):
            var state = ShellState(workingDirectory: command.workingDirectory, environment: command.environment)
            return ShellReader.commands(
                in: text, firstLine: command.evidence.line, file: command.evidence.file, prototype: prototype,
                state: &state)
        case .inlinePython(let text):
            return PythonScript.commands(
                in: text, firstLine: command.evidence.line, file: command.evidence.file, prototype: prototype,
                scriptPath: nil)
        default:
            break
        }
        guard let file = target.file else { return [] }
        let text: String
        switch self.text(of: file) {
        case .success(let read): text = read
        case .failure(let reason):
            unread.append(UnreadWiring(file: file, what: target.what, why: reason, referencedBy: command.evidence))
            return []
        }
        switch target.kind {
        case .shell(let arguments):
            var state = ShellState(workingDirectory: command.workingDirectory, environment: command.environment)
            state.scriptPath = file
            state.arguments = arguments
            return ShellReader.commands(in: text, firstLine: 1, file: file, prototype: prototype, state: &state)
        case .python:
            return PythonScript.commands(in: text, firstLine: 1, file: file, prototype: prototype, scriptPath: file)
        case .ruby:
            return RubyScript.commands(in: text, file: file, prototype: prototype, scriptPath: file)
        case .packageScript(let name, let folder, let explicit):
            guard
                let commands = PackageScripts.commands(
                    named: name, in: text, file: file, folder: folder, prototype: prototype)
            else {
                if explicit {
                    unread.append(
                        UnreadWiring(
                            file: file, what: target.what, why: .noSuchTarget("script \(name)"),
                            referencedBy: command.evidence))
                }
                return []
            }
            return commands
        case .make(let targets, let folder) where targets.contains(where: { $0.contains("*") || $0.contains("$") }):
            let named = targets.filter { $0.contains("*") || $0.contains("$") }.joined(separator: " ")
            unread.append(
                UnreadWiring(
                    file: file, what: "Makefile target \(named)", why: .builtAtRunTime, referencedBy: command.evidence))
            return Makefile.commands(
                of: targets.filter { !$0.contains("*") && !$0.contains("$") }, in: text, file: file, folder: folder,
                prototype: prototype, unread: &unread, ranBy: command.evidence, maxDepth: limits.maxChainDepth)
        case .make(let targets, let folder):
            return Makefile.commands(
                of: targets, in: text, file: file, folder: folder, prototype: prototype, unread: &unread,
                ranBy: command.evidence, maxDepth: limits.maxChainDepth)
        case .unread, .inlineShell, .inlinePython:
            return []
        }
    }
}

/// What a command runs that the chain can follow: a script file and how to read it, a `package.json` script, a
/// Makefile's targets, inline shell or Python; or why it cannot be followed.
struct ScriptTarget {
    enum Kind {
        case shell(arguments: [String])
        case python
        case ruby
        /// `explicit`: named with `run` (or an npm lifecycle script), so a missing script is worth saying; `yarn x`
        /// may be one of yarn's own commands.
        case packageScript(name: String, folder: String?, explicit: Bool)
        case make(targets: [String], folder: String?)
        case inlineShell(String)
        case inlinePython(String)
        case unread(what: String, why: UnreadWiring.Reason)
    }

    var kind: Kind
    /// The file read, relative to the repository.
    var file: String?

    /// What each kind of file is called in `unread`.
    var what: String {
        switch kind {
        case .shell: "shell script"
        case .python: "Python script"
        case .ruby: "Ruby script"
        case .packageScript(let name, _, _): "package.json script \(name)"
        case .make(let targets, _): "Makefile" + (targets.isEmpty ? "" : " target " + targets.joined(separator: " "))
        case .inlineShell, .inlinePython: "inline script"
        case .unread(let what, _): what
        }
    }

    /// Words in front of the command proper.
    private static let wrappers: Set<String> = ["sudo", "nohup", "time", "exec", "command", "xvfb-run", "caffeinate"]
    /// Repository files that are tools, not scripts of the project.
    private static let tools: Set<String> = ["gradlew", "mvnw", "gradlew.bat", "mvnw.cmd"]
    private static let shells: Set<String> = ["bash", "sh", "zsh", "dash", "ksh", "source", "."]
    private static let scriptExtensions: [(String, String)] = [
        (".sh", "shell"), (".bash", "shell"), (".zsh", "shell"), (".py", "python"), (".rb", "ruby"),
        (".js", "javascript"), (".mjs", "javascript"), (".cjs", "javascript"), (".ts", "javascript"),
    ]

    /// The target of `command`; `maxBytes` bounds the read of a file's first line.
    init?(command: CICommand, repository: any RepositoryFiles, maxBytes: Int) {
        var words = command.expandedWords
        let raw = ShellSyntax.commands(in: command.text, firstLine: 1).first?.words.map(\.raw) ?? []
        // The raw words line up with the expanded ones from the end (both end with the command's arguments).
        let rawOffset = raw.count - words.count
        var dropped = 0
        func drop(_ count: Int) {
            words.removeFirst(count)
            dropped += count
        }
        while let first = words.first {
            if Self.wrappers.contains(first) || first == "env" || ShellReader.assignment(first) != nil {
                drop(1)
            } else if first == "bundle", words.dropFirst().first == "exec" {
                drop(2)
                // Bundler's own options (`bundle exec --gemfile=fastlane/Gemfile fastlane …`).
                while words.first?.hasPrefix("--") == true { drop(1) }
            } else if ["pipenv", "poetry", "uv"].contains(first), words.dropFirst().first == "run" {
                drop(2)
            } else {
                break
            }
        }
        guard let program = words.first else { return nil }
        let folder = command.workingDirectory
        let path = { (word: String) in ShellReader.resolve(word, in: folder) }
        let name = program.split(separator: "/").last.map(String.init) ?? program
        if Self.shells.contains(program) {
            var rest = Array(words.dropFirst())
            var index = 0
            while index < rest.count, rest[index].hasPrefix("-") || rest[index].hasPrefix("+") {
                if rest[index] == "-c", index + 1 < rest.count {
                    let rawIndex = rawOffset + dropped + 1 + index + 1
                    let inline = rawIndex >= 0 && rawIndex < raw.count ? Self.unquoted(raw[rawIndex]) : rest[index + 1]
                    self.init(kind: .inlineShell(inline), file: nil)
                    return
                }
                index += rest[index] == "-o" ? 2 : 1
            }
            rest.removeFirst(min(index, rest.count))
            guard let script = rest.first else { return nil }
            // `source name` looks the name up on PATH: a repository file only when it is there.
            if program == "source" || program == ".", !script.contains("/"),
                ShellReader.resolve(script, in: folder).map({ repository.kind(of: $0) }) != .file
            {
                return nil
            }
            self.init(
                script: script, arguments: Array(rest.dropFirst()), as: "shell", folder: folder, repository: repository,
                maxBytes: maxBytes)
            return
        }
        if name.hasPrefix("python") {
            var rest = Array(words.dropFirst())
            while let option = rest.first, option.hasPrefix("-") {
                if option == "-c", rest.count > 1 {
                    let rawIndex = rawOffset + dropped + words.count - rest.count + 1
                    let inline = rawIndex >= 0 && rawIndex < raw.count ? Self.unquoted(raw[rawIndex]) : rest[1]
                    self.init(kind: .inlinePython(inline), file: nil)
                    return
                }
                if option == "-m", rest.count > 1 {
                    let module = rest[1].replacingDots()
                    guard let base = path(module),
                        let file = [base + ".py", base + "/__main__.py"].first(where: {
                            repository.kind(of: $0) == .file
                        })
                    else { return nil }
                    self.init(kind: .python, file: file)
                    return
                }
                rest.removeFirst()
            }
            guard let script = rest.first, script != "-" else { return nil }
            self.init(
                script: script, arguments: Array(rest.dropFirst()), as: "python", folder: folder,
                repository: repository, maxBytes: maxBytes)
            return
        }
        if name == "ruby" {
            guard let script = words.dropFirst().first(where: { !$0.hasPrefix("-") }) else { return nil }
            self.init(
                script: script, arguments: [], as: "ruby", folder: folder, repository: repository, maxBytes: maxBytes)
            return
        }
        if ["node", "deno", "ts-node", "tsx"].contains(name) {
            guard let script = words.dropFirst().first(where: { !$0.hasPrefix("-") }), let file = path(script),
                repository.kind(of: file) == .file
            else { return nil }
            self.init(kind: .unread(what: "JavaScript file", why: .notRead("JavaScript")), file: file)
            return
        }
        if let packageScript = Self.packageScript(words, folder: folder, repository: repository) {
            self = packageScript
            return
        }
        if name == "make" || name == "gmake" {
            self.init(make: Array(words.dropFirst()), folder: folder, repository: repository)
            return
        }
        if name == "rake", let folder, repository.kind(of: folder.isEmpty ? "Rakefile" : folder + "/Rakefile") == .file
        {
            self.init(
                kind: .unread(what: "Rake task", why: .notRead("Rake")),
                file: folder.isEmpty ? "Rakefile" : folder + "/Rakefile")
            return
        }
        // A path run directly: `./deploy.sh`, `scripts/release`, `$GITHUB_WORKSPACE/ci/upload.py`.
        guard program.contains("/") || program.first == ShellReader.rootMark, !Self.tools.contains(name) else {
            return nil
        }
        self.init(
            script: program, arguments: Array(words.dropFirst()), as: nil, folder: folder, repository: repository,
            maxBytes: maxBytes)
    }

    private init(kind: Kind, file: String?) {
        self.kind = kind
        self.file = file
    }

    /// A script file run as `language` (`nil`: by its extension or first line).
    private init?(
        script: String, arguments: [String], as language: String?, folder: String?, repository: any RepositoryFiles,
        maxBytes: Int
    ) {
        let extensionLanguage = Self.scriptExtensions.first { script.hasSuffix($0.0) }?.1
        if script.contains("*") {
            guard extensionLanguage != nil || script.hasPrefix("./") else { return nil }
            self.init(kind: .unread(what: "script", why: .builtAtRunTime), file: script)
            return
        }
        guard let file = ShellReader.resolve(script, in: folder), !file.hasPrefix("/"), !file.hasPrefix("~"),
            !file.hasPrefix("..")
        else { return nil }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        if Self.tools.contains(name) { return nil }
        guard repository.kind(of: file) == .file else {
            guard language != nil || extensionLanguage != nil else { return nil }
            self.init(kind: .unread(what: "script", why: .missing), file: file)
            return
        }
        switch language ?? extensionLanguage ?? Self.interpreter(of: file, in: repository, maxBytes: maxBytes) {
        case "shell": self.init(kind: .shell(arguments: arguments), file: file)
        case "python": self.init(kind: .python, file: file)
        case "ruby": self.init(kind: .ruby, file: file)
        case "javascript": self.init(kind: .unread(what: "JavaScript file", why: .notRead("JavaScript")), file: file)
        case "binary": self.init(kind: .unread(what: "program", why: .binary), file: file)
        default:
            self.init(
                kind: .unread(what: "program", why: .notRead("a program without a known interpreter")), file: file)
        }
    }

    /// The language a file's `#!` line names (`shell` when it has none: the shell runs it), `binary` for a binary.
    private static func interpreter(of file: String, in repository: any RepositoryFiles, maxBytes: Int) -> String {
        guard let bytes = try? repository.bytes(of: file, maxBytes: maxBytes) else { return "" }
        let head = bytes.prefix(512)
        if head.contains(0) { return "binary" }
        let firstLine = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self)
        guard firstLine.hasPrefix("#!") else { return "shell" }
        for (word, language) in [("python", "python"), ("ruby", "ruby"), ("node", "javascript"), ("sh", "shell")]
        where firstLine.contains(word) {
            return language
        }
        return ""
    }

    /// `npm run x`, `npm test`, `yarn x`, `yarn run x`, `pnpm x`, `bun run x`: the script of the `package.json` in the
    /// folder (`--prefix`, `--cwd`, `-C`, `--dir` name another).
    private static func packageScript(_ words: [String], folder: String?, repository: any RepositoryFiles)
        -> ScriptTarget?
    {
        guard let tool = words.first, ["npm", "yarn", "pnpm", "bun"].contains(tool) else { return nil }
        let rest = Array(words.dropFirst())
        var packageFolder = folder
        var explicitRun = false
        var name: String?
        var index = 0
        while index < rest.count {
            let word = rest[index]
            if ["--prefix", "--cwd", "-C", "--dir"].contains(word), index + 1 < rest.count {
                packageFolder = ShellReader.folder(rest[index + 1], from: folder)
                index += 2
                continue
            }
            if word.hasPrefix("-") {
                index += 1
                continue
            }
            if word == "run" || word == "run-script" {
                explicitRun = true
            } else {
                name = word
                break
            }
            index += 1
        }
        guard let name else { return nil }
        let lifecycle = ["test", "start", "stop", "restart"].contains(name)
        // `npm install` and other npm commands are not scripts; yarn and pnpm run scripts by their bare name.
        guard explicitRun || lifecycle || tool != "npm" else { return nil }
        guard let packageFolder else {
            return ScriptTarget(kind: .unread(what: "package.json script \(name)", why: .builtAtRunTime), file: nil)
        }
        let file = packageFolder.isEmpty ? "package.json" : packageFolder + "/package.json"
        guard repository.kind(of: file) == .file else {
            return explicitRun || tool == "npm"
                ? ScriptTarget(kind: .unread(what: "package.json script \(name)", why: .missing), file: file) : nil
        }
        return ScriptTarget(
            kind: .packageScript(name: name, folder: packageFolder, explicit: explicitRun || lifecycle), file: file)
    }

    /// `make [-C dir] [-f file] [VAR=value] [targets]`.
    private init?(make words: [String], folder: String?, repository: any RepositoryFiles) {
        var makeFolder = folder
        var makefile: String?
        var targets = [String]()
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "-C" || word == "--directory", index + 1 < words.count {
                makeFolder = ShellReader.folder(words[index + 1], from: makeFolder)
                index += 2
                continue
            }
            if word == "-f" || word == "--file" || word == "--makefile", index + 1 < words.count {
                makefile = words[index + 1]
                index += 2
                continue
            }
            if word == "-j" || word == "-l", index + 1 < words.count, Int(words[index + 1]) != nil {
                index += 2
                continue
            }
            // `name=value` (any name, `no-cache=yes` too) sets a make variable.
            if !word.hasPrefix("-"), !word.contains("=") { targets.append(word) }
            index += 1
        }
        guard let makeFolder else {
            self.init(kind: .unread(what: "Makefile", why: .builtAtRunTime), file: nil)
            return
        }
        let prefix = makeFolder.isEmpty ? "" : makeFolder + "/"
        let candidates =
            makefile.map { [ShellReader.resolve($0, in: makeFolder) ?? $0] }
            ?? ["GNUmakefile", "makefile", "Makefile"].map { prefix + $0 }
        guard let file = candidates.first(where: { repository.kind(of: $0) == .file }) else {
            self.init(kind: .unread(what: "Makefile", why: .missing), file: candidates.last)
            return
        }
        self.init(kind: .make(targets: targets, folder: makeFolder), file: file)
    }

    /// A raw shell word without its outer quotes (the inner shell expands what is inside).
    private static func unquoted(_ raw: String) -> String {
        guard let first = raw.first, first == "'" || first == "\"", raw.count >= 2, raw.last == first else {
            return raw
        }
        return String(raw.dropFirst().dropLast())
    }
}

extension String {
    /// A Python module name as a path (`tools.release` → `tools/release`).
    fileprivate func replacingDots() -> String {
        split(separator: ".").joined(separator: "/")
    }
}
