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

        /// A workflow that builds the release bundle and uploads it with r0adkll/upload-google-play: what shows
        /// the REL rules that the release variant reaches Play.
        static let uploadWorkflow = [
            ".github/workflows/play.yml": """
            on:
              push:
                tags: ['v*']
            jobs:
              play:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - run: ./gradlew bundleRelease
                  - uses: r0adkll/upload-google-play@v1
                    with:
                      serviceAccountJsonPlainText: ${{ secrets.PLAY_KEY }}
                      packageName: org.example.since
                      releaseFiles: app/build/outputs/bundle/release/app-release.aab

            """
        ]

        /// A two-file app: settings and `app/build.gradle` with the given values, and its manifest; uploaded to
        /// Play by ``uploadWorkflow`` unless `uploaded` is false.
        static func app(
            versionCode: Int = 1, applicationId: String = "org.example.since", minSdk: Int = 21, targetSdk: Int = 36,
            signing: String = "upload", permissions: [String] = [], uploaded: Bool = true
        ) -> [String: String] {
            let uses = permissions.map { "    <uses-permission android:name=\"\($0)\" />\n" }.joined()
            return (uploaded ? uploadWorkflow : [:]).merging([
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
            ]) { $1 }
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

    /// REL by proof: a variant no upload sends is judged by nobody (an `fdroidRelease` beside the Play flavour),
    /// the uploaded one is an error naming its upload, and an upload that does not say which variant it sends is a
    /// warning.
    @Test func theVersionCodeIsJudgedAsStronglyAsTheUploadIsShown() throws {
        try #require(Repository.git != nil, "git is not installed")
        var app = Repository.app(uploaded: false)
        app["app/build.gradle"] = app["app/build.gradle"]?.replacingOccurrences(
            of: "    buildTypes {",
            with: """
                    flavorDimensions 'store'
                    productFlavors {
                        play { dimension 'store' }
                        fdroid { dimension 'store'; applicationIdSuffix '.fdroid' }
                    }
                    buildTypes {
                """)
        app[".github/workflows/play.yml"] = Repository.uploadWorkflow[".github/workflows/play.yml"]?
            .replacingOccurrences(of: "bundleRelease", with: "bundlePlayRelease")
            .replacingOccurrences(of: "bundle/release/app-release.aab", with: "bundle/playRelease/app-play-release.aab")
        let repository = try Repository(app)
        defer { repository.remove() }
        let shown = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(shown.status == 1, "\(shown.standardOutput)\(shown.standardError)")
        let rel = shown.standardOutput.split(separator: "\n").filter { $0.contains("REL001") }
        #expect(rel.count == 1, "\(shown.standardOutput)")
        #expect(
            rel.first?.contains(
                "versionCode 1 of org.example.since (:app playRelease, app/build.gradle:12) is not greater than 1 at "
                    + "v1.0:app/build.gradle:12: Play refuses it (\"Version code 1 has already been used\"); Play "
                    + "receives it: r0adkll/upload-google-play@v1 at .github/workflows/play.yml:") == true,
            "\(shown.standardOutput)")
        #expect(!shown.standardOutput.contains("org.example.since.fdroid"), "\(shown.standardOutput)")

        // The same upload without its releaseFiles and build step: it may send any release variant.
        try repository.write([
            ".github/workflows/play.yml": """
            jobs:
              play:
                runs-on: ubuntu-latest
                steps:
                  - uses: r0adkll/upload-google-play@v1
                    with:
                      packageName: org.example.since
                      releaseFiles: ${{ steps.build.outputs.bundle }}

            """
        ])
        let partial = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(partial.status == 0, "\(partial.standardOutput)\(partial.standardError)")
        #expect(partial.standardOutput.contains("warning[REL001]"), "\(partial.standardOutput)")
        #expect(partial.standardOutput.contains("it may reach Play: r0adkll/upload-google-play@v1"))
        // Its packageName is the Play flavour's: the F-Droid flavour's id is another app, which it does not send.
        #expect(!partial.standardOutput.contains("org.example.since.fdroid"), "\(partial.standardOutput)")

        // Nothing uploads: nobody refuses the code, and nothing is said.
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent(".github/workflows/play.yml"))
        let none = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(none.status == 0, "\(none.standardOutput)\(none.standardError)")
        #expect(!none.standardOutput.contains("REL001"), "\(none.standardOutput)")
    }

    /// A lane that raises the versionCode before its upload: Play sees the raised code, so an unchanged build file
    /// passes; one that sets it to a code computed at run time is a note that says so.
    @Test func aLaneThatChangesTheVersionCodeIsJudgedByTheCodePlaySees() throws {
        try #require(Repository.git != nil, "git is not installed")
        func fastlane(_ step: String) -> [String: String] {
            [
                ".github/workflows/play.yml": """
                on: { push: { tags: ['v*'] } }
                jobs:
                  play:
                    runs-on: ubuntu-latest
                    steps:
                      - uses: actions/checkout@v4
                      - run: bundle exec fastlane deploy
                        env:
                          SUPPLY_JSON_KEY_DATA: ${{ secrets.PLAY_KEY }}

                """,
                "Gemfile": "source 'https://rubygems.org'\ngem 'fastlane'\n",
                "fastlane/Appfile": "json_key_file(\"\")\npackage_name(\"org.example.since\")\n",
                "fastlane/Pluginfile": "gem 'fastlane-plugin-increment_version_code'\n",
                "fastlane/Fastfile": """
                default_platform(:android)
                platform :android do
                  lane :deploy do
                    \(step)
                    gradle(task: "bundle", build_type: "Release")
                    upload_to_play_store(track: "internal")
                  end
                end

                """,
            ]
        }
        let repository = try Repository(Repository.app(uploaded: false).merging(fastlane("")) { $1 })
        defer { repository.remove() }
        let unchanged = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(unchanged.standardOutput.contains("error[REL001]"), "\(unchanged.standardOutput)")

        try repository.write(fastlane("increment_version_code(gradle_file_path: \"app/build.gradle\")"))
        let raised = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(raised.status == 0, "\(raised.standardOutput)\(raised.standardError)")
        #expect(!raised.standardOutput.contains("REL001"), "\(raised.standardOutput)")

        try repository.write(
            fastlane(
                "increment_version_code(gradle_file_path: \"app/build.gradle\", "
                    + "version_code: google_play_track_version_codes(track: \"internal\")[0] + 1)"))
        let computed = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(computed.status == 0, "\(computed.standardOutput)\(computed.standardError)")
        #expect(
            computed.standardOutput.contains(
                "note[REL001] line 12:21: versionCode 1 of org.example.since (:app release, app/build.gradle:12) is changed by "
                    + "increment_version_code (fastlane/Fastfile:4) before the upload, to a code computed when the "
                    + "lane runs"), "\(computed.standardOutput)")
    }

    /// Rebuilt from fastlane/fastlane#16331 ("APK specifies a version code that has already been used"): the lane
    /// passes `versionCode` as a Gradle property, which a build that sets versionCode itself never reads, so
    /// Play receives the build file's code, the one already used.
    @Test func aVersionCodePropertyTheBuildDoesNotReadIsTheRefusalOfFastlane16331() throws {
        try #require(Repository.git != nil, "git is not installed")
        var app = Repository.app(versionCode: 41, uploaded: false)
        app["Gemfile"] = "source \"https://rubygems.org\"\n\ngem \"fastlane\"\n"
        app["fastlane/Appfile"] =
            "json_key_file(\"fastlane/play-store-credentials.json\")\npackage_name(\"org.example.since\")\n"
        app["fastlane/Fastfile"] = """
            default_platform(:android)

            platform :android do
              desc "Deploy a new version to the Google Play internal track"
              lane :playstore do
                track_version_codes = google_play_track_version_codes(track: 'internal')
                gradle(
                  task: 'bundle',
                  build_type: 'Release',
                  properties: {
                    "versionCode" => track_version_codes[0] + 1
                  }
                )
                upload_to_play_store(
                  track: 'internal',
                  skip_upload_metadata: true,
                  skip_upload_images: true,
                  skip_upload_screenshots: true
                )
              end
            end

            """
        let repository = try Repository(app)
        defer { repository.remove() }
        try repository.write(["app/src/main/res/values/strings.xml": "<resources/>\n"])
        try repository.commit(message: "fix the about screen")
        let run = try repository.playprep(["check", ".", "--since", "v1.0"])
        #expect(run.standardOutput.contains("REL001"), "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "versionCode 41 of org.example.since (:app release, app/build.gradle:12; the gradle call's property "
                    + "versionCode (fastlane/Fastfile:7) does not change it: the build sets versionCode itself and "
                    + "AGP reads only android.injected.version.code, not versionCode) is not greater than 41 at "
                    + "v1.0:app/build.gradle:12"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("supply (lane playstore)"), "\(run.standardOutput)")
    }

    /// Rebuilt from YosemiteCrew/Yosemite-Crew#2339 ("Version code 17 has already been used"): a monorepo whose
    /// `mobile-v*` tag runs a workflow that builds the React Native app's bundle and uploads it to Play's internal
    /// track; the tag was cut again for an iOS fix with the Android versionCode a literal still at 17.
    @Test func aRecutTagWithTheSameLiteralCodeIsTheRefusalOfYosemiteCrew2339() throws {
        try #require(Repository.git != nil, "git is not installed")
        let android = "apps/mobileAppYC/android"
        let repository = try Repository(Self.yosemiteCrew(versionCode: 17))
        defer { repository.remove() }
        try repository.git("tag", "mobile-v1.6.0")
        try repository.write(["apps/mobileAppYC/ios/ExportOptions.plist": "<plist version=\"1.0\"><dict/></plist>\n"])
        try repository.commit(message: "fix(ios): export options")
        let run = try repository.playprep(["check", ".", "--since", "mobile-v1.6.0"])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        #expect(
            run.standardOutput.contains(
                "error[REL001] line 10:21: versionCode 17 of com.mobileappyc (\(android)/:app release, "
                    + "\(android)/app/build.gradle:10) is not greater than 17 at mobile-v1.6.0:\(android)/app/build.gradle:10"
            ),
            "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains(
                "Play receives it: r0adkll/upload-google-play@v1 at .github/workflows/mobile-release.yml:"),
            "\(run.standardOutput)")
        try repository.write(Self.yosemiteCrew(versionCode: 18))
        let raised = try repository.playprep(["check", ".", "--since", "mobile-v1.6.0"])
        #expect(!raised.standardOutput.contains("REL001"), "\(raised.standardOutput)")
    }

    /// The shape of Yosemite-Crew at the refused commit, as its pull requests describe it: the API, website and
    /// desktop workflows beside the mobile one, and the React Native app's Android build below `apps/mobileAppYC`.
    static func yosemiteCrew(versionCode: Int) -> [String: String] {
        let android = "apps/mobileAppYC/android"
        let service = { (name: String, folder: String) in
            """
            name: \(name)
            on:
              pull_request:
                paths: ['\(folder)/**']
            jobs:
              build:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - uses: actions/setup-node@v4
                    with: { node-version: 20 }
                  - run: npm ci && npm run lint && npm test
                    working-directory: \(folder)

            """
        }
        return [
            ".github/workflows/ci-api.yaml": service("CI API", "apps/backend"),
            ".github/workflows/ci-website.yaml": service("CI Website", "apps/frontend"),
            ".github/workflows/ci-app.yaml": service("CI App", "apps/mobileAppYC"),
            ".github/workflows/codeql.yml": """
            name: CodeQL
            on: { schedule: [{ cron: '0 3 * * 1' }] }
            jobs:
              analyze:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - uses: github/codeql-action/init@v3
                    with: { languages: javascript }
                  - uses: github/codeql-action/analyze@v3

            """,
            ".github/workflows/desktop-release.yml": """
            name: Desktop release
            on:
              push:
                tags: ['desktop-v*']
            jobs:
              release:
                runs-on: macos-latest
                environment: release
                steps:
                  - uses: actions/checkout@v4
                  - run: npm ci && npm run make
                    working-directory: apps/desktop

            """,
            ".github/workflows/mobile-release.yml": """
            name: Mobile release
            on:
              push:
                tags: ['mobile-v*']
            jobs:
              ios:
                runs-on: macos-latest
                environment: release
                steps:
                  - uses: actions/checkout@v4
                  - run: npm ci
                    working-directory: apps/mobileAppYC
                  - run: xcodebuild -exportArchive -exportOptionsPlist ExportOptions.plist
                    working-directory: apps/mobileAppYC/ios
              android:
                runs-on: ubuntu-latest
                environment: release
                steps:
                  - uses: actions/checkout@v4
                  - run: npm ci
                    working-directory: apps/mobileAppYC
                  - run: echo "$UPLOAD_KEYSTORE" | base64 -d > app/upload.keystore
                    working-directory: \(android)
                  - run: ./gradlew bundleRelease
                    working-directory: \(android)
                  - uses: r0adkll/upload-google-play@v1
                    with:
                      serviceAccountJsonPlainText: ${{ secrets.PLAY_SERVICE_ACCOUNT_JSON }}
                      packageName: com.mobileappyc
                      releaseFiles: \(android)/app/build/outputs/bundle/release/app-release.aab
                      track: internal

            """,
            "apps/mobileAppYC/package.json": """
            {"name": "mobileAppYC", "version": "1.6.0", "scripts": {"android": "react-native run-android"}}

            """,
            "\(android)/settings.gradle": """
            rootProject.name = 'mobileAppYC'
            include ':app'

            """,
            "\(android)/build.gradle": """
            buildscript {
                ext {
                    minSdkVersion = 24
                    compileSdkVersion = 36
                    targetSdkVersion = 36
                }
            }

            """,
            "\(android)/app/build.gradle": """
            apply plugin: "com.android.application"

            android {
                namespace "com.mobileappyc"
                compileSdk rootProject.ext.compileSdkVersion
                defaultConfig {
                    applicationId "com.mobileappyc"
                    minSdkVersion rootProject.ext.minSdkVersion
                    targetSdkVersion rootProject.ext.targetSdkVersion
                    versionCode \(versionCode)
                    versionName "1.6.0"
                }
                signingConfigs {
                    release { storeFile file('upload.keystore') }
                }
                buildTypes {
                    release { signingConfig signingConfigs.release }
                }
            }

            """,
            "\(android)/app/src/main/AndroidManifest.xml": """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" />

            """,
        ]
    }
}
