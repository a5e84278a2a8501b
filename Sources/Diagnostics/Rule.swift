/// One rule playprep applies, whatever it checks (a NinePatch, a package name, a listing, a project, an APK):
/// what it enforces, how bad a finding is, whether it reports without being asked, and inputs that pass and fail
/// it (SwiftLint's non-triggering and triggering examples). Every example runs in one test, and
/// `playprep rules ID` prints them.
public struct Rule: Sendable {
    /// Stable identifier such as `NP003` or `TXT001`; the letters name the family.
    public var id: String
    /// Short kebab-case name, e.g. `invalid-frame-color`.
    public var name: String
    public var defaultSeverity: Severity
    /// One sentence: what the rule enforces and why.
    public var summary: String
    /// One line: why the default severity is what it is, by consequence. An error is something the store or the
    /// build refuses; a warning is something users or reviewers will see, to fix before this release; everything
    /// else (documented but unenforced limits, style, files an uploader skips on purpose) is a note or opt-in.
    /// Required, so that no rule ships without saying why it may fail a build (`playprep rules ID` shows it).
    public var severityReason: String
    /// Whether the rule reports without being asked. Rules that are right but rarely acted on (advice, style)
    /// are opt-in, like Android lint's disabled-by-default checks: `--enable ID` or a severity in playprep.yml
    /// turns them on.
    public var isEnabledByDefault: Bool
    /// Whether its findings judge this release at one moment: against the release it is compared with (REL) or
    /// against the store's requirement of the day (Play's target API level). The same words at the next release
    /// are a new refusal, not a known problem, so a baseline never records or absorbs them.
    public var isReleaseBound: Bool
    /// Inputs on which the rule reports nothing.
    public var passing: [any RuleExample]
    /// Inputs on which the rule reports at least one finding.
    public var failing: [any RuleExample]

    public init(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        optIn: Bool = false, releaseBound: Bool = false, passing: [any RuleExample] = [],
        failing: [any RuleExample] = []
    ) {
        self.id = id
        self.name = name
        self.defaultSeverity = severity
        self.summary = summary
        self.severityReason = severityReason
        self.isEnabledByDefault = !optIn
        self.isReleaseBound = releaseBound
        self.passing = passing
        self.failing = failing
    }

    /// A rule whose examples are all of one kind, named by `examples`, so the examples can be written as
    /// literals or implicit members of that type (`"com.example.app"`, `.fastlane("31 characters", …)`).
    public init<Example: RuleExample>(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        optIn: Bool = false, releaseBound: Bool = false, examples: Example.Type, passing: [Example],
        failing: [Example]
    ) {
        self.init(
            id, name, severity, summary, why: severityReason, optIn: optIn, releaseBound: releaseBound,
            passing: passing, failing: failing)
    }

    /// A finding of this rule in `file`, at the rule's default severity unless `severity` is given.
    public func diagnostic(
        file: String, severity: Severity? = nil, at location: Location? = nil, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            ruleID: id, severity: severity ?? defaultSeverity, file: file, location: location, message: message,
            hint: hint)
    }
}

/// An input of a rule's example that knows how playprep checks it: a listing tree, a package name, a file of
/// playprep's repository. The library that owns the checker defines the input, so a rule's examples run through
/// the same code as a user's files.
public protocol RuleExample: Sendable {
    /// One line naming the input, e.g. `fastlane: 31 characters` or a repository path.
    var title: String { get }
    /// Lines that say what the input holds (may be empty).
    var details: [String] { get }
    /// Said once before a rule's examples of this kind: how to check them yourself (`nil`: nothing to say).
    var howToCheck: String? { get }
    /// The ids of the rules playprep reports on the input with every rule on. Repository paths are relative to
    /// `repository`, the folder of playprep's own checkout.
    func reportedRuleIDs(repository: String) throws -> Set<String>
}

extension RuleExample {
    public var details: [String] { [] }
    public var howToCheck: String? { nil }

    /// How an example names one of playprep's test fixtures: its path below the source repository's
    /// `TestImages/`, a folder the release tarball does not ship (``fixturesNote`` says where they are).
    public static func fixtureName(_ path: String) -> String {
        path.hasPrefix("TestImages/") ? String(path.dropFirst("TestImages/".count)) : path
    }

    /// Where the fixtures an example names are, said before `how`, the command that checks one.
    public static func fixturesNote(_ how: String) -> String {
        "playprep's test fixtures, kept in its source repository (not in the release tarball); " + how
    }
}

/// The rules a report may mention, by id, so reporters that describe their rules (SARIF, HTML) and the rule
/// selection can look them up.
public struct RuleCatalog: Sendable {
    /// The rules in the order given.
    public let all: [Rule]
    /// The rules by id; of two rules with one id (a mistake `duplicateIDs` shows) the first.
    public let rules: [String: Rule]

    public init(_ rules: [Rule]) {
        all = rules
        self.rules = Dictionary(rules.map { ($0.id, $0) }) { first, _ in first }
    }

    /// Ids given to more than one rule, sorted.
    public var duplicateIDs: [String] {
        Dictionary(grouping: all, by: \.id).filter { $0.value.count > 1 }.keys.sorted()
    }

    /// The known id nearest to an unknown `id` (fewest edits, ignoring letter case), to suggest for a typo.
    public func closestID(to id: String) -> String? {
        Spelling.closest(to: id, among: all.map(\.id))
    }

    /// The rule `id`; an id the catalogue does not know gets a minimal one at `severity`.
    public func rule(for id: String, severity: Severity) -> Rule {
        rules[id] ?? Rule(id, id.lowercased(), severity, id, why: "Not a rule playprep knows; reported as found.")
    }
}
