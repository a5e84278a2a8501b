internal import FileAccess

extension CISystem {
    static let jenkins = CISystem(
        name: "Jenkins",
        files: "Jenkinsfile anywhere (ci/Jenkinsfile, Jenkinsfile.release, release.jenkinsfile) and the Groovy files "
            + "they load",
        locate: { repository in
            repository.walked.filter { path in
                let name = path.lastComponent
                return name == "Jenkinsfile" || name.hasPrefix("Jenkinsfile.")
                    || name.lowercased().hasSuffix(".jenkinsfile")
            }
        },
        read: { file, reading in
            Jenkins.read(
                file, from: Jenkins.Context(job: file, chain: [], folder: "", environment: [:]), reading: &reading)
        },
        examples: [
            CISystemExample(
                files: [
                    "ci/Jenkinsfile": """
                    pipeline {
                      environment { SUPPLY_TRACK = 'internal' }
                      stages {
                        stage('Deploy') {
                          steps {
                            script {
                              def release = load 'ci/release.groovy'
                              release.deploy()
                            }
                          }
                        }
                      }
                    }
                    """,
                    "ci/release.groovy": """
                    def deploy() {
                      dir('android') {
                        sh 'bundle exec fastlane android deploy'
                      }
                      sh(script: \"\"\"
                        ./gradlew publishBundle \\
                          --track beta
                      \"\"\", returnStdout: true)
                      nix.shell(
                        'bundle exec --gemfile=fastlane/Gemfile fastlane android upload_metadata',
                        keepEnv: ['GOOGLE_PLAY_JSON_KEY'],
                        pure: false
                      )
                      utils.updateBuildStatus('running fastlane')
                    }
                    return this
                    """,
                ],
                commands: [
                    "ci/release.groovy:3 bundle exec fastlane android deploy [in android]",
                    "ci/release.groovy:6 ./gradlew publishBundle --track beta",
                    "ci/release.groovy:10 bundle exec --gemfile=fastlane/Gemfile fastlane android upload_metadata",
                ])
        ])
}

/// Reads a Jenkinsfile or a Groovy file it loads as text (Groovy is not run): every `sh` or `bat` step (`sh '…'`,
/// `sh """…"""`, `sh(script: …)`, `sh label: …, script: …`) and every shared library's `<object>.shell('…', …)`
/// call in the folder `dir('…') {` gives it, with the variables of `environment { }` blocks and `withEnv([…]) {`;
/// `load 'x.groovy'` reads that file the same way.
enum Jenkins {
    /// Methods of a shared library's object that run their first argument in a shell (`nix.shell(…)`).
    static let memberShellSteps: Set<String> = ["shell"]

    /// Where a file is read from: the pipeline (the Jenkinsfile) it belongs to, the `load` lines that led to it,
    /// and the folder and variables in force at that `load`.
    struct Context {
        var job: String
        var chain: [Evidence]
        var folder: String?
        var environment: CIEnvironment
    }

