public import Diagnostics

/// One package-name rule: the entry (the rule with its examples, and its check) and who applies it, which decides
/// the names the checker hands it and the order of its findings.
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

    public let judge: Judge
    let entry: RuleCheck<PackageNameSubject, Finding, Never>
    public var rule: Rule { entry.rule }

    init(_ rule: Rule, judge: Judge, check: @escaping @Sendable (PackageNameSubject, RuleOutput) -> [Finding]) {
        self.judge = judge
        entry = RuleCheck(rule, check: check)
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
