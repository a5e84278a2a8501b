/// Reads the projects a settings script includes: `include ':a', ':b:c'`, `include(":a")`, and
/// `project(':x').projectDir = new File(rootDir, 'path')` / `file("path")`; and the builds it includes
/// (`includeBuild("build-logic")`, also in `pluginManagement {}`). Every block is searched, since includes often
/// sit in loops or conditions; an include whose name cannot be evaluated marks the list dynamic.
struct SettingsReader {
    /// One project of the build: its Gradle path and folder (root-prefixed).
    struct Project: Sendable, Hashable {
        var path: String
        var directory: String
    }

    /// What the settings declare, without the script read for it.
    struct Includes: Sendable {
        var projects: [Project]
        var limitsReached: [BuildReadLimit]
        var hasDynamicIncludes: Bool
        var includedBuilds: [String]
    }

    private let script: TokenizedScript
    private var environment: EvaluationEnvironment
    private let root: String
    /// Included projects in order, parents before children.
    private(set) var projects: [Project] = []
    /// Each project's index in `projects`, by Gradle path.
    private var indexByPath: [String: Int] = [:]
    /// Includes past a limit, said in a note instead of read.
    private(set) var limitsReached: [BuildReadLimit] = []
    /// Some `include` names an expression playprep cannot evaluate (a loop over folders, a function).
    private(set) var hasDynamicIncludes = false
    /// The folders of the builds it includes (`includeBuild`), root-prefixed.
    private(set) var includedBuilds: [String] = []

    private static let maximumDepth = 24
    /// The most names in one project path (`:a:b:c` has 3): real builds nest a handful of levels.
    static let maximumPathSegments = 64

    init(script: TokenizedScript, environment: EvaluationEnvironment, root: String) {
        self.script = script
        self.environment = environment
        self.root = root
    }

    mutating func read() {
        run(0..<script.tokens.count, depth: 0)
    }

    /// The includes read so far.
    var includes: Includes {
        Includes(
            projects: projects, limitsReached: limitsReached, hasDynamicIncludes: hasDynamicIncludes,
            includedBuilds: includedBuilds)
    }

    private mutating func run(_ body: Range<Int>, depth: Int) {
        guard depth < Self.maximumDepth else { return }
        environment.enterBlock()
        for statement in script.statements(in: body) {
            interpret(statement)
            if let inner = statement.body { run(inner, depth: depth + 1) }
        }
        environment.leaveBlock()
    }

    private var evaluator: ExpressionEvaluator { ExpressionEvaluator(script: script, environment: environment) }

    private mutating func interpret(_ statement: TokenizedScript.Statement) {
        let head = statement.head
        if ["def", "val", "var"].contains(where: { script.isIdentifier(head.lowerBound, $0) }),
            script.isIdentifier(head.lowerBound + 1), script.isSymbol(head.lowerBound + 2, "=")
        {
            let value = evaluator.evaluate((head.lowerBound + 3)..<head.upperBound)
            environment.declareLocal(script.text(head.lowerBound + 1), value)
            return
        }
        guard let chain = StatementChain(script, in: head), let first = chain.segments.first else { return }
        if first.name == "include", chain.segments.count == 1 {
            let arguments = first.arguments ?? chain.end..<head.upperBound
            if first.arguments != nil && chain.end != head.upperBound { return }
            for argument in evaluator.arguments(arguments) { include(argument, at: arguments.lowerBound) }
        } else if first.name == "includeBuild", chain.segments.count == 1 {
            let arguments = first.arguments ?? chain.end..<head.upperBound
            if case .value(.string(let folder))? = evaluator.arguments(arguments).first {
                includedBuilds.append(normalized(folder))
            }
        } else if first.name == "project", chain.segments.count == 2, chain.segments[1].name == "projectDir",
            let name = first.arguments, script.isSymbol(chain.end, "=")
        {
            guard case .value(.string(let path)) = evaluator.evaluate(name),
                case .value(.string(let folder)) = evaluator.evaluate((chain.end + 1)..<head.upperBound)
            else { return }
            if let index = indexByPath[Self.gradlePath(path)] {
                projects[index].directory = normalized(folder)
            }
        }
    }

    /// Includes the project(s) `argument` names; `token` locates the include for a note.
    private mutating func include(_ argument: Evaluation, at token: Int) {
        switch argument {
        case .value(.string(let path)):
            add(Self.gradlePath(path), at: token)
        case .value(.list(let items)):
            for item in items { include(.value(item), at: token) }
        default:
            hasDynamicIncludes = true
        }
    }

    /// Adds a project and the parents its path implies (`:a:b` makes `:a` too), each in its parent's folder; a
    /// path of more than ``maximumPathSegments`` names is not read (a note says so).
    private mutating func add(_ path: String, at token: Int) {
        let names = path.split(separator: ":")
        guard !names.isEmpty else { return }
        guard names.count <= Self.maximumPathSegments else {
            limitsReached.append(
                BuildReadLimit(
                    location: script.location(token),
                    message: "an include names a project path of \(names.count) names, over playprep's limit of "
                        + "\(Self.maximumPathSegments): it was not read, and neither were the projects it names"))
            return
        }
        var parentDirectory = root
        var current = ""
        for name in names {
            current += ":" + name
            if let existing = indexByPath[current] {
                parentDirectory = projects[existing].directory
                continue
            }
            let directory = parentDirectory + "/" + name
            indexByPath[current] = projects.count
            projects.append(Project(path: current, directory: directory))
            parentDirectory = directory
        }
    }

    /// `app` and `:app` both mean `:app`.
    static func gradlePath(_ name: String) -> String { name.hasPrefix(":") ? name : ":" + name }

    /// A folder the settings name, relative to the build's root unless it starts with the project's, with `.`
    /// and `..` worked out so it matches the walked paths.
    private func normalized(_ folder: String) -> String {
        let projectRoot = environment.files.root
        let isRooted = folder.hasPrefix("/") || folder == projectRoot || folder.hasPrefix(projectRoot + "/")
        return environment.files.normalized(isRooted ? folder : root + "/" + folder)
    }
}
