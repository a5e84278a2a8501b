public import Diagnostics

/// One package-name rule: the rule with its examples, who applies it, and its check.
public struct PackageNameRule: Sendable {
    /// Who refuses a name that fails the rule, which decides the names it judges: the build judges every
    /// name, the installer (and aapt2) every applicationId, Play the applicationId of a release.
    public enum Judge: Sendable, CaseIterable {
        case build, installer, play

        /// Whether this judge sees a name of `role`.
        func sees(_ role: PackageNameRole) -> Bool {
            switch self {
            case .build: true
            case .installer: role.isApplicationID
            case .play: role.reachesPlay
            }
        }
    }

    public let rule: Rule
    public let judge: Judge
    let check: @Sendable (PackageNameSubject, FindingMaker) -> [Finding]

    init(_ rule: Rule, judge: Judge, check: @escaping @Sendable (PackageNameSubject, FindingMaker) -> [Finding]) {
        self.rule = rule
        self.judge = judge
        self.check = check
    }

    /// The rule's findings on `subject` (whoever judges it).
    func findings(_ subject: PackageNameSubject) -> [Finding] {
        check(subject, FindingMaker(rule: rule))
    }
}

/// A name as the package-name checks see it: the case, its segments and the limits in force.
struct PackageNameSubject: Sendable {
    var name: String
    var segments: [String]
    var role: PackageNameRole
    var namespace: String?
    var expected: String?
    var limits: PackageNameLimits

    init(_ input: PackageNameCase, limits: PackageNameLimits) {
        name = input.name
        segments = input.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        role = input.role
        namespace = input.namespace
        expected = input.expected
        self.limits = limits
    }

    /// The first of `prefixes` the name equals or starts with, compared segment by segment.
    func firstPrefix(of prefixes: [String]) -> String? {
        prefixes.first { prefix in
            let parts = prefix.split(separator: ".").map(String.init)
            return segments.count >= parts.count && Array(segments.prefix(parts.count)) == parts
        }
    }
}

/// Makes findings of one rule, at its default severity unless told otherwise.
struct FindingMaker: Sendable {
    let rule: Rule

    func callAsFunction(severity: Severity? = nil, _ message: String, hint: String? = nil) -> Finding {
        Finding(rule, severity: severity, message, hint: hint)
    }
}
