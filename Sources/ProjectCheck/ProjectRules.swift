import AndroidBuild
import ArtifactKit
public import Diagnostics
import NinePatchKit
import PackageNameKit
import PlayListingKit
import ReleaseDiff
import UploadWiring

/// What the project rules judge, filled once by ``ProjectChecker``: the walk's inventory, every NinePatch's
/// result (its model, for the lints that compare files) and the build as read (with what `playprep.yml` supplies).
struct ProjectContext: Sendable {
    var inventory: ProjectInventory
    var ninePatches: [NinePatchCheck]
    var build: AndroidBuildModel
    /// The applicationId already on Play (`--expect`).
    var expectedApplicationID: String?
    /// The versionCode being released was given (`--version-code`, `listing.versionCode`, `--artifact`), so an
    /// unreadable one in the build needs no note.
    var versionCodeGiven: Bool
    /// The artifact being released (`--artifact`), judged against the build (PRJ003).
    var artifact: ArtifactCheck? = nil
    /// Each listing as judged, with the refusals on parts whose upload is undecided (the upload rules' subject).
    var listings: [ListingOutcome] = []
    /// The release variants uploads send to Play, with their proof (the TGT rules' subject).
    var variantUploads: [VariantUpload] = []
    /// Play's target API level requirement and the day it is read for (`YYYY-MM-DD`; empty: none applies).
    var targetAPIPolicy = TargetAPIPolicy.play2026
    var date = ""
    /// The densities of each drawable that differ from the file most devices draw, judged once for NP106 and
    /// NP109 (`DensityConsistency.outliers(in:)` on `ninePatches`).
    var densityOutliers: [DensityConsistency.Outlier] = []
}

/// A rule that needs the whole project: the rule with its example folders and its check on the project, which
/// names the files it finds problems in.
typealias ProjectRule = RuleCheck<ProjectContext, Diagnostic, Never>

/// Rules that need the whole project (several files, or the build): the check's own PRJ rules, the NinePatch
/// rules that compare files (NP105, NP106, NP109) and the resource-name rules (RES001, RES002), each one entry. The
/// rules of one NinePatch, one package name, one listing or one artifact come from their libraries.
enum ProjectRules {
    /// The inventory's unreadable inputs; a listing or an artifact that cannot be read is reported where it is
    /// read (``ProjectChecker``, the CLI), with the same rule.
    static let unreadable = ProjectRule(
        .project(
            "PRJ001", "unreadable-input", .error,
            "A folder, build file, manifest, Fastfile, listing or artifact the check needs could not be read or "
                + "decoded: what it holds was not checked.",
            why: "What playprep cannot read it cannot check, so a passing run must not hide it.",
            passing: [ProjectFileExample(project: "TestImages/SampleApp")],
            failing: [ProjectFileExample(project: "TestImages/NotUTF8", file: "app/build.gradle")])
    ) { project, finding in
        UnreadableInputs().diagnostics(for: project.inventory, finding)
    }

    static let unresolvedBuildValue = ProjectRule(
        .project(
            "PRJ002", "unresolved-build-value", .note,
            "An applicationId or versionCode a rule needs is an expression playprep cannot evaluate (one note per "
                + "cause, said where the value changes what is judged, with how to supply it), or a build file goes "
                + "past one of playprep's limits (variants a module, names in a project path): what was not read.",
            why: "Nothing is wrong with the project: the note says which check could not run and how to enable it.",
            passing: [ProjectFileExample(project: "TestImages/SampleApp")],
            failing: [ProjectFileExample(project: "TestImages/Unevaluated", file: "app/build.gradle.kts")])
    ) { project, finding in
        let values = UnresolvedBuildValues(expected: project.expectedApplicationID)
        let changelogTrees = project.inventory.listings.filter { $0.kind != .gpp }.map(\.path).filter { tree in
            !ReleaseNotesChoice(withoutVersionCodeIn: project.inventory.files, tree: tree).versionCodes.isEmpty
        }
        return values.applicationIDNotes(for: project.build, finding)
            + values.readLimitNotes(for: project.build, finding)
            + (project.versionCodeGiven
                ? [] : values.versionCodeNotes(for: project.build, changelogTrees: changelogTrees, finding))
    }

