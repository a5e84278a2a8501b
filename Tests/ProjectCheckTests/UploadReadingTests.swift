import Diagnostics
import Foundation
import ProjectCheck
import TestSupport
import Testing
import UploadWiring

/// Uploads read without a dead end (issue 46): what each Gradle Play Publisher task sends, scripts that edit the
/// listing through the Play Developer API, and GPP applied by any spelling, each judged as Play receives it.
/// Real shapes live under `TestImages/wiring/` (their `ABOUT.md` names the repository); variations are trees
/// this suite writes in a temporary folder.
@Suite struct UploadReadingTests {
    /// A copy of a fixture (or an empty folder) with `changes` written over it (`nil` deletes the file).
    private final class Tree {
        let root: URL

        init(copying fixture: String? = nil, _ changes: [String: String?]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("upload-reading-\(UUID().uuidString)")
            if let fixture {
                try FileManager.default.copyItem(at: Fixtures.testImage(fixture), to: root)
            }
            for (path, text) in changes {
                let url = root.appendingPathComponent(path)
                guard let text else {
                    try FileManager.default.removeItem(at: url)
                    continue
                }
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func check() throws -> (findings: [Diagnostic], plan: ReleasePlan) {
            let request = ProjectCheckRequest(projectDirectory: root.path)
            return (try request.run().report.diagnostics, try request.plan())
        }

        func relative(_ path: String) -> String {
            path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path
        }
    }

    private static let longTitle = String(repeating: "Atlas offline ", count: 3) + "\n"
    private static let gppTitle = "android/app/src/google/play/listings/en-US/title.txt"

    /// organicmaps' shape: one workflow runs `publishGoogleReleaseBundle` (the bundle and release notes), another
    /// `publishGoogleReleaseListing` (the listing). `plan` says which task sends which part; both are shown, so a
    /// title over Play's limit is an error.
    @Test func eachGPPTaskSendsItsOwnParts() throws {
        let tree = try Tree(copying: "wiring/gpp-bundle-and-listing-tasks", [Self.gppTitle: Self.longTitle])
        let (findings, plan) = try tree.check()
        let listing = try #require(plan.listings.first { $0.store == "play" })
        let parts = Dictionary(listing.senders.map { ($0.what, $0.parts) }, uniquingKeysWith: { first, _ in first })
        #expect(parts["GPP publishGoogleReleaseBundle"] == ["changelogs"])
        #expect(parts["GPP publishGoogleReleaseListing"] == ["text", "images", "screenshots"])
        #expect(listing.senders.allSatisfy { $0.proof == .shown })
        #expect(plan.text.contains("GPP publishGoogleReleaseBundle: changelogs [shown]"))
        let title = findings.filter { $0.ruleID == "TXT001" }
        #expect(title.map(\.severity) == [.error])
        #expect(title.map { tree.relative($0.file) } == [Self.gppTitle])
    }

    /// Without the listing workflow, CI sends the bundle and its notes only: the listing goes to Play only if a
    /// person runs the listing task, so `plan` marks that part partial and the long title is no error but the
    /// tree's one UPL001 warning; the release notes stay proven.
    @Test func aBundleTaskAloneDoesNotProveTheListing() throws {
        let tree = try Tree(
            copying: "wiring/gpp-bundle-and-listing-tasks",
            [
                Self.gppTitle: Self.longTitle, ".github/workflows/android-release-metadata.yaml": nil,
                "android/app/src/google/play/release-notes/en-US/default.txt": String(repeating: "n", count: 501),
            ])
        let (findings, plan) = try tree.check()
        let listing = try #require(plan.listings.first { $0.store == "play" })
        let plugin = try #require(listing.senders.first { $0.what == "GPP" })
        #expect(plugin.parts == ["text", "images", "screenshots"])
        #expect(plugin.proof == .partial)
        #expect(plugin.why.contains("publishGoogleReleaseBundle") || plugin.why.contains("changelogs"))
        #expect(listing.senders.contains { $0.what == "GPP publishGoogleReleaseBundle" && $0.proof == .shown })
        #expect(!findings.contains { $0.ruleID == "TXT001" && $0.severity == .error })
        #expect(findings.contains { $0.ruleID == "UPL001" && $0.severity == .warning })
        // The notes CI sends are still judged at full severity.
        #expect(findings.contains { $0.ruleID == "TXT004" && $0.severity == .error })
    }

    /// keyguard-app's shape: a workflow runs a Python script that sends the listing through the Play Developer
    /// API from a layout of its own; playprep names the script and the folder as not read, and judges no tree
    /// as sent by it.
    @Test func anAPIScriptInItsOwnLayoutIsNamedNotJudged() throws {
        let (findings, plan, _) = try RefusalTests.check("wiring/api-script-own-layout")
        let unread = plan.unread.filter { $0.contains("listing/google") }
        #expect(unread.count == 1)
        #expect(unread.first?.contains(".github/update_google_play_listing.py") == true)
        #expect(!plan.listings.contains { $0.store == "play" })
        #expect(!findings.contains { $0.severity == .error })
    }

    /// The same script reading fastlane's layout: the tree it names is Play's, proven by the workflow step, and
    /// only the parts its calls send are judged (texts here: the long title is an error, the images are not
    /// sent).
    @Test func anAPIScriptSendsTheFastlaneTreeItReads() throws {
        let tree = try Tree([
            ".github/workflows/listing.yml":
                "jobs:\n  listing:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
                + "      - run: python3 tools/play_listing.py --metadata fastlane/metadata/android\n",
            "tools/play_listing.py": """
            import argparse
            from pathlib import Path
            from googleapiclient.discovery import build

            parser = argparse.ArgumentParser()
            parser.add_argument("--metadata", default="fastlane/metadata/android")
            args = parser.parse_args()
            service = build("androidpublisher", "v3", credentials=None)
            edit = service.edits().insert(packageName="org.example", body={}).execute()
            for locale in Path(args.metadata).iterdir():
                body = {"title": (locale / "title.txt").read_text()}
                service.edits().listings().update(
                    packageName="org.example", editId=edit["id"], language=locale.name, body=body
                ).execute()
            service.edits().commit(packageName="org.example", editId=edit["id"]).execute()
            """,
            "fastlane/metadata/android/en-US/title.txt": Self.longTitle,
            "fastlane/metadata/android/en-US/short_description.txt": "Maps without a network.\n",
        ])
        let (findings, plan) = try tree.check()
        let listing = try #require(plan.listings.first { $0.folders == ["fastlane/metadata/android"] })
        #expect(listing.store == "play")
        #expect(listing.proof == .shown)
        let sender = try #require(listing.senders.first)
        #expect(sender.what == "Play Developer API (tools/play_listing.py)")
        #expect(sender.parts == ["text"])
        #expect(listing.evidence.contains { $0.file == ".github/workflows/listing.yml" })
        #expect(listing.evidence.contains { $0.file == "tools/play_listing.py" && $0.line == 12 })
        let title = findings.filter { $0.ruleID == "TXT001" }
        #expect(title.map(\.severity) == [.error])
        let proof = title.first.map { $0.related.map(\.message).joined(separator: " ") } ?? ""
        #expect(proof.contains("Play Developer API (tools/play_listing.py)"), "\(proof)")
    }

    /// The root script's `subprojects { plugins.withId('com.android.application') { apply plugin: … } }` applies
    /// GPP to the app only: its tree is Play's, the CI task proves the notes, and library modules applied by a
    /// Groovy alias without parentheses are read (no "cannot read" line in the plan).
    @Test func gppAppliedFromTheRootScriptReachesTheApp() throws {
        let tree = try Tree([
            "settings.gradle": "include ':app', ':core', ':ui'",
            "gradle/libs.versions.toml":
                "[plugins]\nandroid-library = { id = \"com.android.library\", version = \"8.5.0\" }\n",
            "build.gradle": """
            subprojects {
                plugins.withId('com.android.application') {
                    apply plugin: 'com.github.triplet.play'
                }
            }
            """,
            "app/build.gradle": "apply plugin: 'com.android.application'\n"
                + "android { defaultConfig { applicationId 'org.example'; versionCode 7 } }\n",
            "core/build.gradle":
                "plugins {\n    alias libs.plugins.android.library\n}\nandroid { namespace 'org.example.core' }\n",
            "ui/build.gradle":
                "plugins {\n    alias libs.plugins.android.library\n}\nandroid { namespace 'org.example.ui' }\n",
            "app/src/main/play/release-notes/en-US/default.txt": String(repeating: "n", count: 501),
            ".gitlab-ci.yml": "deploy:\n  script:\n    - ./gradlew :app:publishReleaseBundle\n",
        ])
        let (findings, plan) = try tree.check()
        let app = try #require(plan.modules.first { $0.gradlePath == ":app" })
        #expect(app.plugins.contains("com.github.triplet.play (build.gradle:3)"), "\(app.plugins)")
        #expect(!plan.text.contains("cannot read"))
        let listing = try #require(plan.listings.first { $0.store == "play" })
        #expect(listing.folders.contains("app/src/main/play"))
        let notes = findings.filter { $0.ruleID == "TXT004" }
        #expect(notes.map(\.severity) == [.error])
    }
}
