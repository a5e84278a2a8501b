import Foundation
import TestSupport
import Testing

/// `check --since REF` and `plan --since REF` on real git repositories made here: each REL finding fires on its
/// change and not without it, the declarations new since REF, `last-tag`, `since:` in playprep.yml, the bad
/// inputs (one line, exit 2, every format) and a repository left as it was (`git status` unchanged).
@Suite struct SinceCLITests {
    /// A git repository in a fresh temporary folder, with the app below committed and tagged `v1.0`.
    struct Repository {
        let root: URL

        static let git = Fixtures.executable(named: "git")

        /// With no files, the repository is left empty, for the caller to fill and commit.
        init(_ files: [String: String] = Repository.app()) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-since-\(UUID())")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try git("init", "-q", "-b", "main")
            guard !files.isEmpty else { return }
            try write(files)
            try commit("v1.0")
        }

        /// A two-file app: settings and `app/build.gradle` with the given values, and its manifest.
        static func app(
            versionCode: Int = 1, applicationId: String = "org.example.since", minSdk: Int = 21, targetSdk: Int = 34,
            signing: String = "upload", permissions: [String] = []
        ) -> [String: String] {
            let uses = permissions.map { "    <uses-permission android:name=\"\($0)\" />\n" }.joined()
            return [
                "settings.gradle": "rootProject.name = 'since'\ninclude ':app'\n",
                "app/build.gradle": """
                plugins { id 'com.android.application' }
                android {
                    namespace 'org.example.since'
                    signingConfigs {
                        upload { storeFile file('upload.jks') }
                        other { storeFile file('other.jks') }
                    }
                    defaultConfig {
                        applicationId '\(applicationId)'
                        minSdk \(minSdk)
                        targetSdk \(targetSdk)
                        versionCode \(versionCode)
                    }
                    buildTypes { release { signingConfig signingConfigs.\(signing) } }
                }

                """,
                "app/src/main/AndroidManifest.xml":
                    "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n\(uses)</manifest>\n",
            ]
        }

        func write(_ files: [String: String]) throws {
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        /// Commits everything and tags the commit `tag` (when given).
        func commit(_ tag: String? = nil, message: String = "release") throws {
            try git("add", "-A")
            try git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", message)
            if let tag { try git("tag", tag) }
        }

        @discardableResult
        func git(_ arguments: String...) throws -> String {
            let git = try #require(Self.git)
            // No optional lock: `git status` must not refresh the index that `state()` compares.
            let run = try ChildProcess.run(
                git, ["-C", root.path] + arguments, environment: ["GIT_OPTIONAL_LOCKS": "0"])
            #expect(run.status == 0, "git \(arguments): \(run.standardError)")
            return run.standardOutput
        }

        /// `git status --porcelain` with the index's stat: what a run must leave as it found it.
        func state() throws -> String {
            try git("status", "--porcelain", "--untracked-files=all")
                + String(decoding: try Data(contentsOf: root.appendingPathComponent(".git/index")), as: UTF8.self)
        }

        /// `playprep ARGUMENTS` on the repository, which it must leave unchanged.
        func playprep(_ arguments: [String], environment: [String: String] = [:]) throws -> PlayprepBinary.Outcome {
            let before = try state()
            let run = try PlayprepBinary.run(arguments, in: root, environment: environment)
            #expect(try state() == before, "the run changed the repository")
            return run
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test func anUnchangedVersionCodeIsAnErrorAndARaisedOnePasses() throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository()
        defer { repository.remove() }
        let same = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(same.status == 1, "\(same.standardOutput)\(same.standardError)")
        #expect(same.standardOutput.contains("error[REL001]"), "\(same.standardOutput)")
        #expect(same.standardOutput.contains("versionCode 1 of org.example.since"))
        #expect(same.standardOutput.contains("v1.0:app/build.gradle:12"), "\(same.standardOutput)")
        #expect(same.standardError.contains("compared with v1.0 (commit "))
        try repository.write(Repository.app(versionCode: 2))
        let raised = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(raised.status == 0, "\(raised.standardOutput)\(raised.standardError)")
        #expect(!raised.standardOutput.contains("REL0"), "\(raised.standardOutput)")
    }

    @Test(arguments: [
        ("REL002", Repository.app(versionCode: 2, applicationId: "org.example.renamed")),
        ("REL003", Repository.app(versionCode: 2, minSdk: 24)),
        ("REL004", Repository.app(versionCode: 2, targetSdk: 33)),
        ("REL005", Repository.app(versionCode: 2, signing: "other")),
    ])
    func eachChangeFiresItsRuleAndNoOther(rule: String, files: [String: String]) throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(files)
        let run = try repository.playprep(["check", ".", "--since", "v1.0", "--format", "json"])
        let found = Set(
            run.standardOutput.components(separatedBy: "\"rule\" : \"").dropFirst().map { String($0.prefix(6)) }
                .filter { $0.hasPrefix("REL") })
        #expect(found == [rule], "\(run.standardOutput)")
        #expect(run.standardOutput.contains("\"since\""), "the JSON report names the compared release")
        #expect(run.standardOutput.contains(":app release: org.example.since, versionCode 1"))
    }