    static let artifactOfAnotherApp = ProjectRule(
        .project(
            "PRJ003", "artifact-of-another-app", .error,
            "The --artifact is a release of this build: its applicationId is one of the build's release ids (else it "
                + "is not taken for the release); a versionCode other than the build's is a note.",
            why: "Play refuses an upload whose package name is not the app's (\"needs to have the package name …\").",
            passing: [
                ProjectFileExample(
                    project: "TestImages/defaults/artifact-this-app", artifact: "TestImages/artifacts/release.apk")
            ],
            failing: [
                ProjectFileExample(
                    project: "TestImages/defaults/artifact-another-app", artifact: "TestImages/artifacts/release.apk"),
                ProjectFileExample(
                    project: "TestImages/defaults/artifact-older-code", artifact: "TestImages/artifacts/release.apk"),
            ])
    ) { project, finding in
        project.artifact.map {
            ArtifactOfTheBuild().diagnostics($0, build: project.build, relative: project.inventory.relative, finding)
        } ?? []
    }

    static let resourceNameClash = ProjectRule(
        .project(
            "NP105", "resource-name-clash", .error,
            "x.9.png and another file named x.* in the same resource folder define the same resource: the build "
                + "fails at link time.", why: "The build fails at resource linking.",
            failing: [
                ProjectFileExample(project: "TestImages/BrokenApp", file: "app/src/main/res/drawable/badge.9.png")
            ]
        )
    ) { project, finding in
        let others = Set(project.inventory.plainImages.map(resourceKey))
        return project.inventory.ninePatchFiles.filter { others.contains(resourceKey($0)) }.map { file in
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let resource = String(name.prefix { $0 != "." })
            return finding.diagnostic(
                file: file,
                "another file in this folder is also named '\(resource).*': both define the same resource, "
                    + "so aapt2 link fails with a duplicate resource",
                hint: "delete or rename one of them (the NinePatch usually replaces an older plain image)")
        }
    }

    static let densityMismatch = ProjectRule(
        .project(
            "NP106", "density-mismatch", .warning,
            "The same drawable in several density folders should draw alike in dp as the file most devices draw: "
                + "no padding, optical bound or fixed part \(DensityConsistency.defaultThreshold) dp or more off (from "
                + "hdpi up, or in any density for a copy left unscaled), and no stretch span over pixels it keeps "
                + "fixed (from hdpi up).",
            why: "Users on the outlier's density see content moved, a drawable drawn at another size or stretched "
                + "differently than on most devices.",
            passing: [ProjectFileExample(project: "TestImages/density/invisible_offset")],
            failing: [
                ProjectFileExample(project: "TestImages/density/unscaled_copy"),
                ProjectFileExample(project: "TestImages/density/visible_offset"),
                ProjectFileExample(project: "TestImages/density/odd_density"),
            ])
    ) { project, finding in
        DensityConsistency.diagnostics(project.densityOutliers, .significant, finding)
    }

    static let densityDrift = ProjectRule(
        .project(
            "NP109", "density-drift", .warning,
            "Opt-in: what NP106 leaves out between density folders: differences over a pixel's rounding but under "
                + "its threshold (`ninepatch: densityThreshold`), and those only ldpi, mdpi or tvdpi devices draw.",
            why: "Only a designer comparing the densities side by side would notice, or under 1 % of devices draw it.",
            optIn: true,
            passing: [ProjectFileExample(project: "TestImages/density/odd_density")],
            failing: [ProjectFileExample(project: "TestImages/density/small_drift")])
    ) { project, finding in
        DensityConsistency.diagnostics(project.densityOutliers, .drift, finding)
    }

    /// aapt2 compile: a '.' in the name other than the one starting the extension (`x.9.png` is one extension).
    static let dotInName = ProjectRule(
        .project(
            "RES001", "dot-in-resource-name", .error,
            "A file-based resource name may contain '.' only before its extension (x.9.png is fine, x.small.png is "
                + "not): aapt2 compile fails outside res/raw.", why: "aapt2 compile fails the build on it.",
            failing: [
                ProjectFileExample(project: "TestImages/Unevaluated", file: "app/src/main/res/drawable/logo.small.png")
            ])
    ) { project, finding in
        ResourceFileNames().dotsInNames(project.inventory.resourceFiles, finding)
    }

