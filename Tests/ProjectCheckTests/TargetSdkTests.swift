import ArtifactKit
import Diagnostics
import Foundation
import TestSupport
import Testing
import UploadWiring

@testable import ProjectCheck

/// The TGT rules on small projects written into a temporary folder: each spelling of targetSdk a real build uses,
/// the severity the repository's proof of the upload allows, the lower level of Wear OS apps, the deadline ahead,
/// and the one note for a level that cannot be read.
@Suite struct TargetSdkTests {
    /// A project of `files` (path → text) in a fresh temporary folder, removed by `body`'s end.
    static func withProject<T>(_ files: [String: String], _ body: (String) throws -> T) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tgt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return try body(root.path)
    }

    /// TGT findings as `severity rule file: message`, and the plan's targetSdk of each release variant.
    static func check(_ files: [String: String], date: String = "2025-10-01") throws -> (
        findings: [String], messages: [String], targetSdks: [String]
    ) {
        try withProject(files) { root in
            var configuration = ProjectConfiguration()
            configuration.date = date
            let inventory = ProjectDiscovery().inventory(of: root)
            let checker = ProjectChecker(configuration: configuration, jobs: 1)
            let diagnostics = checker.run(inventory).report.diagnostics.filter { $0.ruleID.hasPrefix("TGT") }
            let plan = checker.plan(inventory)
            return (
                diagnostics.map { "\($0.severity.rawValue) \($0.ruleID) \($0.file.dropFirst(root.count + 1))" },
                diagnostics.map(\.message),
                plan.modules.flatMap { module in
                    module.releaseVariants.map { "\(module.name) \($0.name): \($0.targetSdk.value ?? "unknown")" }
                }
            )
        }
    }

    static let settings = ["settings.gradle": "include ':app'\n"]

    static func app(targetSdk: String, flavours: String = "") -> String {
        """
        plugins {
            id 'com.android.application'
        }
        android {
            namespace 'org.example.notes'
            defaultConfig {
                applicationId 'org.example.notes'
                versionCode 7
                targetSdk \(targetSdk)
            }
        \(flavours)}

        """
    }

    /// A `productFlavors` block of one `store` dimension with these flavours, for ``app(targetSdk:flavours:)``.
    static func storeFlavours(_ names: String...) -> String {
        "        flavorDimensions 'store'\n        productFlavors {\n"
            + names.map { "            \($0) { dimension 'store' }\n" }.joined() + "        }\n"
    }

    /// A workflow that builds the release bundle and uploads it with r0adkll/upload-google-play.
    static let workflow = [
        ".github/workflows/play.yml": """
        jobs:
          play:
            runs-on: ubuntu-latest
            steps:
              - run: ./gradlew bundleRelease
              - uses: r0adkll/upload-google-play@v1
                with:
                  packageName: org.example.notes
                  releaseFiles: app/build/outputs/bundle/release/app-release.aab

        """
    ]

    @Test func aWorkflowUploadingTheBundleMakesAnOldTargetAnError() throws {
        let run = try Self.check(
            Self.settings.merging(Self.workflow) { $1 }.merging(["app/build.gradle": Self.app(targetSdk: "28")]) { $1 })
        #expect(run.findings == ["error TGT001 app/build.gradle"])
        #expect(
            run.messages == [
                ":app release: targetSdk is 28; Play requires 35 or higher for new apps and updates since 2025-08-31; "
                    + "Play receives it: r0adkll/upload-google-play@v1 at .github/workflows/play.yml:6 (its "
                    + "releaseFiles is app/build/outputs/bundle/release/app-release.aab)"
            ])
        #expect(run.targetSdks == [":app release: 28"])
    }

    @Test func aLevelThatMeetsTheRequirementIsSilent() throws {
        let run = try Self.check(
            Self.settings.merging(Self.workflow) { $1 }.merging(["app/build.gradle": Self.app(targetSdk: "35")]) { $1 })
        #expect(run.findings == [])
    }

    /// With nothing that sends the app to Play, the refusal is only a note; a lane nobody runs, a warning.
    @Test func theSeverityFollowsTheProof() throws {
        let alone = try Self.check(Self.settings.merging(["app/build.gradle": Self.app(targetSdk: "30")]) { $1 })
        #expect(alone.findings == ["note TGT001 app/build.gradle"])
        #expect(alone.messages.first?.hasSuffix("nothing in the repository sends it to Play") == true)
        let lane = try Self.check(
            Self.settings.merging([
                "app/build.gradle": Self.app(targetSdk: "30"),
                "fastlane/Fastfile":
                    "lane :deploy do\n  gradle(task: 'bundle', build_type: 'Release')\n  supply\nend\n",
                "fastlane/metadata/android/en-US/title.txt": "Notes\n",
            ]) { $1 })
        #expect(lane.findings == ["warning TGT001 app/build.gradle"])
        #expect(lane.messages.first?.contains("it may reach Play: supply") == true)
    }

    /// GPP applied to the module, and CI running its task for one flavour (AnkiDroid's `publishPlayReleaseApk`):
    /// that variant is proven, the flavours whose tasks nothing runs (`amazon`, sold elsewhere) are notes, not
    /// errors because the plugin could publish them.
    @Test func aGPPTaskOfOneFlavourProvesThatFlavourOnly() throws {
        let flavours = Self.storeFlavours("play", "amazon")
        let app = Self.app(targetSdk: "29", flavours: flavours).replacingOccurrences(
            of: "id 'com.android.application'", with: "id 'com.android.application'\n    id 'com.github.triplet.play'")
        let run = try Self.check(
            Self.settings.merging([
                "app/build.gradle": app,
                ".github/workflows/publish.yml":
                    "jobs:\n  publish:\n    steps:\n      - run: ./gradlew publishPlayReleaseApk\n",
            ]) { $1 })
        #expect(run.findings.sorted() == ["error TGT001 app/build.gradle", "note TGT001 app/build.gradle"])
        #expect(run.messages.contains { $0.hasPrefix(":app playRelease:") && $0.contains("publishPlayReleaseApk") })
        #expect(run.messages.contains { $0.hasPrefix(":app amazonRelease:") && $0.hasSuffix("sends it to Play") })
    }

    /// A lane's `gradle` call names the flavour it builds: only that variant is proven; the other one no upload
    /// sends is a note.
    @Test func theLaneBuildsOneFlavour() throws {
        let flavours = Self.storeFlavours("play", "fdroid")
        let run = try Self.check(
            Self.settings.merging([
                "app/build.gradle": Self.app(targetSdk: "29", flavours: flavours),
                ".github/workflows/release.yml":
                    "jobs:\n  deploy:\n    steps:\n      - run: bundle exec fastlane deploy\n",
                "fastlane/Fastfile":
                    "lane :deploy do\n  gradle(task: 'bundle', flavor: 'play', build_type: 'Release')\n"
                    + "  upload_to_play_store\nend\n",
                "fastlane/metadata/android/en-US/title.txt": "Notes\n",
            ]) { $1 })
        #expect(run.findings.sorted() == ["error TGT001 app/build.gradle", "note TGT001 app/build.gradle"])
        let error = try #require(run.messages.first { $0.hasPrefix(":app playRelease:") })
        #expect(error.contains("supply (lane deploy) at .github/workflows/release.yml:4"))
        #expect(error.contains("the lane's gradle builds bundlePlayRelease"))
        #expect(run.messages.contains { $0.hasPrefix(":app fdroidRelease:") && $0.hasSuffix("sends it to Play") })
    }

    /// `rootProject.ext`, a buildSrc object's constant, a catalog version and the manifest's `uses-sdk`.
    @Test(
        arguments: [
            [
                "build.gradle": "ext {\n    targetSdkVersion = 28\n}\n",
                "app/build.gradle": app(targetSdk: "rootProject.ext.targetSdkVersion"),
            ],
            [
                "buildSrc/src/main/kotlin/Versions.kt":
                    "object Versions {\n    const val minSdk = 21\n    const val targetSdk = 28\n}\n",
                "app/build.gradle.kts":
                    "plugins {\n    id(\"com.android.application\")\n}\nandroid {\n    namespace = \"org.example.notes\"\n"
                    + "    defaultConfig {\n        applicationId = \"org.example.notes\"\n"
                    + "        targetSdk = Versions.targetSdk\n    }\n}\n",
            ],
            [
                "gradle/libs.versions.toml": "[versions]\ntargetSdk = \"28\"\n",
                "app/build.gradle.kts":
                    "plugins {\n    id(\"com.android.application\")\n}\nandroid {\n    namespace = \"org.example.notes\"\n"
                    + "    defaultConfig {\n        applicationId = \"org.example.notes\"\n"
                    + "        targetSdk = libs.versions.targetSdk.get().toInt()\n    }\n}\n",
            ],
            [
                "app/build.gradle":
                    "plugins {\n    id 'com.android.application'\n}\nandroid {\n    namespace 'org.example.notes'\n}\n",
                "app/src/main/AndroidManifest.xml":
                    "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
                    + "    <uses-sdk android:minSdkVersion=\"21\" android:targetSdkVersion=\"28\" />\n</manifest>\n",
            ],
        ])
    func everySpellingOfTheLevelIsRead(files: [String: String]) throws {
        let run = try Self.check(Self.settings.merging(Self.workflow) { $1 }.merging(files) { $1 })
        #expect(run.targetSdks == [":app release: 28"])
        #expect(run.findings.count == 1)
        #expect(run.findings.first?.hasPrefix("error TGT001 ") == true)
    }

    /// A Wear OS module is judged by the lower level of its form factor.
    @Test func aWatchAppHasTheLowerLevel() throws {
        let manifest =
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n"
            + "    <uses-feature android:name=\"android.hardware.type.watch\" android:required=\"true\" />\n"
            + "</manifest>\n"
        let files = Self.settings.merging(Self.workflow) { $1 }.merging(["app/src/main/AndroidManifest.xml": manifest])
        {
            $1
        }
        let passing = try Self.check(files.merging(["app/build.gradle": Self.app(targetSdk: "34")]) { $1 })
        #expect(passing.findings == [])
        let failing = try Self.check(files.merging(["app/build.gradle": Self.app(targetSdk: "33")]) { $1 })
        #expect(failing.findings == ["error TGT001 app/build.gradle"])
        #expect(
            failing.messages.first?.contains("Play requires 34 or higher for new apps and updates for Wear OS") == true)
        #expect(failing.messages.first?.contains("the manifest requires android.hardware.type.watch") == true)
    }

    /// Within 120 days of the next deadline, a level that meets today's is a warning naming the date.
    @Test func theNextDeadlineIsAWarning() throws {
        let files = Self.settings.merging(Self.workflow) { $1 }.merging(["app/build.gradle": Self.app(targetSdk: "35")])
        { $1 }
        let before = try Self.check(files, date: "2026-06-01")
        #expect(before.findings == ["warning TGT002 app/build.gradle"])
        #expect(
            before.messages.first?.contains(
                "targetSdk is 35; from 2026-08-31 (in 91 days) Play requires 36 or higher for new apps and updates")
                == true)
        #expect(try Self.check(files, date: "2026-04-01").findings == [])
    }

    /// A level that cannot be evaluated is one note per build, whatever the number of variants and modules.
    @Test func anUnreadableLevelIsOneNotePerBuild() throws {
        let flavours = Self.storeFlavours("play", "fdroid")
        let run = try Self.check(
            Self.settings.merging(Self.workflow) { $1 }.merging([
                "app/build.gradle": Self.app(targetSdk: "computeTargetSdk()", flavours: flavours)
            ]) { $1 })
        #expect(run.findings == ["note TGT003 app/build.gradle"])
        #expect(run.messages.first?.hasPrefix("targetSdk `computeTargetSdk()` of :app cannot be evaluated") == true)
    }

    /// ART003 (the artifact) and TGT001 (the build) say it in the same words.
    @Test func theArtifactRuleAndTheBuildRuleAgree() throws {
        let policy = TargetAPIPolicy.play2026
        let words = try #require(
            policy.refusal(of: 33, declared: "targetSdk is 33", on: "2026-11-23", otherFormFactor: false))
        #expect(
            words.message == "targetSdk is 33; Play requires 36 or higher for new apps and updates since 2026-08-31")
        let run = try Self.check(
            Self.settings.merging(Self.workflow) { $1 }.merging(["app/build.gradle": Self.app(targetSdk: "33")]) { $1 },
            date: "2026-11-23")
        #expect(run.messages.first?.hasPrefix(":app release: " + words.message + "; ") == true)
    }
}
