internal import Yams

/// One CI system playprep reads, as a rule is one entry: its name, the files it reads, its reader and its passing
/// examples (a small configuration and the commands it must yield, checked by one test over every entry). The
/// next system is added here, in `CISystem.all`, and nowhere else.
struct CISystem: Sendable {
    /// As its users call it: `GitLab CI`.
    var name: String
    /// The files it reads, in words (`.gitlab-ci.yml and its local include: files`).
    var files: String
    /// Its configuration files in a repository, relative to the root (files they include are found by `read`).
    var locate: @Sendable (any RepositoryFiles) -> [String]
    /// Reads one configuration file into `reading`'s commands (and what it could not read).
    var read: @Sendable (_ file: String, _ reading: inout CIReading) -> Void
    /// Configurations and the commands they must yield.
    var examples: [CISystemExample]

    /// Every CI system read, in the order their commands are listed.
    static let all: [CISystem] = [
        .gitHubActions, .gitLab, .jenkins, .buildkite, .bitrise, .circleCI, .azurePipelines, .woodpecker,
        .codemagic, .travis,
    ]

    /// Configuration files of CI systems playprep does not read: named as unread, never passed over in silence.
    static let unreadSystems: [(path: String, system: String)] = [
        (".drone.yml", "Drone"), ("bitbucket-pipelines.yml", "Bitbucket Pipelines"), ("appveyor.yml", "AppVeyor"),
        (".appveyor.yml", "AppVeyor"), (".cirrus.yml", "Cirrus CI"), (".semaphore/semaphore.yml", "Semaphore"),
        ("cloudbuild.yaml", "Google Cloud Build"), ("cloudbuild.yml", "Google Cloud Build"),
        (".teamcity/settings.kts", "TeamCity"), ("buddy.yml", "Buddy"), ("wercker.yml", "Wercker"),
        (".gitlab-ci.yaml", "GitLab CI (GitLab reads only .gitlab-ci.yml by default)"),
    ]

    /// Files under `folder` whose names end in one of `suffixes`.
    static func files(under folder: String, endingIn suffixes: [String], in repository: any RepositoryFiles)
        -> [String]
    {
        repository.files(under: folder).filter { path in suffixes.contains { path.hasSuffix($0) } }
    }

    /// The paths among `candidates` that are files.
    static func existing(_ candidates: [String], in repository: any RepositoryFiles) -> [String] {
        candidates.filter { repository.kind(of: $0) == .file }
    }
}

/// A CI system's passing example: repository files and the commands read from them, each written as
/// `CICommand.summary` puts it.
struct CISystemExample: Sendable {
    var files: [String: String]
    var commands: [String]
}

extension CICommand {
    /// `file:line text`, then `in FOLDER` when not at the root (`in ?` when unknown), the action's inputs and
    /// file operations: one line a CI system's examples and tests compare.
    var summary: String {
        var line = "\(evidence.file):\(evidence.line) \(text)"
        if workingDirectory != "" { line += " [in \(workingDirectory ?? "?")]" }
        if !inputs.isEmpty {
            line +=
                " [" + inputs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
                + "]"
        }
        for operation in fileOperations { line += " [\(operation)]" }
        return line
    }
}

/// What CI readers share while reading one system's files: the repository, the commands and unread entries
/// found so far, and the per-file budgets (`WiringLimits`).
struct CIReading {
    let repository: any RepositoryFiles
    let system: String
    let limits: WiringLimits
    var commands: [CICommand] = []
    var unread: [UnreadWiring] = []
    /// Jobs calling another repository's workflow that the path or inputs show to be a Play upload.
    var reusableWorkflows: [Evidence] = []
    /// Every file read, included ones too.
    var files: [String] = []
    /// Files brought in by `include:`, `load`, `template:` so far (each once).
    var included: Set<String> = []
    private var steps: [String: Int] = [:]
    private var environmentEntries: [String: Int] = [:]
    private var stopped: Set<String> = []

    init(repository: any RepositoryFiles, system: String, limits: WiringLimits) {
        self.repository = repository
        self.system = system
        self.limits = limits
    }

    /// The text of `path`, or `nil` with the reason recorded.
    mutating func text(of path: String, what: String, referencedBy: Evidence? = nil) -> String? {
        switch WiringText.read(path, in: repository, maxBytes: limits.maxFileBytes) {
        case .success(let text):
            files.append(path)
            return text
        case .failure(let reason):
            unread.append(UnreadWiring(file: path, what: what, why: reason, referencedBy: referencedBy))
            return nil
        }
    }

    /// The first YAML document of `path`, or `nil` with the reason recorded; YAML the parser refuses is read line
    /// by line instead (`readLineByLine`), and the parse error said once.
    mutating func yaml(of path: String, what: String, referencedBy: Evidence? = nil) -> Node? {
        guard let text = text(of: path, what: what, referencedBy: referencedBy) else { return nil }
        switch CIYAML.document(text, maxNodes: limits.maxYAMLNodes) {
        case .success(let node): return node
        case .failure(let reason):
            files.removeAll { $0 == path }
            var said = reason
            if case .invalidYAML = reason {
                said = .readLineByLine(reason)
                readLineByLine(text, file: path, because: "\(path) read line by line (\(reason))")
            }
            unread.append(UnreadWiring(file: path, what: what, why: said, referencedBy: referencedBy))
            return nil
        }
    }

