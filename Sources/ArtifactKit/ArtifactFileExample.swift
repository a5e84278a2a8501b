public import Diagnostics

/// An APK or AAB of playprep's repository (`TestImages/artifacts`, built by `scripts/make-artifacts.sh` with aapt2,
/// clang, apksigner, jarsigner and zipalign) that shows an artifact rule.
public struct ArtifactFileExample: RuleExample {
    /// The path from the repository's root.
    public var path: String
    /// The upload certificate the check expects (`--upload-certificate`), for ART015's examples.
    public var uploadCertificate: String?
    /// The day the example is judged on: the target API requirement moves every year, the fixtures do not.
    public static let recordedOn = "2026-11-23"

    public init(_ path: String, uploadCertificate: String? = nil) {
        self.path = path
        self.uploadCertificate = uploadCertificate
    }

    public var title: String {
        let name = Self.fixtureName(path)
        return uploadCertificate.map { "\(name) (--upload-certificate \($0.prefix(8))…)" } ?? name
    }

    public var howToCheck: String? {
        Self.fixturesNote(
            "APKs and AABs built by scripts/make-artifacts.sh with aapt2, clang, apksigner, jarsigner and zipalign; "
                + "in a checkout, check one with `playprep artifact check FILE`.")
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        var checker = ArtifactChecker(date: Self.recordedOn)
        checker.uploadCertificate = uploadCertificate
        let check = try checker.check(path: repository + "/" + path)
        return Set(check.files.flatMap(\.diagnostics).map(\.ruleID))
    }
}

extension Rule {
    /// An artifact rule failed by `TestImages/artifacts/<failing>.apk` and passed by `release.apk`.
    static func artifact(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        releaseBound: Bool = false, failing: String
    ) -> Rule {
        artifact(
            id, name, severity, summary, why: severityReason, releaseBound: releaseBound, failing: [failing + ".apk"],
            passing: ["release.apk"])
    }

    /// An artifact rule failed by each of `failing` and passed by each of `passing` (files in
    /// `TestImages/artifacts/`), checked expecting `uploadCertificate` when given.
    static func artifact(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        releaseBound: Bool = false, failing: [String], passing: [String], uploadCertificate: String? = nil
    ) -> Rule {
        let file = { (name: String) in
            ArtifactFileExample("TestImages/artifacts/\(name)", uploadCertificate: uploadCertificate)
        }
        return Rule(
            id, name, severity, summary, why: severityReason, releaseBound: releaseBound, passing: passing.map(file),
            failing: failing.map(file))
    }
}
