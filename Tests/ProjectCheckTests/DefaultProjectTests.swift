import AndroidBuild
import ArtifactKit
import Diagnostics
import Foundation
import PlayListingKit
import TestSupport
import Testing

@testable import ProjectCheck

/// Issue 35 on whole projects, on the fixtures in TestImages/defaults/: GPP's own refusals by how the upload is
/// proven, PRJ002 once per cause and only where it changes what is judged, `listing check` judging the release
/// notes as `check` does, unreadable listing files, and `--artifact` of another app.
@Suite struct DefaultProjectTests {
    static func root(_ fixture: String) -> String { Fixtures.testImage("defaults/\(fixture)").path }

    static func run(_ fixture: String, artifact: ArtifactCheck? = nil) -> ProjectCheckResult {
        ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .run(ProjectDiscovery().inventory(of: root(fixture)), artifact: artifact)
    }

    static func findings(_ result: ProjectCheckResult, rule: String) -> [Diagnostic] {
        result.report.diagnostics.filter { $0.ruleID == rule }
    }

    /// A text file directly in listings/ and an unknown folder in the play folder fail GPP's generate-resources
    /// task: errors quoting GPP where the plugin is applied; where only a workflow's GPP task shows the upload,
    /// one UPL001 warning on the tree lists both (each a related location); nothing where F-Droid alone reads it.
    @Test(arguments: [
        ("gpp-refusals-applied", Severity.error), ("gpp-refusals-partial", .warning),
    ])
    func gppRefusalsFollowTheProof(fixture: String, severity: Severity) throws {
        let result = Self.run(fixture)
        let expected = ["app/src/main/play/invalid/en-US/wrong.txt", "app/src/main/play/listings/title.txt"]
        let root = Self.root(fixture)
        let messages: [String]
        if severity == .error {
            let refusals = Self.findings(result, rule: "LAY003")
            #expect(refusals.map { $0.file.dropFirst(root.count + 1) } == expected[...].map { $0[...] })
            #expect(refusals.allSatisfy { $0.severity == .error })
            messages = refusals.map(\.message)
        } else {
            #expect(Self.findings(result, rule: "LAY003").isEmpty)
            let trees = Self.findings(result, rule: "UPL001")
            #expect(trees.count == 1)
            let related = trees.first?.related ?? []
            #expect(related.map { $0.file.dropFirst(root.count + 1) } == expected[...].map { $0[...] })
            #expect(trees.allSatisfy { $0.severity == .warning })
            messages = related.map(\.message)
        }
        #expect(messages.first?.contains("\"Unknown Play resource file\"") == true)
        #expect(messages.last?.contains("\"Files are not allowed under the listings directory: title.txt\"") == true)
    }

    @Test func anFDroidTreeIsNotJudgedByGPP() {
        #expect(Self.run("gpp-refusals-fdroid").report.diagnostics.filter { $0.ruleID.hasPrefix("LAY") } == [])
    }

