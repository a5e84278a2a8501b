internal import FileAccess
internal import Yams

/// A line of a repository file that shows how a release is made: the file (relative to the project), the line
/// and a short quote, so a reader can check it in one look.
public struct Evidence: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var quote: String

    public init(file: String, line: Int, quote: String) {
        self.file = file
        self.line = line
        let trimmed = quote.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        self.quote = trimmed.count > 80 ? String(trimmed.prefix(77)) + "..." : trimmed
    }

    public var description: String { "\(file):\(line) `\(quote)`" }
}

/// One command line a CI configuration (or a script it runs) executes, with what it knows around it.
public struct CICommand: Sendable, Hashable {
    enum Origin: Sendable, Hashable {
        /// A step of a CI configuration.
        case ci
        /// A line of a repository script that a CI step runs (the step is the evidence).
        case script(ranBy: Evidence)
        /// A line of a repository script that no CI configuration runs: someone may run it by hand.
        case unreferencedScript
    }

    /// The command, continuation lines joined.
    var text: String
    var evidence: Evidence
    var origin: Origin
    /// The environment the workflow, job and step set (GitHub Actions).
    var environment: [String: String] = [:]
    /// The file and job the command belongs to, to relate steps of one job.
    var job: String
    /// A GitHub Actions step's `uses:` action and its `with:` inputs.
    var action: String?
    var inputs: [String: String] = [:]

    /// The command's words (quotes removed).
    var words: [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "&" || $0 == "|" }).map {
            $0.trimming("\"'")
        }
    }
}

/// What a repository's CI configurations run, read without running them: GitHub Actions workflows (YAML, with
/// their `env`, `uses` and `with`), GitLab CI, Bitrise, CircleCI, Travis and Jenkinsfiles (as text lines), the
/// repository scripts those steps run, and the scripts nothing runs that call fastlane.
public struct ContinuousIntegration: Sendable {
    public internal(set) var commands: [CICommand] = []
    /// Jobs that call a release-like workflow of another repository (`uses: org/repo/.github/workflows/x.yml@ref`
    /// whose name or inputs speak of Play, tracks or releases).
    public internal(set) var reusableWorkflows: [Evidence] = []
    /// The CI files read, relative to the project.
    public internal(set) var files: [String] = []

    /// Words in a reusable workflow's path or inputs that make it a likely Play upload.
    private static let releaseWords = ["play", "track", "rollout", "release", "deploy", "publish", "upload"]

    private static let textConfigurations = [
        ".gitlab-ci.yml", "bitrise.yml", ".circleci/config.yml", "Jenkinsfile", ".travis.yml",
    ]

    /// Reads the CI files under `root` (hidden folders included, which the project walk skips) and the scripts
    /// among `walked` (the walk's files).
    public init(root: String, walked: [String]) {
        let reader = FileReader(maxBytes: 1 << 20)
        let read = { (path: String) -> String? in
            (try? reader.read(path)).map { String(decoding: $0, as: UTF8.self) }
        }
        let workflowFolder = root + "/.github/workflows"
        var workflows = [String]()
        if PathKind(path: workflowFolder) == .folder {
            FolderWalker(skippedFolderNames: [], followedLinks: .none).visitFiles(
                under: workflowFolder, where: { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }
            ) { workflows.append($0) }
        }
        for path in workflows.sorted() {
            guard let text = read(path) else { continue }
            files.append(Self.relative(path, root: root))
            readWorkflow(text, file: Self.relative(path, root: root))
        }
        for name in Self.textConfigurations {
            guard PathKind(path: root + "/" + name) == .file, let text = read(root + "/" + name) else { continue }
            files.append(name)
            commands += Self.lines(of: text, firstLine: 1, file: name, job: name, origin: .ci)
        }
        // Repository scripts a command runs (one level), then scripts nothing runs that call fastlane.
        let scripts = Set(walked.filter { $0.hasSuffix(".sh") }.map { Self.relative($0, root: root) })
        var readScripts = Set<String>()
        for command in commands where command.origin == .ci {
            for word in command.words {
                let path = word.hasPrefix("./") ? String(word.dropFirst(2)) : word
                guard scripts.contains(path), !readScripts.contains(path), let text = read(root + "/" + path) else {
                    continue
                }
                readScripts.insert(path)
                commands += Self.lines(
                    of: text, firstLine: 1, file: path, job: command.job, origin: .script(ranBy: command.evidence)
                ).map { line in
                    var line = line
                    line.environment = command.environment
                    return line
                }
            }
        }
        for path in scripts.sorted() where !readScripts.contains(path) {
            guard let text = read(root + "/" + path), text.contains("fastlane") else { continue }
            commands += Self.lines(of: text, firstLine: 1, file: path, job: path, origin: .unreferencedScript)
        }
    }

