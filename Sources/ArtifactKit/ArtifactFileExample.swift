public import Diagnostics

/// An APK of playprep's repository (`TestImages/artifacts`, built by `scripts/make-artifacts.sh` with aapt2, clang,
/// apksigner and zipalign) that shows an artifact rule.
public struct ArtifactFileExample: RuleExample {
    /// The path from the repository's root.
    public var path: String
    /// The day the example is judged on: the target API requirement moves every year, the fixtures do not.
    public static let recordedOn = "2026-11-23"

    public init(_ path: String) {
        self.path = path
    }

    public var title: String { path }

    public var howToCheck: String? {
        "APKs built by scripts/make-artifacts.sh with aapt2, clang, apksigner and zipalign; "
            + "check them with `playprep artifact check FILE`."
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        let check = try ArtifactChecker(date: Self.recordedOn).check(path: repository + "/" + path)
        return Set(check.files.flatMap(\.diagnostics).map(\.ruleID))
    }
}

extension Rule {
    /// An artifact rule failed by `TestImages/artifacts/<failing>.apk` and passed by `release.apk`.
    static func artifact(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        failing: String
    ) -> Rule {
        let apk = { (name: String) in ArtifactFileExample("TestImages/artifacts/\(name).apk") }
        return Rule(
            id, name, severity, summary, why: severityReason, passing: [apk("release")], failing: [apk(failing)])
    }
}