    /// Three apps whose versionCode one convention plugin sets: one note naming them, as a numbered changelog is
    /// judged in their place. With only default.txt the versionCode changes nothing: no note.
    @Test func prj002IsOneNotePerCauseWhereItMatters() throws {
        let notes = Self.findings(Self.run("prj002-convention"), rule: "PRJ002")
        #expect(notes.count == 1)
        let note = try #require(notes.first)
        #expect(
            note.message.hasPrefix(
                "versionCode of :plugins:alarm, :plugins:weather and :plugins:clock is not set in their build files; "
                    + "the convention plugin example.plugin.application sets it"))
        #expect(Self.findings(Self.run("prj002-default-only"), rule: "PRJ002") == [])
        // An unpublished test flavour's unknown versionCode: the store flavour's known one picks the changelog.
        #expect(Self.findings(Self.run("prj002-test-flavour"), rule: "PRJ002") == [])
    }

    /// Several modules reading one missing property are one note too; `package check FILE` still names its
    /// own module's applicationId.
    @Test func oneUnknownPropertyIsOneNote() throws {
        let build = AndroidBuildModel(
            root: "/p",
            modules: ["a", "b"].map { name in
                var module = AndroidModule(
                    gradlePath: ":\(name)", directory: "/p/\(name)", buildFile: "/p/\(name)/build.gradle",
                    kind: .application, declaredNames: [], namespace: nil, variants: [])
                module.variants = [
                    BuildVariant(
                        name: "release", flavors: [], buildType: "release", isDebuggable: false,
                        applicationID: .unknown(
                            UnresolvedExpression(
                                expression: "APP_ID",
                                location: SourceLocation(file: "/p/\(name)/build.gradle", line: 4, column: 9),
                                reason: .noSuchProperty("APP_ID"))),
                        versionCode: .known(1, at: nil), sourceSets: ["main", "release"])
                ]
                return module
            })
        let notes = UnresolvedBuildValues().applicationIDNotes(
            for: build, RuleOutput(rule: ProjectRules.unresolvedBuildValue.rule))
        #expect(notes.count == 1)
        #expect(notes.first?.message.hasPrefix("applicationId of :a and :b is `APP_ID`") == true)
        #expect(notes.first?.file == "/p/a/build.gradle")
    }

    /// `listing check` without --version-code judges the newest numbered changelog (here the only one, 501
    /// characters) and says so, as `check` does.
    @Test func listingCheckJudgesTheNewestChangelog() throws {
        let outcome = try ListingCheckRequest(
            directory: Self.root("newest-changelog"), options: ListingOptions(), store: .play
        )
        .run()
        let shown = { (report: Report) in RuleSelection().apply(to: report, catalog: .playprep).report.diagnostics }
        #expect(shown(outcome.report).map(\.ruleID) == ["TXT004"])
        #expect(shown(outcome.report).first?.file.hasSuffix("en-US/changelogs/5.txt") == true)
        #expect(
            outcome.lines == [
                "playprep: release notes judged: changelogs/5.txt (else default.txt): the newest numbered changelog, "
                    + "as no versionCode is known"
            ])
        // Given the version being released, its changelog is the one judged and nothing is said.
        let given = try ListingCheckRequest(
            directory: Self.root("newest-changelog"), options: ListingOptions(versionCode: 4), store: .play
        )
        .run()
        #expect(given.lines == [])
        #expect(shown(given.report).map(\.ruleID) == ["CON002"])
    }

    /// `listing check` (and so the pre-commit hook) judges a tree by the store `check` finds in the git repository
    /// around it: a 48-character title in a tree only F-Droid reads passes; once a workflow runs the lane that
    /// uploads it, the same title is Play's error; `--store` and a folder outside any repository are judged as
    /// asked (Play by default), saying why.
    @Test func listingCheckJudgesTheStoreAsCheckDoes() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repository) }
        let write = { (relative: String, text: String) in
            let url = repository.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let tree = repository.appendingPathComponent("fastlane/metadata/android").path
        try write("fastlane/metadata/android/en-US/title.txt", "A title that is much too long for the Play Store\n")
        let judged = { (store: ListingStore?) throws in
            try ListingCheckRequest(directory: tree, options: ListingOptions(), store: store).run()
        }
        let errors = { (outcome: ListingCheckOutcome) in
            outcome.report.diagnostics.filter { $0.severity == .error }.map(\.ruleID)
        }
        // Outside a git repository: Play's rules, as the command is asked, and a line saying why.
        let alone = try judged(nil)
        #expect(errors(alone) == ["TXT001"])
        #expect(alone.lines.first?.hasPrefix("playprep: judged by Play's rules (no git repository around ") == true)
        // In a repository where nothing uploads the tree: F-Droid's.
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let fdroid = try judged(nil)
        #expect(errors(fdroid) == [])
        #expect(fdroid.lines.first?.contains("F-Droid (nothing in the repository uploads it to Play)") == true)
        #expect(errors(try judged(.play)) == ["TXT001"])
        // A workflow runs the lane that uploads it: Play's error, and the line names the step.
        try write(
            "fastlane/Fastfile", "platform :android do\n  lane :deploy do\n    upload_to_play_store\n  end\nend\n")
        try write(
            ".github/workflows/release.yml",
            "on: push\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n"
                + "      - run: bundle exec fastlane deploy\n")
        let play = try judged(nil)
        #expect(errors(play) == ["TXT001"])
        #expect(play.lines.first?.contains("[shown: .github/workflows/release.yml:6") == true)
        #expect(errors(try judged(.fdroid)) == [])
    }

    /// A listing file the checker could not read is a PRJ001 error on it; the report keeps why for JUnit and
    /// SARIF.
    @Test func anUnreadableListingFileIsAFindingOnIt() throws {
        let report = FileReport(file: "tree/en-US/title.txt", diagnostics: [], unreadable: "Permission denied")
        let reported = report.withUnreadableListingFile()
        #expect(reported.diagnostics.map(\.ruleID) == ["PRJ001"])
        #expect(reported.diagnostics.first?.severity == .error)
        #expect(
            reported.diagnostics.first?.message
                == "cannot read this listing file (Permission denied): it was not checked")
        #expect(reported.unreadable == "Permission denied")
        let readable = FileReport(file: "tree/en-US/title.txt", diagnostics: [])
        #expect(readable.withUnreadableListingFile() == readable)
    }

    /// `--artifact` of another app is an error and its versionCode picks no release notes; one whose versionCode
    /// is not the build's is a note, and its notes are judged; `plan` says the code is the artifact's.
    @Test func theArtifactMustBeThisApp() throws {
        let apk = Fixtures.testImage("artifacts/release.apk").path
        let artifact = try ArtifactChecker(date: ArtifactFileExample.recordedOn).check(path: apk)
        let another = Self.findings(Self.run("artifact-another-app", artifact: artifact), rule: "PRJ003")
        #expect(another.map(\.severity) == [.error])
        #expect(
            another.first?.message.contains("none of the build's release applicationIds (org.otherteam.notes)") == true)
        #expect(Self.findings(Self.run("artifact-this-app", artifact: artifact), rule: "PRJ003") == [])
        let older = Self.run("artifact-older-code", artifact: artifact)
        let note = try #require(Self.findings(older, rule: "PRJ003").first)
        #expect(note.severity == .note)
        #expect(
            note.message.hasPrefix(
                "the artifact's versionCode 3 is not the build's (release 2 at app/build.gradle.kts:9)"))
        let plan = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .plan(ProjectDiscovery().inventory(of: Self.root("artifact-older-code")), artifact: artifact)
        #expect(plan.listings.first?.releaseNotes == "changelogs/3.txt: the versionCode of the artifact \(apk)")
        // Another app's versionCode does not stand for this release.
        let foreign = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .plan(ProjectDiscovery().inventory(of: Self.root("artifact-another-app")), artifact: artifact)
        #expect(foreign.listings.first?.releaseNotes == "changelogs/9.txt: the build's versionCode")
        #expect(
            ArtifactOfTheBuild.variants(
                of: artifact.manifest,
                in: AndroidBuildReader().read(
                    root: Self.root("artifact-another-app"),
                    files: ProjectDiscovery().inventory(of: Self.root("artifact-another-app")).files)) == nil)
    }

    /// targetSdk is read as versionCode is: defaultConfig, a flavour over it, the version catalog.
    @Test func targetSdkIsReadFromTheCatalog() throws {
        let root = Self.root("declarations-flavours")
        let build = AndroidBuildReader().read(root: root, files: ProjectDiscovery().inventory(of: root).files)
        let variants = build.applications.flatMap(\.releaseVariants)
        #expect(variants.map(\.name) == ["playRelease", "fdroidRelease"])
        #expect(variants.allSatisfy { $0.targetSdk?.value == 36 })
    }
}
