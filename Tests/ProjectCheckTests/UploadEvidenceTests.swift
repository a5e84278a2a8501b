import Diagnostics
import Foundation
import TestSupport
import Testing
import UploadWiring

@testable import PlayListingKit
@testable import ProjectCheck

/// Who uploads a listing, from the repository alone: one small real-shaped project per kind of evidence in
/// `TestImages/releases/`. Play's refusals are errors only where the upload is shown, warnings naming the
/// evidence where it is partial, and not Play's business where nothing uploads the tree.
@Suite struct UploadEvidenceTests {
    static func run(_ name: String) -> (result: ProjectCheckResult, plan: ReleasePlan, root: String) {
        let root = Fixtures.testImage("releases/" + name).path
        let inventory = ProjectDiscovery().inventory(of: root)
        let checker = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
        return (checker.run(inventory), checker.plan(inventory), root)
    }

    static func findings(_ result: ProjectCheckResult, root: String) -> [String] {
        result.report.diagnostics.map { "\($0.severity.rawValue) \($0.ruleID) \($0.file.dropFirst(root.count + 1))" }
    }

    /// A workflow runs the lane that uploads the tree: errors; with no versionCode known, the newest numbered
    /// changelog is the one judged (the bar: an over-long one is an error).
    @Test func workflowRunningTheLaneIsProof() throws {
        let (result, plan, root) = Self.run("lane-run-by-workflow")
        #expect(
            Self.findings(result, root: root) == [
                "error TXT004 fastlane/metadata/android/en-US/changelogs/5.txt",
                "error TXT001 fastlane/metadata/android/en-US/title.txt",
            ])
        let listing = try #require(plan.listings.first)
        #expect(listing.proof == .shown)
        #expect(
            listing.evidence.map(\.description) == [
                ".github/workflows/release.yml:13 `bundle exec fastlane android deploy`",
                "fastlane/Fastfile:7 `upload_to_play_store`",
            ])
        #expect(listing.releaseNotes.hasPrefix("changelogs/5.txt (else default.txt): the newest numbered changelog"))
        #expect(!listing.receives.contains("fastlane/metadata/android/en-US/changelogs/4.txt"))
    }

    /// The `deploy` lane `fastlane init` writes, which nothing runs and nothing shows alive or dead (no Appfile,
    /// no Gemfile, no build): one warning for the tree lists what Play would refuse.
    @Test func laneNobodyRunsIsOneWarningPerTree() throws {
        let (result, plan, root) = Self.run("unreached-deploy-lane")
        #expect(Self.findings(result, root: root) == ["warning UPL001 fastlane/metadata/android"])
        let warning = try #require(result.report.diagnostics.first)
        #expect(
            warning.message
                == "if this tree is uploaded to Play as committed, Play refuses it: 2 problems (TXT004 "
                + "en-US/changelogs/5.txt, TXT001 en-US/title.txt)")
        #expect(warning.related.map { String($0.message.prefix(8)) } == ["[TXT004]", "[TXT001]"])
        #expect(warning.hint?.contains("fastlane/Fastfile:7 `upload_to_play_store`") == true)
        #expect(plan.listings.first?.proof == .partial)
    }

    /// The hand-run release: no CI runs the lane, but the Appfile's package is the release applicationId, the
    /// Gemfile brings fastlane and the lane builds a task the build has: Play's refusals are errors, and the
    /// listing line says why the lane is live.
    @Test func liveHandRunLaneIsProof() throws {
        let (result, plan, root) = Self.run("hand-run-live")
        #expect(Self.findings(result, root: root) == ["error TXT001 fastlane/metadata/android/en-US/title.txt"])
        let listing = try #require(plan.listings.first)
        #expect(listing.proof == .live)
        #expect(
            listing.readers.hasPrefix(
                "Play via supply (hand-run lane `deploy`) (live: package org.example.handrun = a release "
                    + "applicationId, Play key ~/.config/play-service-account.json, Gemfile brings fastlane, task "
                    + "assembleRelease exists"))
        #expect(listing.evidence.map(\.file).contains("fastlane/Appfile"))
        #expect(result.listings.first?.contains("[live: fastlane/Fastfile:12 `upload_to_play_store`]") == true)
    }

    /// A lane that cannot run as written (`"$HOME/…"` in Ruby quotes; its empty Play key says nothing): not an
    /// upload; the tree is F-Droid's, and one note says why and how to pin the store.
    @Test func deadLaneIsOneNote() throws {
        let (result, plan, root) = Self.run("dead-lane")
        #expect(Self.findings(result, root: root) == ["note UPL002 fastlane/metadata/android"])
        let note = try #require(result.report.diagnostics.first)
        #expect(
            note.message.hasPrefix("not judged by Play's rules: supply (lane `deploy`) (fastlane/Fastfile:8) is dead"))
        #expect(note.message.contains("is sent as written (Ruby does not expand $ in strings)"))
        #expect(!note.message.contains("Play key"))
        #expect(note.hint?.contains("store: play") == true)
        #expect(plan.listings.first?.store == "fdroid")
    }

    /// `src/main/play` with no GPP plugin: F-Droid's Triple-T import, which takes only default.txt of the notes
    /// and allows a 32-character title.
    @Test func gppFolderWithoutThePluginIsFDroids() throws {
        let (result, plan, root) = Self.run("gpp-without-plugin")
        #expect(Self.findings(result, root: root).isEmpty)
        let listing = try #require(plan.listings.first)
        #expect(listing.store == "fdroid")
        #expect(listing.proof == PlayProof.none)
        #expect(
            listing.receives == [
                "app/src/main/play/listings/en-US/title.txt", "app/src/main/play/release-notes/en-US/default.txt",
            ])
        #expect(
            result.listings == [
                "app/src/main/play: F-Droid (Triple-T layout; no module applies com.github.triplet.play)"
            ])
    }

    /// GPP applied by a precompiled convention plugin in build-logic: shown, and the module is an app.
    @Test func gppThroughAConventionPluginIsProof() throws {
        let (result, plan, root) = Self.run("gpp-convention-plugin")
        #expect(Self.findings(result, root: root) == ["error TXT001 app/src/main/play/listings/en-US/title.txt"])
        let module = try #require(plan.modules.first)
        #expect(module.releaseVariants.map(\.applicationId.value) == ["org.example.convention"])
        let listing = try #require(plan.listings.first)
        #expect(listing.readers == "Play via GPP (applied by the convention plugin example.android.application)")
        #expect(listing.evidence.map(\.description) == ["app/build.gradle.kts:2 `id(\"example.android.application\")`"])
    }

    /// r0adkll/upload-google-play with `whatsNewDirectory` filled from the newest changelog: Play gets those notes
    /// and nothing else of the tree (its long title is not judged).
    @Test func whatsNewActionSendsTheNewestChangelogOnly() throws {
        let (result, plan, root) = Self.run("whatsnew-action")
        #expect(Self.findings(result, root: root) == ["error TXT004 fastlane/metadata/android/en-US/changelogs/11.txt"])
        #expect(plan.listings.first?.receives == ["fastlane/metadata/android/en-US/changelogs/11.txt"])
        #expect(plan.listings.first?.evidence.first?.quote == "uses: r0adkll/upload-google-play@v1")
    }

    /// r0adkll/upload-google-play with a committed `whatsNewDirectory`: each `whatsnew-<locale>` is judged as the
    /// release notes Play receives for that language, and each finding names the committed file.
    @Test func aCommittedWhatsNewFolderIsJudgedAsTheReleaseNotesSent() throws {
        let (result, plan, root) = Self.run("whatsnew-committed")
        #expect(
            Self.findings(result, root: root) == [
                "error TXT004 distribution/whatsnew/whatsnew-en-US", "error LOC003 distribution/whatsnew/whatsnew-fr",
            ])
        #expect(
            plan.listings.first?.receives == [
                "distribution/whatsnew/whatsnew-de-DE", "distribution/whatsnew/whatsnew-en-US",
                "distribution/whatsnew/whatsnew-fr",
            ])
        #expect(plan.listings.first?.evidence.first?.quote == "uses: r0adkll/upload-google-play@v1")
    }

    /// `SUPPLY_SKIP_UPLOAD_METADATA: true` in the workflow's env: the text is not sent, so not judged.
    @Test func supplySkipVariableLeavesTextOut() throws {
        let (result, plan, root) = Self.run("supply-skip-metadata")
        #expect(Self.findings(result, root: root).isEmpty)
        #expect(plan.listings.first?.receives == ["fastlane/metadata/android/en-US/changelogs/5.txt"])
        #expect(plan.listings.first?.readers.contains("SUPPLY_SKIP_UPLOAD_METADATA: true") == true)
    }

    /// A release workflow of another repository: the upload is likely, its details are elsewhere: the tree's one
    /// warning lists the refusal.
    @Test func reusableWorkflowIsPartial() throws {
        let (result, plan, root) = Self.run("reusable-workflow")
        #expect(Self.findings(result, root: root) == ["warning UPL001 fastlane/metadata/android"])
        #expect(
            plan.listings.first?.evidence.map(\.description) == [
                ".github/workflows/release.yml:5 `uses: example-org/.github/.github/workflows/android-release.yml@main`"
            ])
    }

    /// A tree Play receives (the newest changelog, by an upload action) that F-Droid also reads, as the README's
    /// link to F-Droid's page of the app shows: Play's rules on what Play receives, F-Droid's on the rest.
    @Test func treeReadByPlayAndFDroidIsJudgedByBoth() throws {
        let (result, plan, root) = Self.run("play-and-fdroid")
        let findings = Self.findings(result, root: root)
        #expect(findings.contains("error TXT004 fastlane/metadata/android/en-US/changelogs/11.txt"))
        #expect(findings.contains("warning FDR001 fastlane/metadata/android/de-DE/short_description.txt"))
        #expect(!findings.contains { $0.contains("title.txt") }, "37 characters: F-Droid allows 50, Play gets none")
        #expect(plan.listings.map(\.store) == ["play", "fdroid"])
        #expect(plan.listings.last?.evidence.first?.file == "README.md")
    }

    /// The plan's JSON holds the same value as its text.
    @Test func planRendersAsJSON() throws {
        let (_, plan, _) = Self.run("whatsnew-action")
        let decoded = try JSONDecoder().decode(ReleasePlan.self, from: Data(plan.json.utf8))
        #expect(decoded == plan)
        #expect(plan.text.contains("read by: Play via r0adkll/upload-google-play@v1"))
    }

    /// `plan` names the layout as the store reads it and, per locale, each slot with its files in the store's
    /// order and the slots it lacks with what the store keeps; JSON carries the same slots.
    @Test func planShowsEverySlotPerLocale() throws {
        let root = Fixtures.testImage("SampleApp").path
        let plan = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .plan(ProjectDiscovery().inventory(of: root))
        let text = plan.text
        #expect(text.contains("  fastlane/metadata/android (fastlane supply)\n"))
        #expect(text.contains("      en-US (fastlane/metadata/android/en-US):\n"))
        #expect(text.contains("        phoneScreenshots: images/phoneScreenshots/ 1.png, 2.png, 3.png, 4.png\n"))
        #expect(text.contains("        changelogs (versionCode 3): changelogs/3.txt\n"))
        #expect(text.contains("        missing (supply leaves Play's current value): video\n"))
        #expect(text.contains("    release notes: changelogs/3.txt: the build's versionCode\n"))
        let decoded = try JSONDecoder().decode(ReleasePlan.self, from: Data(plan.json.utf8))
        let slots = try #require(decoded.listings.first?.delivery?.locales.first?.slots)
        #expect(slots.first { $0.name == "video" }?.instead == "supply leaves Play's current value")
        #expect(decoded == plan)
    }

    /// The release notes line says how many locales lack the release's own changelog.
    @Test func theReleaseNotesLineCountsTheLocalesLackingIt() {
        let slot = { (instead: String?) in
            ListingDelivery.Slot(name: "changelogs (versionCode 72)", files: [], instead: instead)
        }
        let delivery = ListingDelivery(
            layout: "fastlane supply", details: [],
            locales: [
                ListingDelivery.Locale(locale: "de-DE", folder: "de-DE", slots: [slot(nil)]),
                ListingDelivery.Locale(
                    locale: "fr-FR", folder: "fr-FR", slots: [slot("no 72.txt: supply sends default.txt")]),
            ])
        #expect(ReleasePlan.missingNotes(delivery) == " (1 of 2 locales lack it: see below)")
        #expect(ReleasePlan.missingNotes(nil) == "")
    }

    /// CI files are counted per folder (its first two levels); `--verbose` lists each.
    @Test func ciFilesAreCountedPerFolder() {
        let files = [
            ".github/workflows/a.yml", ".github/workflows/b.yml", ".github/actions/setup/action.yml",
            ".github/actions/cache/action.yml", ".gitlab-ci.yml", "ci/Jenkinsfile",
        ]
        #expect(
            ReleasePlan.countedByFolder(files) == [
                ".github/workflows/ (2 files)", ".github/actions/ (2 files)", ".gitlab-ci.yml", "ci/Jenkinsfile",
            ])
        var plan = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .plan(ProjectDiscovery().inventory(of: Fixtures.testImage("SampleApp").path))
        plan.ciFiles = files
        #expect(plan.text(verbose: false).hasPrefix("CI configurations read: .github/workflows/ (2 files), "))
        #expect(plan.text(verbose: true).hasPrefix("CI configurations read: " + files.joined(separator: ", ") + "\n"))
    }
}

