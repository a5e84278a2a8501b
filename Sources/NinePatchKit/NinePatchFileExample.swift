public import Diagnostics

/// A file of playprep's repository that shows a NinePatch rule when checked by itself, as
/// `playprep ninepatch check FILE` does (bad-patch lint at its default tolerance), with the opt-in aapt1 lint on.
public struct NinePatchFileExample: RuleExample {
    /// The path from the repository's root, e.g. `TestImages/crafted/red_top.9.png`.
    public var path: String

    public init(_ path: String) {
        self.path = path
    }

    public var title: String { Self.fixtureName(path) }

    public var howToCheck: String? {
        Self.fixturesNote("in a checkout, check one with `playprep ninepatch check FILE`.")
    }

    public func reportedRuleIDs(repository: String) -> Set<String> {
        let checker = NinePatchChecker(
            parser: NinePatchParser(badPatchTolerance: NinePatchLints.defaultBadPatchTolerance))
        let check = checker.check(fileAt: repository + "/" + path)
        let aapt1 = check.ninePatch.map { NinePatchLints.aapt1Compatibility($0, file: path) } ?? []
        return Set((check.diagnostics + aapt1).map(\.ruleID))
    }
}

extension Rule {
    /// A rule of one NinePatch file whose examples are repository files.
    static func ninePatch(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        optIn: Bool = false, passing: [String] = [], failing: [String] = []
    ) -> Rule {
        Rule(
            id, name, severity, summary, why: severityReason, optIn: optIn,
            passing: passing.map(NinePatchFileExample.init),
            failing: failing.map(NinePatchFileExample.init))
    }
}
