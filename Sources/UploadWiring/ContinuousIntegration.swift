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

/// One command line a CI configuration (or a script it runs) executes, with what it knows around it. The
/// commands of one job come in the order they run, a script's commands right after the step that runs it.
public struct CICommand: Sendable, Hashable {
    enum Origin: Sendable, Hashable {
        /// A step of a CI configuration.
        case ci
        /// A line of a repository script that a CI step runs (the step is the evidence).
        case script(ranBy: Evidence)
        /// A line of a repository script that no CI configuration runs: someone may run it by hand.
        case unreferencedScript
    }

    /// The command, continuation lines joined: one simple command (or pipeline) of a shell line, cut at `&&`,
    /// `||` and `;`; for a Python or Ruby line, the command line it runs; for an action step, the action.
    var text: String
    /// Where the command is written (for a script's command: the script's line).
    var evidence: Evidence
    var origin: Origin
    /// The environment the CI file, job and step set, and what scripts export before the command (shared
    /// between commands: see `CIEnvironment`).
    var environment: CIEnvironment = [:]
    /// The file and job the command belongs to, to relate steps of one job.
    var job: String
    /// An action step (GitHub Actions `uses:`, a Bitrise step, an Azure task, a Woodpecker plugin, Codemagic's
    /// Google Play publishing, a CircleCI orb command, a Travis `deploy:` provider) and its inputs.
    var action: String?
    var inputs: [String: String] = [:]
    /// The folder the command runs in, relative to the repository (`""` at its root): the step's
    /// `working-directory:`, `cd`/`pushd` before it, `make -C`, a `package.json`'s folder. `nil` when it is not
    /// known (a `cd` to a path built at run time, or out of the checkout).
    var workingDirectory: String? = ""
    /// The lines that ran this command when it is written in a script: the CI step first, then each script line
    /// on the way (this command's own line is `evidence`). Empty for a CI step.
    var chain: [Evidence] = []
    /// The files the command copies, moves, deletes or writes.
    var fileOperations: [FileOperation] = []
    /// The CI system whose configuration runs the command (`GitHub Actions`), `nil` for a script nothing runs.
    var system: String?
    /// Why the CI file that holds the step was read line by line (its YAML refused, its system not read): the step
    /// shows an upload only in part. `nil` for a file read as its CI system reads it.
    var readLineByLine: String?
    /// The first command's words as the shell passes them: quotes removed, variables the CI file or script sets
    /// replaced, `*` for what only the run knows; a word that starts with `ShellReader.rootMark` is a path from the
    /// repository's root (`$GITHUB_WORKSPACE/x`). `ShellReader.resolve(word, in: workingDirectory)` makes any path
    /// word relative to the repository.
    var expandedWords: [String] = []

    /// The command's words (quotes removed).
    var words: [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" || $0 == "&" || $0 == "|" }).map {
            $0.trimming("\"'")
        }
    }

    /// The CI step and every line from it to this command.
    var fullChain: [Evidence] { chain + [evidence] }
}

/// What a repository's CI configurations run, read without running them: every CI system of `CISystem.all`
/// (GitHub Actions, GitLab CI, Jenkins, Buildkite, Bitrise, CircleCI, Azure Pipelines, Woodpecker, Codemagic,
/// Travis) with their included files, the scripts, Makefile targets and `package.json` scripts those steps run
/// (`ScriptChain`), the shell scripts nothing runs that call fastlane, and what could not be read (`unread`). A
/// file its YAML parser refuses, or of a CI system playprep does not read, is read line by line (`CILines`).
public struct ContinuousIntegration: Sendable {
    /// Every command, each job's in the order they run, a script's right after the step that runs it.
    public internal(set) var commands: [CICommand] = []
    /// Jobs that call another repository's workflow whose path or inputs show a Play upload (a track, a rollout,
    /// a package name, Play in its name); never a provenance or attestation workflow.
    public internal(set) var reusableWorkflows: [Evidence] = []
    /// The CI files read, relative to the project (included and loaded files too).
    public internal(set) var files: [String] = []
    /// The CI files, includes, scripts and command targets that exist or are referenced but were not read, and
    /// why: `plan` and the stderr summary name them, so nothing is called "not uploaded" while wiring went unread.
    public internal(set) var unread: [UnreadWiring] = []

