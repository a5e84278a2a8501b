public import Diagnostics

/// A fixture of `TestImages/artifacts/declarations` (built by `scripts/make-declaration-artifacts.sh` with aapt2,
/// apksigner and zipalign), checked as the release after `previous` when one is given.
public struct DeclarationExample: RuleExample {
    /// The fixture's name, without folder and `.apk`.
    public var name: String
    public var previous: String?

    public init(_ name: String, previous: String? = nil) {
        self.name = name
        self.previous = previous
    }

    static func path(_ name: String) -> String { "TestImages/artifacts/declarations/\(name).apk" }

    public var title: String {
        Self.fixtureName(Self.path(name)) + (previous.map { " after " + Self.fixtureName(Self.path($0)) } ?? "")
    }

    public var howToCheck: String? {
        Self.fixturesNote(
            "APKs built by scripts/make-declaration-artifacts.sh with aapt2, apksigner and zipalign; in a checkout, "
                + "check one with `playprep artifact check FILE [--previous OLD]`.")
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        var checker = ArtifactChecker(date: ArtifactFileExample.recordedOn)
        if let previous {
            checker.declarationEvidence.previous = try checker.check(path: repository + "/" + Self.path(previous))
                .declarations
        }
        let check = try checker.check(path: repository + "/" + Self.path(name))
        return Set(check.files.flatMap(\.diagnostics).map(\.ruleID))
    }
}
