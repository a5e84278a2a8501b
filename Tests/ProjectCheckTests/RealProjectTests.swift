import Diagnostics
import Foundation
import TestSupport
import Testing
import UploadWiring

@testable import ProjectCheck

/// `playprep check` on the eight real Android projects of the shared corpus: every finding it reports by default,
/// pinned by severity, rule and file. `docs/real-projects.md` says for each why the team that owns the project
/// would act on it; a change that adds or drops one must update both.
@Suite("Real projects", .enabled(if: Fixtures.sharedCorpus != nil, "shared corpus not found (set PLAYPREP_CORPUS)"))
struct RealProjectTests {
    static let expected: [String: [String]] = [
        "LawnchairLauncher-lawnchair": [],
        "TeamNewPipe-NewPipe": [
            "warning FDR001 fastlane/metadata/android/fr/changelogs/1009.txt",
            "warning FDR001 fastlane/metadata/android/sk/changelogs/1009.txt",
            "warning FDR001 fastlane/metadata/android/ta/changelogs/1009.txt",
        ],
        // targetSdk 33 on 2024-07-07, 55 days before API 34 was required; nothing in the repository uploads it.
        "Telegram-FOSS-Team-Telegram-FOSS": [
            "note TGT002 TMessagesProj_App/build.gradle",
            "warning NP106 TMessagesProj/src/main/res/drawable-hdpi/photos_rounded.9.png",
            "warning NP106 TMessagesProj/src/main/res/drawable-hdpi/popup_fixed_alert3.9.png",
            "warning NP106 TMessagesProj/src/main/res/drawable-mdpi/places_btn.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-mdpi/popup_fixed_alert3.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-mdpi/popup_fixed_alert3.9.png",
            "warning NP106 TMessagesProj/src/main/res/drawable-xhdpi/popup_fixed_alert3.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-xxhdpi/gradient_bottom_rounded.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-xxhdpi/gradient_bottom_rounded.9.png",
        ],
        "commons-app-apps-android-commons": [],
        "duckduckgo-Android": [],
        // The release script copies the en-US description into locale folders this trimmed copy lacks, as files
        // supply does not read (LAY002, on the copied file).
        "element-hq-element-android": [
            "note PRJ002 vector-app/build.gradle",
            "note TGT003 vector-app/build.gradle",
            "note LAY002 fastlane/metadata/android/en-US/full_description.txt",
        ],
        "jellyfin-jellyfin-androidtv": ["warning FDR001 fastlane/metadata/android/be/short_description.txt"],
        "tasks-tasks": [],
    ]

    /// The day of each project's commit (`SOURCES.md`): Play's target API level requirement is read for it, as
    /// the team met it then.
    static let snapshotDates: [String: String] = [
        "LawnchairLauncher-lawnchair": "2024-10-18", "TeamNewPipe-NewPipe": "2026-03-08",
        "Telegram-FOSS-Team-Telegram-FOSS": "2024-07-07", "commons-app-apps-android-commons": "2026-07-23",
        "duckduckgo-Android": "2026-08-07", "element-hq-element-android": "2026-06-24",
        "jellyfin-jellyfin-androidtv": "2026-08-21", "tasks-tasks": "2026-08-07",
    ]

    /// The default configuration on the project's snapshot day.
    static func configuration(_ project: String) -> ProjectConfiguration {
        var configuration = ProjectConfiguration()
        configuration.date = snapshotDates[project]
        return configuration
    }