    /// AGP's resource merger (`FileResourceNameValidator`): only lowercase a-z, 0-9 and '_', starting with a
    /// letter or '_', and not a Java keyword.
    static let invalidName = ProjectRule(
        .project(
            "RES002", "invalid-resource-name", .error,
            "File-based resource names may contain only lowercase a-z, 0-9 and '_', must not start with a digit and "
                + "must not be a Java keyword: the Android Gradle plugin's resource merger fails otherwise.",
            why: "The Android Gradle plugin's resource merger fails the build on it.",
            failing: [ProjectFileExample(project: "TestImages/BrokenApp", file: "app/src/main/res/raw/splash.9.png")])
    ) { project, finding in
        ResourceFileNames().invalidNames(project.inventory.resourceFiles, finding)
    }

    /// The entries whose findings join the reports of the resource files they name, in the order they are
    /// reported in each file.
    static let resourceEntries = [densityMismatch, densityDrift, resourceNameClash, dotInName, invalidName]

    /// Every rule of this module, in id order.
    static let all: [Rule] =
        [
            unreadable.rule, unresolvedBuildValue.rule, artifactOfAnotherApp.rule, resourceNameClash.rule,
            densityMismatch.rule, densityDrift.rule, dotInName.rule, invalidName.rule, undecidedUpload.rule,
            deadUpload.rule,
        ] + TargetSdkRules.all.map(\.rule)

    /// Folder plus resource name (the file name up to its first dot).
    private static func resourceKey(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(path.dropLast(name.count)) + String(name.prefix { $0 != "." })
    }
}

/// A folder of playprep's repository checked as a project (`playprep check`), and optionally one file in it whose
/// findings count: the example of a rule that compares files or needs to know where a file lies.
struct ProjectFileExample: RuleExample {
    /// The project folder, from the repository's root.
    var project: String
    /// The file whose findings count, from the project's root; `nil`: every file's.
    var file: String?
    /// The APK or AAB released with it (`--artifact`), from the repository's root.
    var artifact: String?
    /// The day the check is run for (`--date`), when the rule depends on it; `nil`: today.
    var date: String?

    init(project: String, file: String? = nil, artifact: String? = nil, date: String? = nil) {
        self.project = project
        self.file = file
        self.artifact = artifact
        self.date = date
    }

    var title: String {
        Self.fixtureName(file.map { "\(project)/\($0)" } ?? project)
            + (artifact.map { " with --artifact " + Self.fixtureName($0) } ?? "") + (date.map { " on " + $0 } ?? "")
    }

    var howToCheck: String? {
        Self.fixturesNote("the rule compares files of a project, so in a checkout run `playprep check` on the folder.")
    }

    func reportedRuleIDs(repository: String) throws -> Set<String> {
        let root = repository + "/" + project
        var everyRule = ProjectConfiguration()
        everyRule.aapt1Compatibility = true
        everyRule.rules.enable(RuleCatalog.playprep.rules.keys)
        everyRule.date = date
        let released = try artifact.map { path in
            try ArtifactChecker(date: ArtifactFileExample.recordedOn).check(path: repository + "/" + path)
        }
        let report = ProjectChecker(configuration: everyRule, jobs: 1).run(
            ProjectDiscovery().inventory(of: root), artifact: released
        ).report
        let shown = file.map { root + "/" + $0 }
        return Set(report.diagnostics.filter { shown == nil || $0.file == shown }.map(\.ruleID))
    }
}

extension Rule {
    /// A whole-project rule whose examples are project folders of the repository.
    static func project(
        _ id: String, _ name: String, _ severity: Severity, _ summary: String, why severityReason: String,
        optIn: Bool = false, releaseBound: Bool = false, passing: [ProjectFileExample] = [],
        failing: [ProjectFileExample]
    ) -> Rule {
        Rule(
            id, name, severity, summary, why: severityReason, optIn: optIn, releaseBound: releaseBound,
            passing: passing, failing: failing)
    }
}

extension RuleCatalog {
    /// Every rule playprep has: NinePatch, project, package-name, listing, artifact, declaration and release
    /// comparison (`--since`) rules.
    public static let playprep = RuleCatalog(
        [
            NinePatchRules.all, ProjectRules.all, PackageNameRules.all.map(\.rule), PlayListingRules.all,
            ArtifactRules.all.map(\.rule),
            DeclarationRules.rules, ReleaseRules.all,
        ].flatMap { $0 })
}