    static func read(_ file: String, from context: Context, reading: inout CIReading) {
        guard let text = reading.text(of: file, what: "Jenkins pipeline", referencedBy: context.chain.last) else {
            return
        }
        var scanner = GroovyScanner(text: text)
        // Scopes opened by `dir(…) {`, `withEnv(…) {` and `environment {`, closed with their brace.
        var folders: [(depth: Int, folder: String?)] = []
        var environments: [(depth: Int, values: [String: String])] = []
        var pendingScope: (folder: String??, values: [String: String]?)?
        var inEnvironmentBlock: Int?
        var environment: CIEnvironment {
            context.environment.adding(environments.reduce(into: [String: String]()) { $0.merge($1.values) { $1 } })
        }
        while let token = scanner.next() {
            switch token {
            case .open:
                if let scope = pendingScope {
                    if let folder = scope.folder { folders.append((scanner.depth, folder)) }
                    if let values = scope.values { environments.append((scanner.depth, values)) }
                    pendingScope = nil
                }
            case .close:
                folders.removeAll { $0.depth > scanner.depth }
                environments.removeAll { $0.depth > scanner.depth }
                if let block = inEnvironmentBlock, scanner.depth < block { inEnvironmentBlock = nil }
            case .identifier(let name, let line, let isMember):
                let here = folders.last.map(\.folder) ?? context.folder
                // `sh`/`bat` steps, and a shared library's shell step (`nix.shell('bundle exec fastlane …', attr: …)`):
                // a call whose first argument is the command. Other methods and properties of objects are no steps.
                let runsShell =
                    isMember
                    ? Jenkins.memberShellSteps.contains(name) && scanner.nextIsCall : ["sh", "bat"].contains(name)
                if runsShell, let script = scanner.stepArgument(named: "script") {
                    var state = ShellState(workingDirectory: here, environment: environment)
                    reading.shell(
                        script.text, firstLine: script.line, file: file, job: context.job, chain: context.chain,
                        state: &state)
                    continue
                }
                if runsShell || isMember { continue }
                if let block = inEnvironmentBlock, scanner.depth == block {
                    if let value = scanner.assignedString(), let last = environments.indices.last {
                        environments[last].values[name] = value
                    }
                    continue
                }
                switch name {
                case "dir":
                    if let path = scanner.stepArgument(named: "path") {
                        pendingScope = (.some(ShellReader.folder(path.text, from: here)), nil)
                    }
                case "withEnv":
                    let values = scanner.listArgument().reduce(into: [String: String]()) { values, item in
                        if let (name, value) = ShellReader.assignment(item) { values[name] = value }
                    }
                    pendingScope = (nil, values)
                case "environment":
                    // Its variables hold in the block around it (the pipeline, or a stage), not only in its braces.
                    if scanner.nextIsOpenBrace() {
                        inEnvironmentBlock = scanner.depth + 1
                        environments.append((scanner.depth, [:]))
                    }
                case "load":
                    guard let path = scanner.stepArgument(named: "path") else { continue }
                    let evidence = Evidence(file: file, line: line, quote: "load '\(path.text)'")
                    // Jenkins loads from the workspace, or from the folder a `dir` step gives.
                    guard let resolved = ShellReader.folder(path.text, from: here ?? "") else {
                        let outside = ["/", "~", "$HOME", "${HOME}", "$JENKINS_HOME"].contains(
                            where: path.text.hasPrefix)
                        let why: UnreadWiring.Reason =
                            outside ? .remote("a file of the build machine") : .builtAtRunTime
                        reading.unreadReference(path.text, what: "Groovy file", why: why, at: evidence)
                        continue
                    }
                    if reading.admitInclude(resolved, referencedBy: evidence) {
                        let loaded = Context(
                            job: context.job, chain: context.chain + [evidence], folder: here, environment: environment)
                        read(resolved, from: loaded, reading: &reading)
                    }
                default:
                    break
                }
            }
        }
    }
}

/// Groovy source read as tokens enough to find pipeline steps: identifiers, braces (with their depth), string
/// literals (`'…'`, `"…"`, `'''…'''`, `"""…"""`, their escapes undone), comments skipped.
struct GroovyScanner {
    enum Token {
        /// A name; `isMember` when it follows a `.` (`nix.shell`, `env.X`): a method or property, not a step.
        case identifier(String, line: Int, isMember: Bool)
        case open
        case close
    }

    private let characters: [Character]
    private var position = 0
    private(set) var line = 1
    /// Braces open at this point.
    private(set) var depth = 0

    init(text: String) {
        characters = Array(text)
    }

    mutating func next() -> Token? {
        while position < characters.count {
            let character = characters[position]
            if character == "\n" {
                line += 1
                position += 1
            } else if character == "/", peek(1) == "/" {
                while position < characters.count, characters[position] != "\n" { position += 1 }
            } else if character == "/", peek(1) == "*" {
                position += 2
                while position < characters.count, !(characters[position] == "*" && peek(1) == "/") { advance() }
                position += 2
            } else if character == "'" || character == "\"" {
                _ = readString()
            } else if character == "{" {
                depth += 1
                position += 1
                return .open
            } else if character == "}" {
                depth = max(0, depth - 1)
                position += 1
                return .close
            } else if character.isLetter || character == "_" {
                let start = position
                let startLine = line
                while position < characters.count,
                    characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
                {
                    position += 1
                }
                return .identifier(
                    String(characters[start..<position]), line: startLine,
                    isMember: start > 0 && characters[start - 1] == ".")
            } else {
                position += 1
            }
        }
        return nil
    }

    private func peek(_ offset: Int) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private mutating func advance() {
        if position < characters.count, characters[position] == "\n" { line += 1 }
        position += 1
    }

    private mutating func skipBlanks() {
        while position < characters.count, characters[position] == " " || characters[position] == "\t" {
            position += 1
        }
    }