    /// Each listing and who reads it, as the run's summary says (the projects with listings).
    static let listings: [String: [String]] = [
        "TeamNewPipe-NewPipe": ["fastlane/metadata/android: F-Droid (nothing in the repository uploads it to Play)"],
        "Telegram-FOSS-Team-Telegram-FOSS": ["metadata: F-Droid (a layout only F-Droid reads)"],
        "commons-app-apps-android-commons": [
            "fastlane/metadata/android: F-Droid (nothing in the repository uploads it to Play)",
            "app/src/prodRelease/play: F-Droid (Triple-T layout; the build applies com.github.triplet.play "
                + "only if `isRunningOnTravisAndIsNotPRBuild`, and no CI step or script runs a GPP task) "
                + "[none: app/build.gradle.kts:17 `apply(plugin = \"com.github.triplet.play\")`]",
        ],
        "duckduckgo-Android": [
            "fastlane/metadata/android: Play via supply (lane deploy_playstore); Play via supply (lane "
                + "update_release_notes_playstore); Play via supply (lane deploy_dogfood) [shown: "
                + ".github/workflows/release_upload_play_store.yml:115 `bundle exec fastlane deploy_playstore`; "
                + "text, changelogs only]; release notes: changelogs/default.txt: no numbered changelog and no "
                + "known versionCode"
        ],
        "element-hq-element-android": [
            "fastlane/metadata/android: Play via supply (hand-run script "
                + "tools/release/pushPlayStoreMetaData.sh (lane `deployMeta`)) (live: package im.vector.app = "
                + "a release applicationId, Play key "
                + "./fastlane/private/api-8525453667099313774-565354-aca0e6153603.json, run by "
                + "tools/release/pushPlayStoreMetaData.sh; a step copies az-AZ, nl-NL, ro, si-LK, th into it "
                + "first) [live: tools/release/pushPlayStoreMetaData.sh:80 `fastlane "
                + "deployMeta`; text only]"
        ],
        "tasks-tasks": [
            "fastlane/metadata/android: Play via supply (lane deploy) [shown: .github/workflows/deploy.yml:33 "
                + "`bundle exec fastlane deploy`; changelogs only]"
        ],
    ]

    static func folder(_ project: String) throws -> URL {
        try #require(Fixtures.sharedCorpus).appendingPathComponent("projects").appendingPathComponent(project)
    }

    static func findings(_ result: ProjectCheckResult, root: String) -> [String] {
        result.report.diagnostics.map { "\($0.severity.rawValue) \($0.ruleID) \($0.file.dropFirst(root.count + 1))" }
    }

    /// One walk and one default check per project, judged by every assertion on it: the pinned findings, the
    /// listings' readers, the plan, and the runs with another configuration (which reuse the walk).
    @Test("every default finding, listing and plan, pinned", arguments: expected.keys.sorted())
    func project(_ project: String) throws {
        let root = try Self.folder(project).path
        let inventory = ProjectDiscovery().inventory(of: root)
        let result = ProjectChecker(configuration: Self.configuration(project), jobs: 2).run(inventory)
        #expect(Self.findings(result, root: root) == Self.expected[project], "\(project)")
        #expect(!result.report.fails(strict: false), "no error on \(project)")
        if let listings = Self.listings[project] {
            #expect(result.listings == listings, "\(project)")
        }
        let plan = { ProjectChecker(configuration: Self.configuration(project), jobs: 1).plan(inventory) }
        let rerun = { (configuration: ProjectConfiguration) in
            ProjectChecker(configuration: configuration, jobs: 2).run(inventory)
        }
        switch project {
        case "tasks-tasks":
            try Self.tasksPlanHasReleaseNotesOnly(plan())
            Self.tasksCatalogIDIsJudged(root: root, rerun)
        case "duckduckgo-Android": try Self.duckduckgoPlanSendsChangelogs(plan())
        case "element-hq-element-android": try Self.elementPlanIsLive(plan())
        case "TeamNewPipe-NewPipe":
            #expect(plan().listings.allSatisfy { $0.store == "fdroid" }, "\(project)")
            Self.newPipeOldChangelogsOnlyOnRequest(default: result, rerun)
        case "jellyfin-jellyfin-androidtv", "commons-app-apps-android-commons":
            #expect(plan().listings.allSatisfy { $0.store == "fdroid" }, "\(project)")
        case "Telegram-FOSS-Team-Telegram-FOSS": Self.telegramsPropertyIDIsJudged(root: root, rerun)
        default: break
        }
    }