    @Test func aNewPermissionNeedsItsDeclarationAndAnOldOneDoesNot() throws {
        try #require(Repository.git != nil, "git is not installed")
        let old = "android.permission.ACCESS_BACKGROUND_LOCATION"
        let repository = try Repository(Repository.app(permissions: [old]))
        defer { repository.remove() }
        try repository.write(Repository.app(versionCode: 2, permissions: [old]))
        let unchanged = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(unchanged.status == 0, "\(unchanged.standardOutput)\(unchanged.standardError)")
        #expect(!unchanged.standardOutput.contains("DCL"), "\(unchanged.standardOutput)")
        try repository.write(
            Repository.app(versionCode: 2, permissions: [old, "android.permission.QUERY_ALL_PACKAGES"]))
        let added = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(added.standardOutput.contains("warning[DCL"), "\(added.standardOutput)")
        #expect(added.standardOutput.contains("QUERY_ALL_PACKAGES"))
        #expect(!added.standardOutput.contains("ACCESS_BACKGROUND_LOCATION"), "\(added.standardOutput)")
        #expect(added.standardOutput.contains("at v1.0"))
    }

    @Test func lastTagIsTheNewestVersionTagAndPlanShowsTheComparison() throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository()
        defer { repository.remove() }
        try repository.write(Repository.app(versionCode: 5))
        try repository.commit("v1.1")
        try repository.write(Repository.app(versionCode: 6, minSdk: 23))
        try repository.commit("nightly")
        let check = try repository.playprep(["check", ".", "--since", "last-tag"])
        #expect(check.standardError.contains("compared with v1.1 (commit "), "\(check.standardError)")
        #expect(check.standardError.contains("the newest version tag reachable from HEAD"))
        #expect(check.standardOutput.contains("warning[REL003]"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("devices on API 21–22 (2 API levels)"), "\(check.standardOutput)")
        try repository.write(["playprep.yml": "since: v1.0\n"])
        let plan = try repository.playprep(["plan", "."])
        #expect(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("Compared with v1.0 (commit "), "\(plan.standardOutput)")
        #expect(plan.standardOutput.contains(":app release: org.example.since, versionCode 1"))
        #expect(plan.standardOutput.contains("REL003 warning: minSdk raised from 21 to 23"), "\(plan.standardOutput)")
    }

    @Test func aGraphicGoneFromATreePlayReceivesIsANote() throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository([:])
        defer { repository.remove() }
        // The sample app: its fastlane tree is uploaded by a lane its release workflow runs.
        for entry in try FileManager.default.contentsOfDirectory(atPath: Fixtures.testImage("SampleApp").path) {
            try FileManager.default.copyItem(
                at: Fixtures.testImage("SampleApp").appendingPathComponent(entry),
                to: repository.root.appendingPathComponent(entry))
        }
        try repository.commit("v3")
        let gradle = repository.root.appendingPathComponent("app/build.gradle.kts")
        let script = try String(contentsOf: gradle, encoding: .utf8)
        try Data(script.replacingOccurrences(of: "versionCode = 3", with: "versionCode = 4").utf8).write(to: gradle)
        try FileManager.default.moveItem(
            at: repository.root.appendingPathComponent("fastlane/metadata/android/en-US/changelogs/3.txt"),
            to: repository.root.appendingPathComponent("fastlane/metadata/android/en-US/changelogs/4.txt"))
        let kept = try repository.playprep(["check", ".", "--since", "v3"])
        #expect(!kept.standardOutput.contains("REL0"), "\(kept.standardOutput)")
        try FileManager.default.removeItem(
            at: repository.root.appendingPathComponent("fastlane/metadata/android/en-US/images/featureGraphic.png"))
        let gone = try repository.playprep(["check", ".", "--since", "v3"])
        #expect(gone.standardOutput.contains("note[REL006]"), "\(gone.standardOutput)")
        #expect(gone.standardOutput.contains("en-US feature graphic was in this tree at v3 and is gone"))
        #expect(gone.standardOutput.contains("supply uploads only"))
        // A locale that was a link to another at REF is read through the link, as the working tree's walk reads it.
        try FileManager.default.createSymbolicLink(
            atPath: repository.root.appendingPathComponent("fastlane/metadata/android/de-DE").path,
            withDestinationPath: "en-US")
        try repository.commit("v4")
        try FileManager.default.removeItem(
            at: repository.root.appendingPathComponent("fastlane/metadata/android/de-DE"))
        let unlinked = try repository.playprep(["check", ".", "--since", "v4"])
        #expect(
            unlinked.standardOutput.contains("locale de-DE was in this tree at v4 and is gone"),
            "\(unlinked.standardOutput)")
    }

    @Test(arguments: ["text", "json", "sarif", "junit", "github", "html"])
    func badReferencesAreOneLineAndExitTwo(format: String) throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository()
        defer { repository.remove() }
        let unknown = try repository.playprep(["check", ".", "--since", "v9", "--format", format])
        #expect(unknown.status == 2)
        #expect(unknown.standardOutput.isEmpty)
        #expect(
            unknown.standardError == "playprep: error: --since v9: no such tag, branch or commit in this repository\n",
            "\(unknown.standardError)")
        // A shallow clone holds the newest commit only.
        try repository.write(Repository.app(versionCode: 2))
        try repository.commit("v2.0")
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-shallow-\(UUID())")
        defer { try? FileManager.default.removeItem(at: clone) }
        let git = try #require(Repository.git)
        let cloned = try ChildProcess.run(
            git, ["clone", "-q", "--depth", "1", "--no-tags", "file://" + repository.root.path, clone.path])
        #expect(cloned.status == 0, "\(cloned.standardError)")
        let first = try repository.git("rev-parse", "v1.0").trimmingCharacters(in: .whitespacesAndNewlines)
        let shallow = try PlayprepBinary.run(["check", clone.path, "--since", first, "--format", format])
        #expect(shallow.status == 2)
        #expect(shallow.standardOutput.isEmpty)
        #expect(shallow.standardError.split(separator: "\n").count == 1, "\(shallow.standardError)")
        #expect(shallow.standardError.contains("not in this shallow clone"), "\(shallow.standardError)")
        #expect(shallow.standardError.contains("fetch-depth: 0"))
    }

    @Test func outsideARepositoryAndWithoutGitAreOneLineAndExitTwo() throws {
        try #require(Repository.git != nil, "git is not installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-nogit-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("include ':app'\n".utf8).write(to: folder.appendingPathComponent("settings.gradle"))
        // GIT_CEILING_DIRECTORIES keeps git from finding a repository above the temporary folder.
        let ceiling = ["GIT_CEILING_DIRECTORIES": folder.deletingLastPathComponent().path]
        for format in ["text", "json", "sarif"] {
            let outside = try PlayprepBinary.run(
                ["check", folder.path, "--since", "v1.0", "--format", format], environment: ceiling)
            #expect(outside.status == 2)
            #expect(outside.standardOutput.isEmpty)
            #expect(
                outside.standardError
                    == "playprep: error: --since: \(folder.path) is not in a git repository; --since compares with a "
                    + "release in its history\n", "\(outside.standardError)")
        }
        let repository = try Repository()
        defer { repository.remove() }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-nopath-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let withoutGit = try repository.playprep(["check", ".", "--since", "v1.0"], environment: ["PATH": empty.path])
        #expect(withoutGit.status == 2)
        #expect(
            withoutGit.standardError
                == "playprep: error: --since: git is not installed (or not on PATH); --since reads the release at REF "
                + "with git\n", "\(withoutGit.standardError)")
    }

    /// `--artifact` against `--previous` (both `check` and `artifact check`): the versionCode must rise and the
    /// applicationId stay, each finding naming both archives and the manifest inside each.
    @Test(arguments: [
        (
            "release.apk", "release-v4.apk", "REL001",
            "versionCode 3 of com.playprep.sample (--artifact "
                + "TestImages/artifacts/release.apk!/AndroidManifest.xml) is not greater than 4 of the previous release "
                + "(--previous TestImages/artifacts/release-v4.apk!/AndroidManifest.xml)"
        ),
        (
            "release.aab", "release.apk", "REL001",
            "versionCode 3 of com.playprep.sample (--artifact "
                + "TestImages/artifacts/release.aab!/base/manifest/AndroidManifest.xml) is not greater than 3"
        ),
        (
            "reserved-package.apk", "release.apk", "REL002",
            "applicationId com.playprep.sample of the previous release "
                + "(--previous TestImages/artifacts/release.apk!/AndroidManifest.xml) is not the artifact's "
                + "com.example.sample"
        ),
        ("release-v4.apk", "release.apk", nil, ""),
    ])
    func theArtifactIsComparedWithThePreviousRelease(artifact: String, previous: String, rule: String?, message: String)
        throws
    {
        let (artifact, previous) = ("TestImages/artifacts/" + artifact, "TestImages/artifacts/" + previous)
        for arguments in [
            ["check", "TestImages/SampleApp", "--artifact", artifact], ["artifact", "check", artifact],
        ] {
            let run = try PlayprepBinary.run(arguments + ["--previous", previous, "--format", "json"])
            let found = run.standardOutput.components(separatedBy: "\"rule\" : \"").dropFirst().map {
                String($0.prefix(6))
            }.filter { $0.hasPrefix("REL") }
            #expect(found == (rule.map { [$0] } ?? []), "\(arguments): \(run.standardOutput)")
            #expect(message.isEmpty || run.standardOutput.contains(message), "\(arguments): \(run.standardOutput)")
            if rule != nil { #expect(run.status == 1) }
        }
    }

    /// With `--since`, the artifact's versionCode is the one compared with the build's at REF, and the finding
    /// names the archive and its manifest.
    @Test func theArtifactIsComparedWithTheReleaseAtTheReference() throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository(Repository.app(versionCode: 3, applicationId: "com.playprep.sample"))
        defer { repository.remove() }
        let artifacts = Fixtures.testImage("artifacts").path
        let same = try repository.playprep(["check", ".", "--since", "v1.0", "--artifact", artifacts + "/release.apk"])
        #expect(same.status == 1)
        #expect(
            same.standardOutput.contains(
                "versionCode 3 of com.playprep.sample (--artifact \(artifacts)/release.apk!/AndroidManifest.xml) is "
                    + "not greater than 3 at v1.0:app/build.gradle:12"), "\(same.standardOutput)")
        let raised = try repository.playprep([
            "check", ".", "--since", "v1.0", "--artifact", artifacts + "/release-v4.apk",
        ])
        #expect(!raised.standardOutput.contains("REL001"), "\(raised.standardOutput)")
    }

    /// `--previous` without `--artifact`: the build's versionCode must be above the previous release's, and the
    /// declaration rules report only the forms it did not need.
    @Test func thePreviousReleaseAloneJudgesTheBuild() throws {
        try #require(Repository.git != nil, "git is not installed")
        let repository = try Repository(
            Repository.app(
                versionCode: 2, applicationId: "com.playprep.sample",
                permissions: ["android.permission.QUERY_ALL_PACKAGES"]))
        defer { repository.remove() }
        let declarations = Fixtures.testImage("artifacts/declarations").path
        let older = try repository.playprep(["check", ".", "--previous", declarations + "/plain.apk"])
        #expect(older.status == 0, "\(older.standardOutput)\(older.standardError)")
        #expect(older.standardOutput.contains("warning[DCL"), "\(older.standardOutput)")
        #expect(older.standardOutput.contains("QUERY_ALL_PACKAGES"))
        #expect(!older.standardOutput.contains("DCL001") && !older.standardOutput.contains("REL0"))
        let filed = try repository.playprep(["check", ".", "--previous", declarations + "/query-all-packages.apk"])
        #expect(!filed.standardOutput.contains("DCL"), "\(filed.standardOutput)")
        let newer = try repository.playprep(["check", ".", "--previous", declarations + "/release-42.apk"])
        #expect(newer.status == 1)
        #expect(
            newer.standardOutput.contains(
                "versionCode 2 of com.playprep.sample (:app release, app/build.gradle:12) is not greater than 42 of "
                    + "the previous release (--previous \(declarations)/release-42.apk!/AndroidManifest.xml)"),
            "\(newer.standardOutput)")
    }

    /// The acceptance test of issue 36: this repository's sample app, compared with the commit it is in.
    @Test func theSampleAppAgainstHeadHasNotRaisedItsVersionCode() throws {
        let git = try #require(Repository.git, "git is not installed")
        let inside = try ChildProcess.run(git, ["-C", Fixtures.packageRoot.path, "rev-parse", "--verify", "HEAD"])
        try #require(inside.status == 0, "not in a git checkout of playprep: \(inside.standardError)")
        let tracked = try ChildProcess.run(
            git,
            [
                "-C", Fixtures.packageRoot.path, "ls-files", "--error-unmatch",
                "TestImages/SampleApp/app/build.gradle.kts",
            ])
        try #require(tracked.status == 0, "TestImages/SampleApp is not committed in this checkout")
        let run = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--since", "HEAD"])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("error[REL001]"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("versionCode 3 of com.playprep.sample"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("HEAD:app/build.gradle.kts:13"), "\(run.standardOutput)")
    }

    /// A baseline written at a release whose versionCode was not yet raised must not hide REL001 at the next one:
    /// the fingerprint of "versionCode 1 ... v1.0" and "versionCode 2 ... v1.1" is the same once digits are `#`.
    /// Findings of rules about this release are never recorded, and an older baseline's are set aside, said once.
    @Test func aBaselineNeverHidesAFindingAboutThisRelease() throws {
        try #require(Repository.git != nil, "git is not installed")
        var app = Repository.app()
        // Gradle Play Publisher on the app module: its release reaches Play, so REL001 is an error whatever proof
        // the rule asks for.
        app["app/build.gradle"] = app["app/build.gradle"]?.replacingOccurrences(
            of: "plugins { id 'com.android.application' }",
            with: "plugins {\n    id 'com.android.application'\n    id 'com.github.triplet.play'\n}")
        let repository = try Repository(app)
        defer { repository.remove() }
        let baseline = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-bl-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: baseline) }
        let written = try repository.playprep(["check", ".", "--since", "v1.0", "--write-baseline", baseline.path])
        #expect(written.status == 0, "\(written.standardError)")
        let recorded = try String(contentsOf: baseline, encoding: .utf8)
        #expect(!recorded.contains("REL001"), "\(recorded)")

        let checked = try repository.playprep(["check", ".", "--since", "v1.0", "--baseline", baseline.path])
        #expect(checked.status == 1, "\(checked.standardOutput)\(checked.standardError)")
        #expect(checked.standardOutput.contains("error[REL001]"), "\(checked.standardOutput)")
        #expect(!checked.standardError.contains("never hides"), "\(checked.standardError)")

        // A baseline from before this rule (or edited by hand) that holds the finding: set aside, and said.
        let old = """
            {"tool": "playprep", "version": 2, "entries": [
              {"rule": "REL001", "fingerprint": "versionCode # of org.example.since", "files": ["app/build.gradle"],
               "message": "versionCode 1 of org.example.since"}]}
            """
        try Data(old.utf8).write(to: baseline)
        let held = try repository.playprep(["check", ".", "--since", "v1.0", "--baseline", baseline.path])
        #expect(held.status == 1, "\(held.standardOutput)\(held.standardError)")
        #expect(held.standardOutput.contains("error[REL001]"), "\(held.standardOutput)")
        #expect(
            held.standardError.contains(
                "\(baseline.path) holds 1 entry of rules that judge this release (REL001), which a baseline never "
                    + "hides; --write-baseline rewrites it without them"), "\(held.standardError)")
    }
}