    private static func relative(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// A GitHub Actions workflow: every `run:` line and `uses:` step of every job, with the merged `env`.
    private mutating func readWorkflow(_ text: String, file: String) {
        guard let root = try? Yams.compose(yaml: text), let top = root.mapping else {
            commands += Self.lines(of: text, firstLine: 1, file: file, job: file, origin: .ci)
            return
        }
        let workflowEnvironment = Self.environment(top["env"])
        for (jobKey, job) in top["jobs"]?.mapping ?? [:] {
            let jobName = file + "#" + (jobKey.string ?? "")
            var environment = workflowEnvironment.merging(Self.environment(job["env"])) { $1 }
            // Another repository's workflow that looks like a release: its name or inputs speak of Play.
            let inputs = (job["with"]?.mapping?.keys.compactMap(\.string) ?? []).joined(separator: " ")
            if let uses = job["uses"]?.string, !uses.hasPrefix("./"), uses.contains("/.github/workflows/"),
                Self.releaseWords.contains(where: { (uses + " " + inputs).lowercased().contains($0) })
            {
                reusableWorkflows.append(
                    Evidence(file: file, line: job["uses"]?.mark?.line ?? 1, quote: "uses: " + uses))
            }
            for step in job["steps"]?.sequence ?? [] {
                environment = workflowEnvironment.merging(Self.environment(job["env"])) { $1 }
                    .merging(Self.environment(step["env"])) { $1 }
                if let uses = step["uses"], let action = uses.string {
                    var inputs = [String: String]()
                    for (key, value) in step["with"]?.mapping ?? [:] {
                        if let key = key.string, let value = value.string { inputs[key] = value }
                    }
                    commands.append(
                        CICommand(
                            text: action,
                            evidence: Evidence(file: file, line: uses.mark?.line ?? 1, quote: "uses: " + action),
                            origin: .ci, environment: environment, job: jobName, action: action, inputs: inputs))
                }
                if let run = step["run"], let script = run.scalar {
                    let block = script.style == .literal || script.style == .folded
                    let firstLine = (run.mark?.line ?? 1) + (block ? 1 : 0)
                    commands += Self.lines(
                        of: script.string, firstLine: firstLine, file: file, job: jobName, origin: .ci
                    )
                    .map { line in
                        var line = line
                        line.environment = environment
                        return line
                    }
                }
            }
        }
    }

    private static func environment(_ node: Node?) -> [String: String] {
        var values = [String: String]()
        for (key, value) in node?.mapping ?? [:] {
            if let key = key.string, let value = value.string { values[key] = value }
        }
        return values
    }

    /// One command per line of a script (lines ending in `\` joined; comments and blank lines skipped).
    private static func lines(of text: String, firstLine: Int, file: String, job: String, origin: CICommand.Origin)
        -> [CICommand]
    {
        var result = [CICommand]()
        var pending: (text: String, line: Int)?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimming(" \t\r")
            if pending == nil, line.isEmpty || line.hasPrefix("#") || line.hasPrefix("//") { continue }
            var current = pending ?? ("", firstLine + offset)
            current.text += (current.text.isEmpty ? "" : " ") + line
            if current.text.hasSuffix("\\") {
                current.text.removeLast()
                pending = current
                continue
            }
            pending = nil
            result.append(
                CICommand(
                    text: current.text, evidence: Evidence(file: file, line: current.line, quote: current.text),
                    origin: origin, job: job))
        }
        return result
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters in `set`.
    func trimming(_ set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
