import FileAccess
import TestSupport
import Testing

@testable import UploadWiring

/// Real wirings rebuilt in `TestImages/wiring/ci/` (each fixture's files written for this test, after the shapes of
/// real repositories): the CI step followed through the scripts it runs to the uploader and the files it is given.
@Suite struct ScriptChainTests {
    static func read(_ name: String, in folder: String = "wiring/ci/") -> ContinuousIntegration {
        let root = Fixtures.testImage(folder + name).path
        let walked = FolderWalker(skippedFolderNames: ["build"], followedLinks: .none).files(
            under: root, where: { _ in true })
        return ContinuousIntegration(root: root, walked: walked)
    }

    /// The command whose text starts with `prefix`.
    static func command(_ prefix: String, in ci: ContinuousIntegration) throws -> CICommand {
        try #require(ci.commands.first { $0.text.hasPrefix(prefix) }, "no command \(prefix)")
    }

    /// A workflow runs `make whatsnew`; the Makefile's target runs its prerequisite, then a Python script that
    /// copies the newest changelog of each locale into the folder `r0adkll/upload-google-play` uploads.
    @Test func makeRunsPythonThatFillsTheWhatsNewFolder() throws {
        let ci = Self.read("make-python-whatsnew")
        #expect(
            ci.commands.map(\.summary) == [
                ".github/workflows/release.yml:9 actions/checkout@v4",
                ".github/workflows/release.yml:11 make whatsnew",
                "Makefile:9 rm -rf whatsnew [delete whatsnew]",
                "Makefile:6 python3 scripts/whatsnew.py fastlane/metadata/android",
                "scripts/whatsnew.py:22 shutil.copy(os.path.join(changelogs, latest), f\"{TARGET}/whatsnew-{locale}\") "
                    + "[copy fastlane/metadata/android/*/changelogs/* -> whatsnew/whatsnew-*]",
                ".github/workflows/release.yml:12 r0adkll/upload-google-play@v1 [packageName=org.example.notes, "
                    + "releaseFiles=app/build/outputs/bundle/release/app-release.aab, serviceAccountJsonPlainText="
                    + "${{ secrets.SERVICE_ACCOUNT }}, track=beta, whatsNewDirectory=whatsnew]",
            ])
        let copy = try Self.command("shutil.copy", in: ci)
        #expect(
            copy.chain.map(\.description) == [
                ".github/workflows/release.yml:11 `make whatsnew`",
                "Makefile:6 `python3 scripts/whatsnew.py fastlane/metadata/android`",
            ])
        #expect(copy.origin == .script(ranBy: copy.chain[0]))
        #expect(copy.job == ".github/workflows/release.yml#play")
        #expect(ci.unread.isEmpty)
    }

    /// Buildkite's release pipeline runs a shell script with an argument; the script runs the lane.
    @Test func buildkiteStepRunsAScriptThatRunsTheLane() throws {
        let ci = Self.read("buildkite-script-lane")
        let lane = try Self.command("bundle exec fastlane build_and_upload_to_play_store", in: ci)
        #expect(lane.evidence.description.hasPrefix(".buildkite/commands/release-build.sh:9"))
        #expect(lane.chain.map(\.line) == [12])
        #expect(lane.system == "Buildkite")
        #expect(ci.files == [".buildkite/release-builds.yml"])
    }

    /// Two scripts no CI file runs (an outside CI ran them): one copies the help's what's-new page into GPP's
    /// release notes, from the repository root its `BASH_SOURCE` gives; the other runs GPP's publish task from a
    /// variable, in the Gradle root it changes to.
    @Test func handRunScriptsStageNotesAndPublishWithGPP() throws {
        let ci = Self.read("keyman-whatsnew-2021", in: "refusals/")
        let copy = try Self.command("cp \"$KEYMAN_ROOT", in: ci)
        #expect(copy.origin == .unreferencedScript)
        #expect(
            copy.fileOperations == [
                FileOperation(
                    kind: .copy, sources: ["android/help/about/whatsnew.md"],
                    target: "android/KMAPro/kMAPro/src/main/play/release-notes/en-US/default.txt")
            ])
        let publish = try Self.command("./gradlew", in: ci)
        #expect(publish.origin == .unreferencedScript)
        #expect(
            publish.summary == "android/build-publish.sh:26 ./gradlew $DAEMON_FLAG $BUILD_FLAGS [in android/KMAPro]")
        #expect(publish.expandedWords.last == "publishReleaseApk")
    }

    /// A Jenkinsfile in `ci/` loads a Groovy file whose `sh` steps run the lane: the pipeline's job, the `load`
    /// line as the chain, the `withEnv` variable.
    @Test func jenkinsfileLoadsGroovyThatRunsTheLane() throws {
        let ci = Self.read("jenkins-loaded-groovy")
        let lane = try Self.command("bundle exec fastlane android deploy", in: ci)
        #expect(lane.summary == "ci/jenkins/deploy.groovy:5 bundle exec fastlane android deploy track:${track}")
        #expect(lane.job == "ci/Jenkinsfile")
        #expect(lane.chain.map(\.description) == ["ci/Jenkinsfile:18 `load 'ci/jenkins/deploy.groovy'`"])
        #expect(lane.environment["SUPPLY_TRACK"] == "${track}")
        #expect(ci.files == ["ci/Jenkinsfile", "ci/jenkins/deploy.groovy"])
    }

    /// GitLab: a local include's job extends a hidden one; its script copies each locale's fastlane changelog into
    /// GPP's `release-notes/` (paths from `$(dirname "$0")/..`) before `publishReleaseBundle`; the other project's
    /// include is named as unread.
    @Test func gitLabScriptCopiesChangelogsForGPP() throws {
        let ci = Self.read("gitlab-copy-changelog")
        let copy = try Self.command("cp \"$ROOT/fastlane", in: ci)
        #expect(
            copy.fileOperations == [
                FileOperation(
                    kind: .copy, sources: ["fastlane/metadata/android/*/changelogs/*.txt"],
                    target: "app/src/main/play/release-notes/*/default.txt")
            ])
        let publish = try Self.command("./gradlew publishReleaseBundle", in: ci)
        #expect(publish.job == copy.job)
        #expect(ci.commands.firstIndex(of: copy)! < ci.commands.firstIndex(of: publish)!)
        #expect(
            ci.unread.map(\.description) == [
                "mobile/ci-templates:/android/signing.yml: GitLab CI include not read: outside the repository "
                    + "(project mobile/ci-templates) (named at .gitlab-ci.yml:3)"
            ])
    }

    /// A step deletes every locale folder but two just before supply: a deletion with the names it spares.
    @Test func stepDeletingLocalesBeforeSupplyIsAnOperation() throws {
        let ci = Self.read("workflow-deletes-locales")
        let find = try Self.command("find fastlane/metadata/android", in: ci)
        #expect(
            find.fileOperations == [
                FileOperation(kind: .delete, sources: ["fastlane/metadata/android/*"], sparing: ["en-US", "de-DE"])
            ])
        let supply = try Self.command("bundle exec fastlane supply", in: ci)
        #expect(supply.summary.hasPrefix(".github/workflows/deploy.yml:18 bundle exec fastlane supply --metadata_path"))
        #expect(supply.environment["SUPPLY_PACKAGE_NAME"] == "org.example.locales")
    }

    /// Travis's deploy runs a script that runs supply with options over two lines.
    @Test func travisDeployScriptRunsSupply() throws {
        let ci = Self.read("travis-script-supply")
        let supply = try Self.command("fastlane supply", in: ci)
        #expect(supply.text.hasSuffix("--metadata_path play/metadata"))
        #expect(supply.chain.map(\.description) == [".travis.yml:11 `bash scripts/deploy-play.sh`"])
    }

    /// CircleCI 1.0's root `circle.yml`: the deployment's command.
    @Test func circleYmlDeploymentIsRead() {
        let ci = Self.read("circle-root")
        #expect(
            ci.commands.map(\.summary) == [
                "circle.yml:8 ./gradlew testReleaseUnitTest", "circle.yml:13 ./gradlew publishApkRelease",
            ])
        #expect(ci.commands.last?.job == "circle.yml#deployment.production")
    }

    /// React Native: `yarn release:android` runs the package script, its `pre` script first; the lane runs in
    /// `android/`; `yarn install` is yarn's own command, not a missing script.
    @Test func yarnScriptRunsFastlaneInTheAndroidFolder() throws {
        let ci = Self.read("react-native-yarn")
        let lane = try Self.command("bundle exec fastlane deploy", in: ci)
        #expect(lane.workingDirectory == "android")
        #expect(lane.environment["SUPPLY_TRACK"] == "internal")
        #expect(lane.evidence.description == "package.json:8 `bundle exec fastlane deploy`")
        #expect(
            ci.unread.map(\.description) == [
                "scripts/bump.js: JavaScript file not read: JavaScript is not read (named at package.json:7)"
            ])
    }

    /// A Ruby script copies each locale's notes and runs supply through `system` with the words one by one.
    @Test func rubyScriptCopiesAndRunsSupply() throws {
        let ci = Self.read("ruby-script")
        let copy = try Self.command("FileUtils.cp", in: ci)
        #expect(
            copy.fileOperations == [
                FileOperation(
                    kind: .copy, sources: ["fastlane/metadata/android/*/changelogs/default.txt"],
                    target: "fastlane/metadata/android/*/changelogs/*.txt")
            ])
        let supply = try Self.command("bundle exec fastlane supply", in: ci)
        #expect(supply.text == "bundle exec fastlane supply --track * --metadata_path fastlane/metadata/android")
        #expect(supply.evidence.line == 12)
    }

    /// Everything referenced but not read is named with its reason and where it is named.
    @Test func whatCannotBeReadIsNamed() {
        let ci = Self.read("unread-wiring")
        #expect(
            ci.unread.map(\.description) == [
                "https://gitlab.example.com/ci/android.yml: GitLab CI include not read: outside the repository (a "
                    + "remote include) (named at .gitlab-ci.yml:2)",
                "Android-Fastlane.gitlab-ci.yml: GitLab CI include not read: outside the repository (a GitLab "
                    + "template) (named at .gitlab-ci.yml:3)",
                ".drone.yml: CI configuration not read: Drone configurations are not read; its lines were read one "
                    + "by one for uploader commands",
                "scripts/missing.sh: script not read: no such file in the repository (named at "
                    + ".github/workflows/release.yml:8)",
                "scripts/upload.js: JavaScript file not read: JavaScript is not read (named at "
                    + ".github/workflows/release.yml:9)",
                "./scripts/*.sh: script not read: its path is built when the job runs (named at "
                    + ".github/workflows/release.yml:10)",
            ])
    }
}
