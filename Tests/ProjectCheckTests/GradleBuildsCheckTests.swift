import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import ProjectCheck

/// `check` and `plan` at the root of a repository whose Gradle build sits below it (`TestImages/builds/`): the
/// build is read, each build named, its modules named by build and path.
@Suite struct GradleBuildsCheckTests {
    private func run(_ fixture: String) throws -> ProjectCheckOutcome {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("builds/" + fixture).path)
        request.jobs = 1
        return try request.run()
    }

    private func plan(_ fixture: String) throws -> ReleasePlan {
        try ProjectCheckRequest(projectDirectory: Fixtures.testImage("builds/" + fixture).path).plan()
    }

    @Test func checkAtAFlutterAppsRootReadsItsBuild() throws {
        let outcome = try run("flutter-app")
        #expect(
            outcome.lines.first?.contains(
                "3 build files (1 release variant; Gradle build android/ (Flutter)) and 1 listing") == true,
            "\(outcome.lines)")
        #expect(outcome.releaseVariants == ["android/:app release: garden.pocket.app, versionCode 57"])
        // The build's versionCode, not the newest changelog, picks the release notes.
        #expect(!outcome.lines.contains { $0.contains("the newest numbered changelog") })
        let plan = try plan("flutter-app")
        #expect(plan.text.contains("Gradle builds: android/ (Flutter)\nApplication modules:\n  android/:app ("))
        #expect(plan.listings.first?.releaseNotes == "changelogs/57.txt: the build's versionCode")
    }

    @Test func checkAtARepositoryWithTheBuildInProjectReadsIt() throws {
        let outcome = try run("project-folder")
        #expect(outcome.lines.first?.contains("(1 release variant; Gradle build project/)") == true, "\(outcome.lines)")
        #expect(outcome.releaseVariants == ["project/:app release: org.trailnotes, versionCode 4020"])
    }

    @Test func buildsAndModulesNotReadAreSaid() throws {
        let twoRoots = try run("two-roots")
        #expect(twoRoots.lines.first?.contains("(2 release variants; Gradle builds phone/, tv/)") == true)
        #expect(twoRoots.lines.contains("playprep: Gradle builds not read: samples/quickstart/ (a sample)"))
        let unread = try run("unread-module")
        #expect(
            unread.lines.contains {
                $0.hasPrefix("playprep: module not read: :app applies `com.acme.android.app` (app/build.gradle.kts:3: ")
                    && $0.hasSuffix("(modules: {':app': {applicationId: …}})")
            }, "\(unread.lines)")
        #expect(try plan("catalog-convention").text.contains("module not read: :watch applies "))
    }

    @Test func aSharedScriptApplyingGPPMakesTheTreesPlays() throws {
        let outcome = try run("apply-from-gpp")
        #expect(
            outcome.listings.allSatisfy {
                $0.contains(
                    "Play via GPP for release [shown: gradle/publishing.gradle:1 `apply plugin: 'com.github.triplet.play'`]"
                )
            }, "\(outcome.listings)")
        // GPP sends the 31-character title: Play refuses it.
        #expect(outcome.report.diagnostics.map(\.ruleID) == ["TXT001"])
        #expect(outcome.report.diagnostics.first?.severity == .error)
    }

    @Test func aFloorIsSaidAsAMinimum() throws {
        let plan = try plan("version-codes")
        #expect(plan.text.contains("versionCode ≥ 100000 (`Math.max("))
        let notes = try run("version-codes").report.diagnostics.filter { $0.ruleID == "PRJ002" }.map(\.message)
        #expect(
            notes.contains { $0.contains("versionCode of :floorkts is `maxOf(") && $0.contains("`, at least 200001 (") }
        )
    }

    @Test func aFloorAboveEveryNumberedChangelogJudgesDefault() throws {
        // versionCode is max(run number, 100000): changelogs/94.txt can never be the release's.
        let notes = try plan("version-floor").listings.first?.releaseNotes
        #expect(notes == "changelogs/default.txt: the versionCode is at least 100000, above every numbered changelog")
        #expect(
            try run("version-floor").lines.contains {
                $0.contains("release notes: changelogs/default.txt: the versionCode is at least 100000")
            })
    }

    @Test func thePhoneAppEmbeddingAWearAppPicksTheReleaseNotes() throws {
        // The Wear app's versionCode 100530 shares the listing of org.tidewatch but does not pick its notes.
        #expect(try plan("wear-app").listings.first?.releaseNotes == "changelogs/530.txt: the build's versionCode")
    }

    @Test func modulesOfABuildBelowTheRootAreNamedWithItsFolder() throws {
        let configuration = try ProjectConfiguration.parse(
            "modules:\n  \"android/:app\": { versionCode: 58 }\n  \":app\": { versionCode: 1 }\ngradle:\n  releaseBuildTypes: [beta, qa]\n",
            file: "playprep.yml")
        #expect(configuration.releaseBuildTypes == ["beta", "qa"])
        let root = Fixtures.testImage("builds/flutter-app").path
        let result = ProjectChecker(configuration: configuration, jobs: 1).run(ProjectDiscovery().inventory(of: root))
        // The build's own 57 is kept (the configuration fills gaps); `:app` is no module of this project.
        #expect(result.releaseVariants == ["android/:app release: garden.pocket.app, versionCode 57"])
        #expect(result.unusedSettings.count == 1 && result.unusedSettings[0].contains("modules: ':app' is no module"))
        #expect(result.unusedSettings[0].contains("(modules found: android/:, android/:app)"))
        #expect {
            try ProjectConfiguration.parse("gradle:\n  releaseBuildTypes: beta\n", file: "playprep.yml")
        } throws: { error in
            "\(error)".contains("releaseBuildTypes")
        }
    }

    @Test func aVariantGPPDoesNotPublishIsFDroids() throws {
        // comaps: `play { enabled false }` and `playConfigs { googleRelease { enabled true } }`; the fdroid flavour's
        // Triple-T folder, with a 32-character title, is read by F-Droid only.
        let outcome = try run("gpp-one-flavour")
        #expect(
            outcome.listings == [
                "app/src/google/play: Play via GPP for googleRelease [shown: app/build.gradle:3 `id 'com.github.triplet.play'`]",
                "app/src/fdroid/play: F-Droid (Triple-T layout; GPP's configuration does not publish fdroidRelease)",
            ])
        #expect(outcome.report.diagnostics.isEmpty)
        #expect(
            try plan("gpp-one-flavour").text.contains(
                "com.github.triplet.play (app/build.gradle:3; publishes googleRelease only)"))
    }
}
