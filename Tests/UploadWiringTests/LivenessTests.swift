import AndroidBuild
import Testing

@testable import UploadWiring

/// The decision on an upload nobody's CI runs is one small function with its table of examples.
@Suite struct LivenessTests {
    @Test(arguments: Liveness.examples.indices)
    func tableRow(_ row: Int) {
        let (signs, expected) = Liveness.examples[row]
        let decided = Liveness.decide(signs.map { ObservedSign($0, nil) })
        #expect(decided.verdict == expected, "\(signs)")
    }

    /// A dead upload names what kills it, not the signs of use it also has.
    @Test func deadNamesItsCause() {
        let decided = Liveness.decide([
            ObservedSign(.packageIsReleaseID("org.example"), nil),
            ObservedSign(.taskMissing("assembleProRelease"), nil),
        ])
        #expect(decided.signs.map(\.sign) == [.taskMissing("assembleProRelease")])
    }

    /// The Play key never kills a lane: `json_key_file("")` (fastlane's template), a key from a variable in the
    /// Appfile (`SUPPLY_JSON_KEY` overrides it) say nothing, a named key is a sign of use; only a path Ruby does
    /// not expand given in the supply call itself, which nothing overrides, stops it.
    @Test(arguments: [
        ("json_key_file(\"\")", "", PlayProof.partial), ("json_key_file(\"$HOME/play.json\")", "", .partial),
        ("json_key_file(\"~/play.json\")", "", .live), ("", "json_key: \"$HOME/play.json\"", PlayProof.none),
    ])
    func theKeyComesAtRunTime(appfileKey: String, callKey: String, proof: PlayProof) throws {
        let repository = try TemporaryRepository([
            "fastlane/Fastfile": "lane :deploy do\n  supply(\(callKey))\nend\n",
            "fastlane/Appfile": appfileKey + "\npackage_name(\"org.example.app\")\n",
            "settings.gradle": "include ':app'\n",
            "app/build.gradle": "plugins { id 'com.android.application' }\nandroid {\n  namespace 'org.example.app'\n"
                + "  defaultConfig { applicationId 'org.example.app' }\n}\n",
            "fastlane/metadata/android/en-US/title.txt": "Example\n",
        ])
        let build = AndroidBuildReader().read(root: repository.root, files: repository.walked)
        let readers = UploadEvidence(input: repository.input(build: build)).fastlaneReaders(
            tree: "fastlane/metadata/android", locales: ["en-US"], versionCodes: [], newestChangelog: nil)
        #expect(readers.proof == proof)
    }

    @Test(arguments: [
        ("\"$HOME/apks/app.apk\"", true), ("'${HOME}/x'", true), ("\"~/keys/play.json\"", false),
        ("\"price $5\"", false),
    ])
    func rubyDoesNotExpandVariables(path: String, expected: Bool) {
        #expect(LivenessReader.hasVariable(RubyValue(text: path).string ?? "") == expected)
    }

    @Test func changelogsAgainstTheVersionCode() {
        #expect(
            LivenessReader.treeSigns(newestChangelog: 42, versionCodes: [42], tree: "t").map(\.sign) == [
                .currentReleaseNotes(versionCode: 42)
            ])
        #expect(
            LivenessReader.treeSigns(newestChangelog: 12, versionCodes: [310], tree: "t").map(\.sign) == [
                .releaseNotesFarBehind(newest: 12, versionCode: 310)
            ])
        // One release behind is the next release being written, not an abandoned tree.
        #expect(LivenessReader.treeSigns(newestChangelog: 309, versionCodes: [310], tree: "t").isEmpty)
        #expect(LivenessReader.treeSigns(newestChangelog: 405_000_000, versionCodes: [406_000_000], tree: "t").isEmpty)
    }

    /// Changelogs far behind the build show a tree nobody writes release notes in: a sign the upload may be
    /// abandoned, not that it cannot run, so it keeps an upload that sends them from being live (never dead); it
    /// says nothing about one that does not send them (medTimer's `uploadToPlay.sh` skips changelogs).
    @Test(arguments: [(true, PlayProof.partial), (false, PlayProof.live)])
    func staleChangelogsOnlyHoldBackAnUploadThatSendsThem(sendsChangelogs: Bool, proof: PlayProof) throws {
        let repository = try TemporaryRepository([
            "fastlane/Fastfile": "lane :listing do\n  supply(skip_upload_changelogs: \(!sendsChangelogs))\nend\n",
            "fastlane/Appfile": "json_key_file(\"fastlane/play-key.json\")\npackage_name(\"org.example.app\")\n",
            "Gemfile": "gem \"fastlane\"\n",
            "settings.gradle": "include ':app'\n",
            "app/build.gradle": "plugins { id 'com.android.application' }\nandroid {\n  namespace 'org.example.app'\n"
                + "  defaultConfig { applicationId 'org.example.app' }\n}\n",
            "fastlane/metadata/android/en-US/title.txt": "Example\n",
            "fastlane/metadata/android/en-US/changelogs/65.txt": "Fixes\n",
        ])
        let build = AndroidBuildReader().read(root: repository.root, files: repository.walked)
        let readers = UploadEvidence(input: repository.input(build: build)).fastlaneReaders(
            tree: "fastlane/metadata/android", locales: ["en-US"], versionCodes: [185], newestChangelog: 65)
        #expect(readers.proof == proof)
    }
}