/// Where playprep cannot read the build, it says so: never a silent pass.
@Suite struct NoSilenceTests {
    /// An app whose applicationId a plugin sets where playprep does not read: `--expect` is a note, not a pass,
    /// and the module is named on its build file.
    @Test func expectWithoutAReadableIDIsAFinding() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("no-silence-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
        try "include(\":app\")\n".write(
            to: root.appendingPathComponent("settings.gradle.kts"), atomically: true, encoding: .utf8)
        try "plugins {\n    id(\"com.android.application\")\n}\n".write(
            to: root.appendingPathComponent("app/build.gradle.kts"), atomically: true, encoding: .utf8)
        var configuration = ProjectConfiguration()
        configuration.expectedApplicationID = "com.wrong.id"
        let result = ProjectChecker(configuration: configuration, jobs: 1)
            .run(ProjectDiscovery().inventory(of: root.path))
        let notes = result.report.diagnostics.filter { $0.ruleID == "PRJ002" }
        #expect(notes.map { $0.file.hasSuffix("/app/build.gradle.kts") } == [true, true])
        #expect(notes.first?.message.hasPrefix("applicationId of :app is not set in its build file") == true)
        #expect(
            notes.contains {
                $0.message
                    == "--expect 'com.wrong.id' was not compared: 1 of 1 release variants have an applicationId "
                    + "playprep cannot evaluate"
            })
        // No changelog is read here, so the unread versionCode changes nothing: only `plan` says it.
        #expect(!notes.contains { $0.message.hasPrefix("versionCode of") })
    }

    /// A flavour whose versionCode cannot be evaluated beside one whose versionCode is known: the known one's
    /// changelog is judged whatever the other's is, so no note (`plan` names the unknown one).
    @Test func aPartlyKnownVersionCodeNeedsNoNote() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("partly-known-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("app"), withIntermediateDirectories: true)
        try "include(\":app\")\n".write(
            to: root.appendingPathComponent("settings.gradle.kts"), atomically: true, encoding: .utf8)
        try """
        plugins {
            id("com.android.application")
        }
        android {
            namespace = "com.example.notes"
            defaultConfig {
                applicationId = "com.example.notes"
                versionCode = 42
            }
            flavorDimensions += "channel"
            productFlavors {
                create("store") { dimension = "channel" }
                create("nightly") {
                    dimension = "channel"
                    versionCode = (System.currentTimeMillis() / 1000).toInt()
                }
            }
        }

        """.write(to: root.appendingPathComponent("app/build.gradle.kts"), atomically: true, encoding: .utf8)
        let result = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .run(ProjectDiscovery().inventory(of: root.path))
        let notes = result.report.diagnostics.filter { $0.ruleID == "PRJ002" }.map(\.message)
        #expect(notes.isEmpty, "\(notes)")
        let plan = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .plan(ProjectDiscovery().inventory(of: root.path))
        #expect(plan.modules.first?.releaseVariants.contains { $0.versionCode.value == nil } == true)
        // Given the versionCode being released (--version-code, listing.versionCode, --artifact), no note asks for it.
        var given = ProjectConfiguration()
        given.listingOptions.versionCode = 43
        let released = ProjectChecker(configuration: given, jobs: 1).run(ProjectDiscovery().inventory(of: root.path))
        #expect(!released.report.diagnostics.contains { $0.ruleID == "PRJ002" })
    }

    /// A module made an app by a convention plugin published elsewhere: `modules:` in playprep.yml supplies its
    /// applicationId and versionCode, and both are then judged (the id by Play's package-name rules, at the
    /// configuration's line; the versionCode picks the changelog).
    @Test func suppliedModuleValuesAreJudged() throws {
        let root = Fixtures.testImage("releases/supplied-module-values").path
        let inventory = ProjectDiscovery().inventory(of: root)
        let unconfigured = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
        #expect(unconfigured.run(inventory).releaseVariantCount == 0)
        let yaml = try String(contentsOfFile: root + "/playprep.yml", encoding: .utf8)
        let configuration = try ProjectConfiguration.parse(yaml, file: root + "/playprep.yml")
        #expect(configuration.suppliedModules[":app"]?.versionCode == 7)
        let checker = ProjectChecker(configuration: configuration, jobs: 1)
        let result = checker.run(inventory)
        #expect(result.releaseVariants == [":app release: com.example.notes, versionCode 7"])
        let findings = result.report.diagnostics.map { "\($0.ruleID) \($0.file.dropFirst(root.count + 1))" }
        #expect(findings.contains("PKG007 playprep.yml"))
        #expect(!findings.contains { $0.hasPrefix("PRJ002") })
        let listing = try #require(checker.plan(inventory).listings.first)
        #expect(listing.releaseNotes == "changelogs/7.txt: the build's versionCode")
    }

    /// `modules:` names modules by Gradle path and takes only applicationId and versionCode.
    /// A `modules:` key that names no module (a typo) is said, with the modules found: its values are not used.
    @Test func aSuppliedModuleThatIsNoModuleIsNamed() throws {
        let root = Fixtures.testImage("releases/supplied-module-values").path
        let configuration = try ProjectConfiguration.parse(
            "modules:\n  \":ap\": { versionCode: 7 }\n", file: "playprep.yml")
        let result = ProjectChecker(configuration: configuration, jobs: 1)
            .run(ProjectDiscovery().inventory(of: root))
        #expect(
            result.unusedSettings == [
                "playprep.yml:2: modules: ':ap' is no module playprep found, so its values were not used (modules "
                    + "found: :, :app)"
            ])
        #expect(result.releaseVariantCount == 0)
    }

    @Test func suppliedModuleValuesAreChecked() {
        #expect(throws: ConfigurationError.self) {
            try ProjectConfiguration.parse("modules: { app: { versionCode: 7 } }", file: "playprep.yml")
        }
        #expect(throws: ConfigurationError.self) {
            try ProjectConfiguration.parse("modules: { ':app': { versionName: '1.0' } }", file: "playprep.yml")
        }
    }
}