    /// A file brought in by another (`include:`, `load`): `true` the first time, within `maxIncludedFiles`.
    mutating func admitInclude(_ path: String, referencedBy: Evidence) -> Bool {
        guard !included.contains(path) else { return false }
        guard included.count < limits.maxIncludedFiles else {
            if !stopped.contains("includes") {
                stopped.insert("includes")
                unread.append(
                    UnreadWiring(
                        file: path, what: "\(system) included file",
                        why: .limit(name: "maxIncludedFiles", value: limits.maxIncludedFiles),
                        referencedBy: referencedBy))
            }
            return false
        }
        included.insert(path)
        return true
    }

    /// Whether `file` may yield one more step (`WiringLimits.maxStepsPerFile`); past it, said once.
    mutating func admitStep(in file: String) -> Bool {
        steps[file, default: 0] += 1
        return within(steps[file, default: 0], limit: limits.maxStepsPerFile, name: "maxStepsPerFile", file)
    }

    /// The variables of an `env:`/`variables:` node, within `WiringLimits.maxEnvironmentEntriesPerFile` per file.
    mutating func variables(_ node: Node?, in file: String) -> [String: String] {
        guard let node, node.variableCount > 0 else { return [:] }
        environmentEntries[file, default: 0] += node.variableCount
        guard
            within(
                environmentEntries[file, default: 0], limit: limits.maxEnvironmentEntriesPerFile,
                name: "maxEnvironmentEntriesPerFile", file)
        else { return [:] }
        return node.variables
    }

    private mutating func within(_ count: Int, limit: Int, name: String, _ file: String) -> Bool {
        guard count > limit else { return true }
        if stopped.insert(name + "\u{0}" + file).inserted {
            unread.append(
                UnreadWiring(
                    file: file, what: "\(system) configuration (the rest of it)", why: .limit(name: name, value: limit))
            )
        }
        return false
    }

    /// The shell commands of `script` (a YAML scalar or Groovy string: its text and the file line it starts on) in
    /// `job`, reached through `chain` (a Jenkinsfile's `load` line); `state` holds the folder and environment and
    /// carries the shell across the items of one job that share it (GitLab's `script:` items, a step's lines).
    mutating func shell(
        _ script: String, firstLine: Int, file: String, job: String, chain: [Evidence] = [], state: inout ShellState
    ) {
        guard admitStep(in: file) else { return }
        let prototype = CICommand(
            text: "", evidence: Evidence(file: file, line: firstLine, quote: ""), origin: .ci, job: job, chain: chain,
            system: system)
        commands += ShellReader.commands(
            in: script, firstLine: firstLine, file: file, prototype: prototype, state: &state)
    }

    /// The shell commands of a YAML scalar node: a block scalar (`|`, `>`) starts on the line after its indicator.
    /// `rewrite` applies what the CI system substitutes before the shell runs (CircleCI's `<< parameters.x >>`).
    mutating func shell(
        _ node: Node, file: String, job: String, state: inout ShellState, rewrite: (String) -> String = { $0 }
    ) {
        guard let scalar = node.scalar else { return }
        let block = scalar.style == .literal || scalar.style == .folded
        shell(rewrite(scalar.string), firstLine: node.line + (block ? 1 : 0), file: file, job: job, state: &state)
    }

    /// An action step (a GitHub action, a Bitrise step, an Azure task, a plugin) with its inputs.
    mutating func action(
        _ name: String, inputs: [String: String], evidence: Evidence, job: String, environment: CIEnvironment,
        workingDirectory: String? = ""
    ) {
        guard admitStep(in: evidence.file) else { return }
        commands.append(
            CICommand(
                text: name, evidence: evidence, origin: .ci, environment: environment, job: job, action: name,
                inputs: inputs, workingDirectory: workingDirectory, system: system))
    }

    /// The commands of inline Python (a GitHub step with `shell: python`).
    mutating func python(_ node: Node, file: String, job: String, state: ShellState) {
        guard admitStep(in: file), let scalar = node.scalar else { return }
        let block = scalar.style == .literal || scalar.style == .folded
        let prototype = CICommand(
            text: "", evidence: Evidence(file: file, line: node.line, quote: ""), origin: .ci,
            environment: state.environment, job: job, workingDirectory: state.workingDirectory, system: system)
        commands += PythonScript.commands(
            in: scalar.string, firstLine: node.line + (block ? 1 : 0), file: file, prototype: prototype, scriptPath: nil
        )
    }

    /// A reference to a file outside the repository or one playprep does not read.
    mutating func unreadReference(_ file: String, what: String, why: UnreadWiring.Reason, at evidence: Evidence) {
        unread.append(UnreadWiring(file: file, what: what, why: why, referencedBy: evidence))
    }
}
