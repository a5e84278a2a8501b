import AndroidBuild
import Testing

@testable import UploadWiring

/// A CI file that cannot be read as its system reads it is read line by line: no upload in it is lost in silence,
/// what it starts is partial, and the reason is said once.
@Suite struct CILinesTests {
    /// mastodon-android's first workflow (f128556a4): a plain scalar holding `: ` that libyaml refuses (and GitHub's
    /// parser too), then the fastlane step, a block, a list and an action with its inputs.
    static let refused = """
        jobs:
          deploy:
            steps:
              - name: Sign release builds
                run: echo "apply from: 'ci_signing.gradle'" >> app/build.gradle
              - name: Deploy
                run: bundle exec fastlane deploy
                working-directory: android
                env:
                  SUPPLY_JSON_KEY_DATA: ${{ secrets.PLAY }}
              - run: |
                  cd android
                  fastlane supply --metadata_path play/metadata
              - uses: r0adkll/upload-google-play@v1
                with:
                  track: beta
                  whatsNewDirectory: 'whatsnew'
        """

    @Test func aRefusedWorkflowIsReadLineByLine() throws {
        let ci = ContinuousIntegration(repository: MemoryRepository([".github/workflows/release.yml": Self.refused]))
        #expect(
            ci.commands.map(\.summary) == [
                ".github/workflows/release.yml:5 echo \"apply from: 'ci_signing.gradle'\" >> app/build.gradle "
                    + "[write app/build.gradle]",
                ".github/workflows/release.yml:7 bundle exec fastlane deploy [in android]",
                ".github/workflows/release.yml:12 cd android",
                ".github/workflows/release.yml:13 fastlane supply --metadata_path play/metadata [in android]",
                ".github/workflows/release.yml:14 r0adkll/upload-google-play@v1 [track=beta, whatsNewDirectory=whatsnew]",
            ])
        #expect(ci.commands.allSatisfy { $0.readLineByLine?.hasPrefix(".github/workflows/release.yml read") == true })
        let deploy = try #require(ci.commands.first { $0.text.hasSuffix("fastlane deploy") })
        #expect(deploy.environment["SUPPLY_JSON_KEY_DATA"] == "${{ secrets.PLAY }}")
        // The parse error once, with its line, and what was done instead.
        #expect(
            ci.unread.map(\.description) == [
                ".github/workflows/release.yml: GitHub Actions workflow not read: not valid YAML: line 5, column 30: "
                    + "mapping values are not allowed in this context; its lines were read one by one for uploader "
                    + "commands"
            ])
        #expect(ci.files.isEmpty)
    }

    /// The scripts a line-read step runs are followed, and their commands carry the same reason.
    @Test func scriptsOfALineReadStepAreFollowed() throws {
        let ci = ContinuousIntegration(
            repository: MemoryRepository([
                ".github/workflows/release.yml": "jobs:\n  x:\n    steps:\n      - run: echo \"a: b\" >> f\n"
                    + "      - run: ./tools/release.sh\n",
                "tools/release.sh": "#!/bin/sh\nbundle exec fastlane supply --metadata_path store\n",
            ]))
        let supply = try #require(ci.commands.first { $0.text.contains("fastlane supply") })
        #expect(supply.summary == "tools/release.sh:2 bundle exec fastlane supply --metadata_path store")
        #expect(supply.chain.map(\.line) == [5])
        #expect(supply.readLineByLine?.hasPrefix(".github/workflows/release.yml read line by line") == true)
    }

    /// GitLab's `script:` list and a Drone file (a system playprep does not read) yield their commands too.
    @Test func listsAndUnreadSystemsAreRead() {
        let ci = ContinuousIntegration(
            repository: MemoryRepository([
                ".gitlab-ci.yml": "deploy:\n  script:\n    - echo \"a: b\": c\n    - ./gradlew publishBundle\n",
                ".drone.yml": "steps:\n  - name: deploy\n    commands:\n      - bundle exec fastlane deploy\n",
            ]))
        #expect(
            ci.commands.map(\.summary) == [
                ".gitlab-ci.yml:3 echo \"a: b\": c", ".gitlab-ci.yml:4 ./gradlew publishBundle",
                ".drone.yml:4 bundle exec fastlane deploy",
            ])
        #expect(ci.commands.allSatisfy { $0.readLineByLine != nil })
        #expect(
            ci.unread.map(\.description).last
                == ".drone.yml: CI configuration not read: Drone configurations are not read; its lines were read "
                + "one by one for uploader commands")
    }

    /// An upload a line-read step starts is partial, and says why; the same step read as YAML is shown.
    @Test(arguments: [(true, "undecidable: .github/workflows/listing.yml read line by line"), (false, "ci ")])
    func anUploadOfALineReadStepIsPartial(refused: Bool, trigger: String) throws {
        let broken = refused ? "      - run: echo \"x: y\" >> notes\n" : ""
        let repository = try TemporaryRepository([
            ".github/workflows/listing.yml": "jobs:\n  listing:\n    steps:\n" + broken
                + "      - run: fastlane supply --metadata_path play/metadata\n",
            "play/metadata/en-US/title.txt": "Example\n",
        ])
        let found = UploadEvidence(input: repository.input()).uploads.map(\.summary)
        #expect(found.count == 1)
        #expect(
            found.first?.contains("supply → play/metadata [text, images, screenshots, changelogs] " + trigger) == true)
    }

    /// A lane that only a line-read workflow runs is judged by its signs, that workflow line among them: live
    /// where its signs say so (mastodon-android's `json_key_file("")`, the key given by the workflow), and never
    /// dead: a task the build lacks leaves it undecided, where without the workflow it is dead.
    @Test(arguments: [
        (true, "assembleRelease", PlayProof.live), (true, "assembleProRelease", PlayProof.partial),
        (false, "assembleProRelease", PlayProof.none),
    ])
    func aLaneNamedByALineReadWorkflowIsNeverDead(workflow: Bool, task: String, proof: PlayProof) throws {
        var files = [
            "settings.gradle": "include ':app'\n",
            "app/build.gradle": "plugins { id 'com.android.application' }\nandroid {\n  namespace 'org.example.app'\n"
                + "  defaultConfig { applicationId 'org.example.app' }\n}\n",
            "Gemfile": "gem \"fastlane\"\n",
            "fastlane/Fastfile": "lane :deploy do\n  gradle(task: '\(task)')\n  upload_to_play_store\nend\n",
            "fastlane/Appfile": "json_key_file(\"\")\npackage_name(\"org.example.app\")\n",
            "fastlane/metadata/android/en-US/title.txt": "Example\n",
        ]
        if workflow {
            files[".github/workflows/deploy.yml"] =
                "jobs:\n  deploy:\n    steps:\n      - run: echo \"x: y\" >> f\n      - run: bundle exec fastlane deploy\n"
        }
        let repository = try TemporaryRepository(files)
        let build = AndroidBuildReader().read(root: repository.root, files: repository.walked)
        let readers = UploadEvidence(input: repository.input(build: build)).fastlaneReaders(
            tree: "fastlane/metadata/android", locales: ["en-US"], versionCodes: [], newestChangelog: nil)
        #expect(readers.proof == proof)
        let signs = readers.senders.compactMap(\.liveness).flatMap(\.signs).map(\.sign)
        #expect(signs.contains(.namedByCI(".github/workflows/deploy.yml")) == workflow)
    }
}
