import ArtifactKit
public import Diagnostics
import NinePatchKit
import PackageNameKit
import PlayListingKit

/// Rules that need the whole project (several files, or the build): the check's own PRJ rules, the NinePatch
/// rules that compare files (NP105, NP106) and the resource-name rules (RES001, RES002). The rules of one
/// NinePatch, one package name, one listing or one artifact come from their libraries.
public enum ProjectRules {
    public static let unreadable = Rule.project(
        "PRJ001", "unreadable-input", .error,
        "A folder, build file, manifest, Fastfile, listing or artifact the check needs could not be read or "
            + "decoded: what it holds was not checked.",
        why: "What playprep cannot read it cannot check, so a passing run must not hide it.",
        passing: [ProjectFileExample(project: "TestImages/SampleApp")],
        failing: [ProjectFileExample(project: "TestImages/NotUTF8", file: "app/build.gradle")])

    public static let unresolvedBuildValue = Rule(
        "PRJ002", "unresolved-build-value", .note,
        "An applicationId or versionCode a rule needs is an expression playprep cannot evaluate; the note says how "
            + "to supply it.",
        why: "Nothing is wrong with the project: the note says which check could not run and how to enable it.")

    public static let resourceNameClash = Rule.project(
        "NP105", "resource-name-clash", .error,
        "x.9.png and another file named x.* in the same resource folder define the same resource: the build fails "
            + "at link time.", why: "The build fails at resource linking.",
        failing: [ProjectFileExample(project: "TestImages/BrokenApp", file: "app/src/main/res/drawable/badge.9.png")])

    public static let densityMismatch = Rule.project(
        "NP106", "density-mismatch", .warning,
        "The same drawable in several density folders should be scaled to each density, with stretch spans that "
            + "draw like the proportional ones and padding and layout bounds in proportion.",
        why: "Users on the odd density see different padding, insets or stretching than everyone else.",
        passing: [ProjectFileExample(project: "TestImages/density/invisible_offset")],
        failing: [
            ProjectFileExample(project: "TestImages/density/unscaled_copy"),
            ProjectFileExample(project: "TestImages/density/visible_offset"),
        ])

    /// aapt2 compile: a '.' in the name other than the one starting the extension (`x.9.png` is one extension).
    public static let dotInName = Rule(
        "RES001", "dot-in-resource-name", .error,
        "A file-based resource name may contain '.' only before its extension (x.9.png is fine, x.small.png is not): "
            + "aapt2 compile fails outside res/raw.", why: "aapt2 compile fails the build on it.")

    /// AGP's resource merger (`FileResourceNameValidator`): only lowercase a-z, 0-9 and '_', starting with a
    /// letter or '_', and not a Java keyword.
    public static let invalidName = Rule.project(
        "RES002", "invalid-resource-name", .error,
        "File-based resource names may contain only lowercase a-z, 0-9 and '_', must not start with a digit and must "
            + "not be a Java keyword: the Android Gradle plugin's resource merger fails otherwise.",
        why: "The Android Gradle plugin's resource merger fails the build on it.",
        failing: [ProjectFileExample(project: "TestImages/BrokenApp", file: "app/src/main/res/raw/splash.9.png")])

    /// Every rule of this module, in id order.
    public static let all: [Rule] = [
        unreadable, unresolvedBuildValue, resourceNameClash, densityMismatch, dotInName, invalidName,
    ]
}

/// A folder of playprep's repository checked as a project (`playprep check`), and optionally one file in it whose
/// findings count: the example of a rule that compares files or needs to know where a file lies.
public struct ProjectFileExample: RuleExample {
    /// The project folder, from the repository's root.
    public var project: String
    /// The file whose findings count, from the project's root; `nil`: every file's.
    public var file: String?

    public init(project: String, file: String? = nil) {
        self.project = project
        self.file = file
    }

    public var title: String { file.map { "\(project)/\($0)" } ?? project }

    public var howToCheck: String? {
        "Files in playprep's repository; the rule compares files of a project, so run `playprep check` on the "
            + "folder around them."
    }

    public func reportedRuleIDs(repository: String) -> Set<String> {
        let root = repository + "/" + project
        var everyRule = ProjectConfiguration()
        everyRule.aapt1Compatibility = true
        everyRule.rules.enable(RuleCatalog.playprep.rules.keys)
        let report = ProjectChecker(configuration: everyRule, jobs: 1).check(ProjectDiscovery().inventory(of: root))
        let shown = file.map { root + "/" + $0 }
        return Set(report.diagnostics.filter { shown == nil || $0.file == shown }.map(\.ruleID))
    }
}

extension Rule {
    /// A whole-project rule whose examples are project folders of the repository.
    static func project(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        passing: [ProjectFileExample] = [], failing: [ProjectFileExample]
    ) -> Rule {
        Rule(id, name, severity, summary, why: severityReason, passing: passing, failing: failing)
    }
}

extension RuleCatalog {
    /// Every rule playprep has: NinePatch, project, package-name, listing and artifact rules.
    public static let playprep = RuleCatalog(
        [
            NinePatchRules.all, ProjectRules.all, PackageNameRules.all.map(\.rule), PlayListingRules.all,
            ArtifactRules.all.map(\.rule),
            DeclarationRules.rules,
        ].flatMap { $0 })
}