    /// `plan` agrees with UPLOADS.md: tasks sends release notes only, for versionCodes 151000 and 151001, neither
    /// of which has a changelog.
    static func tasksPlanHasReleaseNotesOnly(_ plan: ReleasePlan) throws {
        let tasks = try #require(plan.listings.first)
        #expect(tasks.proof == .shown && tasks.receives.isEmpty)
        #expect(tasks.releaseNotes == "changelogs/151000.txt, changelogs/151001.txt: the build's versionCode")
    }

    /// duckduckgo sends changelogs (default.txt, the lane writes <versionCode>.txt just before uploading), no images.
    static func duckduckgoPlanSendsChangelogs(_ plan: ReleasePlan) throws {
        let duckduckgo = try #require(plan.listings.first)
        #expect(duckduckgo.proof == .shown)
        #expect(duckduckgo.receives.allSatisfy { $0.hasSuffix("/changelogs/default.txt") })
    }

    /// element: a script run by hand moves locales out before `fastlane deployMeta`: live (the script runs it, the
    /// Appfile names the app and a key); the template `deploy` lane beside it is not how it is released.
    static func elementPlanIsLive(_ plan: ReleasePlan) throws {
        let element = try #require(plan.listings.first)
        #expect(element.proof == .live)
        #expect(element.senders.map(\.proof) == [.live, PlayProof.none])
        #expect(element.evidence.map(\.file).contains("tools/release/pushPlayStoreMetaData.sh"))
    }

    /// Telegram's applicationId comes from gradle.properties: a bad value there is caught at the line using it.
    static func telegramsPropertyIDIsJudged(root: String, _ rerun: (ProjectConfiguration) -> ProjectCheckResult) {
        var configuration = ProjectConfiguration()
        configuration.gradleProperties = ["APP_PACKAGE": "org.telegram.messenger-foss"]
        let errors = rerun(configuration).report.diagnostics.filter { $0.severity == .error }
        // The release id at defaultConfig, and the suffixed ids of the debug (.beta) and standalone (.web) types.
        #expect(
            Set(errors.map { "\($0.ruleID) \($0.file.dropFirst(root.count + 1)):\($0.location?.line ?? 0)" })
                == [
                    "PKG001 TMessagesProj_App/build.gradle:26", "PKG001 TMessagesProj_App/build.gradle:51",
                    "PKG001 TMessagesProj_App/build.gradle:62",
                ])
        let release = errors.first { $0.location?.line == 26 }
        #expect(release?.message.hasPrefix("applicationId 'org.telegram.messenger-foss': character '-'") == true)
    }

    /// tasks takes its applicationId from the version catalog; the published one is checked by --expect.
    static func tasksCatalogIDIsJudged(root: String, _ rerun: (ProjectConfiguration) -> ProjectCheckResult) {
        var configuration = ProjectConfiguration()
        configuration.expectedApplicationID = "org.tasks.android"
        let errors = rerun(configuration).report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.ruleID) == ["PKG013"])
        #expect(errors.first?.message.contains("(they build 'org.tasks')") == true)
    }

    /// Old changelogs are checked on request, and the NewPipe report stays short by default.
    static func newPipeOldChangelogsOnlyOnRequest(
        default result: ProjectCheckResult, _ rerun: (ProjectConfiguration) -> ProjectCheckResult
    ) {
        var configuration = ProjectConfiguration()
        configuration.listingOptions.checksAllChangelogs = true
        let all = rerun(configuration).report.diagnostics.filter { $0.ruleID == "FDR001" }
        #expect(all.count > 400)
        let text = TextReporter().render(result.report)
        #expect(text.split(separator: "\n").count < 20)
    }
}