    /// Reads the CI files under `root` (hidden folders included, which the project walk skips) and the scripts
    /// among `walked` (the walk's files).
    public init(root: String, walked: [String]) {
        self.init(repository: DiskRepository(root: root, walked: walked))
    }

    init(repository: any RepositoryFiles, systems: [CISystem] = CISystem.all, limits: WiringLimits = .standard) {
        var stepCommands = [CICommand]()
        for system in systems {
            var reading = CIReading(repository: repository, system: system.name, limits: limits)
            for file in system.locate(repository) where !reading.included.contains(file) {
                system.read(file, &reading)
            }
            stepCommands += reading.commands
            files += reading.files
            unread += reading.unread
            reusableWorkflows += reading.reusableWorkflows
        }
        // A CI system playprep does not read: its lines are read one by one, so a lane it names is never dead.
        for (path, system) in CISystem.unreadSystems where repository.kind(of: path) == .file {
            var reading = CIReading(repository: repository, system: system, limits: limits)
            var why = UnreadWiring.Reason.unknownSystem(system)
            if let text = reading.text(of: path, what: "CI configuration") {
                reading.readLineByLine(text, file: path, because: "\(path) read line by line (\(why))")
                why = .readLineByLine(why)
            }
            stepCommands += reading.commands
            unread += reading.unread
            unread.append(UnreadWiring(file: path, what: "CI configuration", why: why))
        }
        var chain = ScriptChain(repository: repository, limits: limits)
        commands = chain.expand(stepCommands)
        commands += Self.unreferencedScripts(in: repository, ran: commands, chain: &chain, unread: &unread)
        unread += chain.unread
        // A script run by many steps is named once for each reference, not once for each run.
        var seen = Set<UnreadWiring>()
        unread = unread.filter { seen.insert($0).inserted }
        if commands.count > limits.maxCommands {
            commands.removeLast(commands.count - limits.maxCommands)
            unread.append(
                UnreadWiring(
                    file: commands.last?.evidence.file ?? "", what: "commands (the rest)",
                    why: .limit(name: "maxCommands", value: limits.maxCommands)))
        }
    }

    /// Whether a script nobody's CI runs is read: it names fastlane, Gradle with a publishing task (`publish…`,
    /// `promote…`), or GPP's release-notes folder (a script that copies the notes into place).
    static func mayUpload(_ text: String) -> Bool {
        text.contains("fastlane") || text.contains("release-notes")
            || text.contains("gradle") && (text.contains("publish") || text.contains("promote"))
    }

    /// The shell scripts of the walk that call fastlane, run a publishing task or stage release notes, and that no
    /// command runs (someone may run them by hand, or a CI outside the repository), with what they run in turn.
    private static func unreferencedScripts(
        in repository: any RepositoryFiles, ran: [CICommand], chain: inout ScriptChain, unread: inout [UnreadWiring]
    ) -> [CICommand] {
        let read = Set(ran.flatMap { $0.fullChain.map(\.file) })
        var result = [CICommand]()
        for path in repository.walked.sorted() where path.hasSuffix(".sh") && !read.contains(path) {
            let text: String
            switch WiringText.read(path, in: repository, maxBytes: chain.limits.maxFileBytes) {
            case .success(let read): text = read
            case .failure(let reason):
                unread.append(UnreadWiring(file: path, what: "shell script (no CI step runs it)", why: reason))
                continue
            }
            guard mayUpload(text) else { continue }
            var state = ShellState(workingDirectory: "", environment: [:])
            state.scriptPath = path
            let prototype = CICommand(
                text: "", evidence: Evidence(file: path, line: 1, quote: ""), origin: .unreferencedScript, job: path)
            result += chain.expand(
                ShellReader.commands(in: text, firstLine: 1, file: path, prototype: prototype, state: &state))
        }
        return result
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters in `set`.
    func trimming(_ set: String) -> String {
        // Found from each end in place: a reversed view of a slice is generic code that cost a CI file of 8,000
        // steps seconds (every command's words are trimmed by each uploader).
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