    /// A string literal at the position: its text (escapes undone) and the line it starts on.
    mutating func readString() -> (text: String, line: Int)? {
        guard position < characters.count, characters[position] == "'" || characters[position] == "\"" else {
            return nil
        }
        let quote = characters[position]
        let startLine = line
        let triple = peek(1) == quote && peek(2) == quote
        position += triple ? 3 : 1
        var text = ""
        while position < characters.count {
            let character = characters[position]
            if character == quote, !triple || (peek(1) == quote && peek(2) == quote) {
                position += triple ? 3 : 1
                return (text, startLine)
            }
            if character == "\\", let next = peek(1) {
                // `\\`, `\'`, `\"`, `\$` stand for the character; a line break after `\` joins lines.
                if next == "\n" {
                    text.append("\\")
                    advance()
                    continue
                }
                text.append(next)
                position += 2
                continue
            }
            if character == "\n", !triple { break }
            text.append(character)
            advance()
        }
        return (text, startLine)
    }

    /// The string argument of a step: `sh 'x'`, `sh('x')`, `sh(script: 'x', …)`, `sh label: 'l', script: 'x'`,
    /// `dir('x')`, `load "x"`; `name` is its key in the named form.
    mutating func stepArgument(named name: String) -> (text: String, line: Int)? {
        skipBlanks()
        let parenthesized = position < characters.count && characters[position] == "("
        if parenthesized { position += 1 }
        var first: (text: String, line: Int)?
        while position < characters.count {
            skipBlanksAndNewlines()
            guard position < characters.count else { break }
            let character = characters[position]
            if character == "'" || character == "\"" {
                let string = readString()
                if first == nil { first = string }
            } else if character.isLetter {
                let start = position
                while position < characters.count, characters[position].isLetter || characters[position].isNumber {
                    position += 1
                }
                let key = String(characters[start..<position])
                skipBlanks()
                guard position < characters.count, characters[position] == ":" else { return first }
                position += 1
                skipBlanksAndNewlines()
                let value = readString()
                if key == name, let value { return value }
                if value == nil { skipValue() }
            } else {
                return first
            }
            // Another argument after a comma; else the call ends (`)`, or the line of an unparenthesized step).
            if parenthesized { skipBlanksAndNewlines() } else { skipBlanks() }
            guard position < characters.count, characters[position] == "," else { return first }
            position += 1
        }
        return first
    }

    /// Whether a `(` comes next: the name before it is called.
    var nextIsCall: Bool {
        var probe = position
        while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
        return probe < characters.count && characters[probe] == "("
    }

    private mutating func skipBlanksAndNewlines() {
        while position < characters.count, characters[position].isWhitespace { advance() }
    }

    /// Skips an argument value that is not a string (`true`, `env.X`, `[…]`), up to `,` or `)` at its level.
    private mutating func skipValue() {
        var level = 0
        while position < characters.count {
            let character = characters[position]
            if character == "'" || character == "\"" {
                _ = readString()
                continue
            }
            if "([{".contains(character) { level += 1 }
            if ")]}".contains(character) {
                if level == 0 { return }
                level -= 1
            }
            if character == ",", level == 0 { return }
            advance()
        }
    }

    /// The strings of a list argument: `withEnv(['A=b', "C=d"])`.
    mutating func listArgument() -> [String] {
        skipBlanks()
        guard position < characters.count, characters[position] == "(" else { return [] }
        position += 1
        skipBlanksAndNewlines()
        guard position < characters.count, characters[position] == "[" else { return [] }
        position += 1
        var items = [String]()
        while position < characters.count, characters[position] != "]" {
            if characters[position] == "'" || characters[position] == "\"", let item = readString() {
                items.append(item.text)
            } else {
                advance()
            }
        }
        return items
    }

    /// After an identifier inside `environment { }`: `= 'value'` (or a non-string value, skipped: `nil`).
    mutating func assignedString() -> String? {
        skipBlanks()
        guard position < characters.count, characters[position] == "=" else { return nil }
        position += 1
        skipBlanks()
        return readString()?.text
    }

    /// Whether a `{` comes next (blanks and line breaks between).
    mutating func nextIsOpenBrace() -> Bool {
        var probe = position
        while probe < characters.count, characters[probe].isWhitespace { probe += 1 }
        return probe < characters.count && characters[probe] == "{"
    }
}
