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
            "note DCL001 app/src/main/AndroidManifest.xml",
            "warning FDR001 fastlane/metadata/android/fr/changelogs/1009.txt",
            "warning FDR001 fastlane/metadata/android/sk/changelogs/1009.txt",
            "warning FDR001 fastlane/metadata/android/ta/changelogs/1009.txt",
        ],
        "Telegram-FOSS-Team-Telegram-FOSS": [
            "warning NP106 TMessagesProj/src/main/res/drawable-hdpi/photos_rounded.9.png",
            "warning NP106 TMessagesProj/src/main/res/drawable-mdpi/places_btn.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-mdpi/popup_fixed_alert3.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-mdpi/popup_fixed_alert3.9.png",
            "warning NP106 TMessagesProj/src/main/res/drawable-xhdpi/popup_fixed_alert3.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-xxhdpi/gradient_bottom_rounded.9.png",
            "warning NP107 TMessagesProj/src/main/res/drawable-xxhdpi/gradient_bottom_rounded.9.png",
        ],
        "commons-app-apps-android-commons": ["note DCL001 app/src/main/AndroidManifest.xml"],
        "duckduckgo-Android": ["note DCL001 app/src/main/AndroidManifest.xml"],
        // The release script copies the en-US description into locale folders this trimmed copy lacks, as files
        // supply does not read (LAY002, on the copied file).
        "element-hq-element-android": [
            "note PRJ002 vector-app/build.gradle", "note DCL001 vector-app/src/main/AndroidManifest.xml",
            "note LAY002 fastlane/metadata/android/en-US/full_description.txt",
        ],
        "jellyfin-jellyfin-androidtv": ["warning FDR001 fastlane/metadata/android/be/short_description.txt"],
        "tasks-tasks": ["note DCL001 app/src/main/AndroidManifest.xml"],
    ]

    static func folder(_ project: String) throws -> URL {
        try #require(Fixtures.sharedCorpus).appendingPathComponent("projects").appendingPathComponent(project)
    }

    static func run(_ root: String, configuration: ProjectConfiguration = ProjectConfiguration()) -> ProjectCheckResult
    {
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: root)
        return ProjectChecker(configuration: configuration, jobs: 2).run(inventory)
    }

    static func findings(_ result: ProjectCheckResult, root: String) -> [String] {
        result.report.diagnostics.map { "\($0.severity.rawValue) \($0.ruleID) \($0.file.dropFirst(root.count + 1))" }
    }

    @Test("every default finding, pinned", arguments: expected.keys.sorted())
    func findings(project: String) throws {
        let root = try Self.folder(project).path
        let result = Self.run(root)
        #expect(Self.findings(result, root: root) == Self.expected[project], "\(project)")
        #expect(!result.report.fails(strict: false), "no error on \(project)")
    }

    @Test func eachListingIsReadByItsStore() throws {
        let summaries = try [
            "TeamNewPipe-NewPipe", "Telegram-FOSS-Team-Telegram-FOSS", "commons-app-apps-android-commons",
            "duckduckgo-Android", "element-hq-element-android", "tasks-tasks",
        ]
        .map { try Self.run(Self.folder($0).path).listings }
        #expect(
            summaries == [
                ["fastlane/metadata/android: F-Droid (nothing in the repository uploads it to Play)"],
                ["metadata: F-Droid (a layout only F-Droid reads)"],
                [
                    "fastlane/metadata/android: F-Droid (nothing in the repository uploads it to Play)",
                    "app/src/prodRelease/play: F-Droid (Triple-T layout; the build applies com.github.triplet.play "
                        + "only if `isRunningOnTravisAndIsNotPRBuild`, and no CI step or script runs a GPP task) "
                        + "[none: app/build.gradle.kts:17 `apply(plugin = \"com.github.triplet.play\")`]",
                ],
                [
                    "fastlane/metadata/android: Play via supply (lane deploy_playstore); Play via supply (lane "
                        + "update_release_notes_playstore); Play via supply (lane deploy_dogfood) [shown: "
                        + ".github/workflows/release_upload_play_store.yml:115 `bundle exec fastlane deploy_playstore`; "
                        + "text, changelogs only]; release notes: changelogs/default.txt: no numbered changelog and no "
                        + "known versionCode"
                ],
                [
                    "fastlane/metadata/android: Play via supply (hand-run script "
                        + "tools/release/pushPlayStoreMetaData.sh (lane `deployMeta`)) (live: package im.vector.app = "
                        + "a release applicationId, Play key "
                        + "./fastlane/private/api-8525453667099313774-565354-aca0e6153603.json, run by "
                        + "tools/release/pushPlayStoreMetaData.sh; a step copies az-AZ, nl-NL, ro, si-LK, th into it "
                        + "first) [live: tools/release/pushPlayStoreMetaData.sh:80 `fastlane "
                        + "deployMeta`; text only]"
                ],
                [
                    "fastlane/metadata/android: Play via supply (lane deploy) [shown: .github/workflows/deploy.yml:33 "
                        + "`bundle exec fastlane deploy`; changelogs only]"
                ],
            ])
    }

    /// `plan` agrees with UPLOADS.md: what each Play-bound tree sends, read from the projects' own CI.
    @Test func planShowsWhatPlayReceives() throws {
        let plan = { (project: String) throws -> ReleasePlan in
            let root = try Self.folder(project).path
            return ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
                .plan(ProjectDiscovery().inventory(of: root))
        }
        // tasks: release notes only, for versionCodes 151000 and 151001, neither of which has a changelog.
        let tasks = try #require(try plan("tasks-tasks").listings.first)
        #expect(tasks.proof == .shown && tasks.receives.isEmpty)
        #expect(tasks.releaseNotes == "changelogs/151000.txt, changelogs/151001.txt: the build's versionCode")
        // duckduckgo: changelogs (default.txt, the lane writes <versionCode>.txt just before uploading); no images.
        let duckduckgo = try #require(try plan("duckduckgo-Android").listings.first)
        #expect(duckduckgo.proof == .shown)
        #expect(duckduckgo.receives.allSatisfy { $0.hasSuffix("/changelogs/default.txt") })
        // element: a script run by hand moves locales out before `fastlane deployMeta`: live (the script runs it,
        // the Appfile names the app and a key); the template `deploy` lane beside it is not how it is released.
        let element = try #require(try plan("element-hq-element-android").listings.first)
        #expect(element.proof == .live)
        #expect(element.senders.map(\.proof) == [.live, PlayProof.none])
        #expect(element.evidence.map(\.file).contains("tools/release/pushPlayStoreMetaData.sh"))
        // NewPipe, jellyfin, commons: nothing uploads to Play.
        for project in ["TeamNewPipe-NewPipe", "jellyfin-jellyfin-androidtv", "commons-app-apps-android-commons"] {
            #expect(try plan(project).listings.allSatisfy { $0.store == "fdroid" }, "\(project)")
        }
    }

    /// Telegram's applicationId comes from gradle.properties: a bad value there is caught at the line using it.
    @Test func telegramsPropertyIDIsJudged() throws {
        let root = try Self.folder("Telegram-FOSS-Team-Telegram-FOSS").path
        var configuration = ProjectConfiguration()
        configuration.gradleProperties = ["APP_PACKAGE": "org.telegram.messenger-foss"]
        let errors = Self.run(root, configuration: configuration).report.diagnostics.filter { $0.severity == .error }
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
    @Test func tasksCatalogIDIsJudged() throws {
        let root = try Self.folder("tasks-tasks").path
        var configuration = ProjectConfiguration()
        configuration.expectedApplicationID = "org.tasks.android"
        let errors = Self.run(root, configuration: configuration).report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.ruleID) == ["PKG013"])
        #expect(errors.first?.message.contains("(they build 'org.tasks')") == true)
    }

    /// Old changelogs are checked on request, and the NewPipe report stays short by default.
    @Test func newPipeOldChangelogsOnlyOnRequest() throws {
        let root = try Self.folder("TeamNewPipe-NewPipe").path
        var configuration = ProjectConfiguration()
        configuration.listingOptions.checksAllChangelogs = true
        let all = Self.run(root, configuration: configuration).report.diagnostics.filter { $0.ruleID == "FDR001" }
        #expect(all.count > 400)
        let text = TextReporter().render(Self.run(root).report)
        #expect(text.split(separator: "\n").count < 20)
    }
}
