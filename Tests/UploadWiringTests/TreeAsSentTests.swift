import PlayListingKit
import Testing

@testable import UploadWiring

/// The tree a job uploads is the tree its earlier steps leave: kept locale folders, not the committed ones.
@Suite struct TreeAsSentTests {
    static let tree = "fastlane/metadata/android"
    static let locales = ["de-DE", "en-US", "fr-FR"]

    /// The lines as the steps of one job of a workflow, read by the CI readers (their typed file operations).
    static func steps(_ lines: [String]) -> [CICommand] {
        let workflow =
            "jobs:\n  upload:\n    steps:\n      - run: |\n"
            + lines.map { "          " + $0 + "\n" }.joined()
        guard let repository = try? TemporaryRepository([".github/workflows/ci.yml": workflow]) else { return [] }
        return ContinuousIntegration(root: repository.root, walked: repository.walked).commands
    }

    static func kept(_ lines: [String]) -> [String]? {
        if case .kept(let kept, _, _) = TreeAsSent.outcome(of: tree, locales: locales, steps: steps(lines)) {
            return kept
        }
        return nil
    }

    /// The locale folders kept and the files copied in when the CI readers follow `lines`; nil (recorded) when not.
    static func sent(_ lines: [String], files: [String] = []) -> (kept: [String], copies: [String: String])? {
        let outcome = TreeAsSent.outcome(of: tree, locales: locales, steps: steps(lines), files: files)
        guard case .kept(let kept, let copies, _) = outcome else {
            Issue.record("not followed: \(outcome)")
            return nil
        }
        return (kept, copies)
    }

    @Test func movingTheTreeAwayAndOneLocaleBack() {
        #expect(
            Self.kept([
                "mv fastlane/metadata/android fastlane/metadata/android_orig", "mkdir fastlane/metadata/android",
                "mv fastlane/metadata/android_orig/en-US fastlane/metadata/android/",
            ]) == ["en-US"])
    }

    @Test func deletingLocales() {
        #expect(
            Self.kept(["rm -rf fastlane/metadata/android/de-DE && rm -r fastlane/metadata/android/fr-FR"]) == ["en-US"])
        #expect(
            Self.kept([
                "find fastlane/metadata/android -mindepth 1 -maxdepth 1 -type d ! -name 'en-US' -exec rm -rf {} +"
            ]) == ["en-US"])
    }

    @Test func readingTheTreeChangesNothing() {
        let outcome = TreeAsSent.outcome(
            of: Self.tree, locales: Self.locales,
            steps: Self.steps([
                "ls fastlane/metadata/android", "cp fastlane/metadata/android/en-US/changelogs/5.txt whatsnew/",
                "./gradlew bundleRelease",
            ]))
        #expect(outcome == .unchanged)
    }

    /// A script that names the tree is not followed: what it changes is unknown (all of it); a loop over the
    /// locales' images changes the images only.
    @Test func aScriptIsNotFollowed() {
        let cases: [(String, UploadedParts)] = [
            ("python3 scripts/prune.py fastlane/metadata/android", .all),
            (
                "for dir in fastlane/metadata/android/*/images/featureGraphic; do cp \"$dir\"/1.png \"$dir\"/../x.png; done",
                [.images, .screenshots]
            ),
        ]
        for (line, parts) in cases {
            let outcome = TreeAsSent.outcome(of: Self.tree, locales: Self.locales, steps: Self.steps([line]))
            guard case .unknown(let step, let changed) = outcome else {
                Issue.record("followed: \(outcome)")
                continue
            }
            #expect(step.line == 5)
            #expect(changed == parts, "\(line)")
        }
    }

    /// A file copied into a locale folder is sent there: the uploader's file is the copied one.
    @Test func aCopyIntoTheTreeIsTheFileSent() {
        guard
            let (kept, copies) = Self.sent([
                "cp ./fastlane/metadata/android/en-US/full_description.txt ./fastlane/metadata/android/fr-FR",
                "cp notes/5.txt fastlane/metadata/android/en-US/changelogs/5.txt",
            ])
        else { return }
        #expect(kept == Self.locales)
        #expect(
            copies == [
                "fr-FR/full_description.txt": "fastlane/metadata/android/en-US/full_description.txt",
                "en-US/changelogs/5.txt": "notes/5.txt",
            ])
    }

    /// Screenshots a step copies into the tree before the upload, a folder's contents or the files of a glob, are
    /// the files sent there; a glob whose folder is built at run time is not followed.
    @Test func aFolderOrAGlobCopiedIntoTheTreeIsSent() {
        let files = ["shots/en-US/1.png", "shots/en-US/2.png", "art/icon.png", "art/notes.txt"]
        guard
            let (kept, copies) = Self.sent(
                [
                    "cp -r shots/en-US/. fastlane/metadata/android/en-US/images/phoneScreenshots",
                    "cp art/*.png fastlane/metadata/android/de-DE/images/",
                ], files: files)
        else { return }
        #expect(kept == Self.locales)
        #expect(
            copies == [
                "en-US/images/phoneScreenshots/1.png": "shots/en-US/1.png",
                "en-US/images/phoneScreenshots/2.png": "shots/en-US/2.png",
                "de-DE/images/icon.png": "art/icon.png",
            ])
        // `cp -r shots` into a folder the tree has lands in `shots/` inside it.
        #expect(
            TreeAsSent.copiedFiles(
                from: "shots/en-US", to: "fastlane/metadata/android/en-US",
                folders: ["fastlane/metadata/android/en-US"],
                files: files)
                == [
                    "fastlane/metadata/android/en-US/en-US/1.png": "shots/en-US/1.png",
                    "fastlane/metadata/android/en-US/en-US/2.png": "shots/en-US/2.png",
                ])
        let unknown = TreeAsSent.outcome(
            of: Self.tree, locales: Self.locales,
            steps: Self.steps(["cp $SHOTS/*.png fastlane/metadata/android/en-US/images/phoneScreenshots/"]),
            files: files)
        guard case .unknown(_, let parts) = unknown else {
            Issue.record("followed: \(unknown)")
            return
        }
        #expect(parts == [.images, .screenshots])
    }

    /// A step that runs a script the CI readers follow is judged by the script's own lines: the locale folder
    /// the script deletes is not sent, the others are, and the step itself does not make the tree undecided.
    @Test func aFollowedScriptIsJudgedByItsLines() throws {
        let repository = try TemporaryRepository([
            ".github/workflows/ci.yml":
                "jobs:\n  upload:\n    steps:\n      - run: ./prune.sh fastlane/metadata/android\n"
                + "      - run: fastlane supply\n",
            "prune.sh": "#!/bin/sh\nrm -rf fastlane/metadata/android/fr-FR\n",
        ])
        let commands = ContinuousIntegration(root: repository.root, walked: repository.walked).commands
        let upload = try #require(commands.first { $0.text.hasPrefix("fastlane supply") })
        let before = repository.input().commands(before: upload)
        guard case .kept(let kept, _, _) = TreeAsSent.outcome(of: Self.tree, locales: Self.locales, steps: before)
        else {
            Issue.record("not followed: \(before.map(\.text))")
            return
        }
        #expect(kept == ["de-DE", "en-US"])
    }
}
