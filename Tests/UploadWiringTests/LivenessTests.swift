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
            ObservedSign(.packageIsReleaseID("org.example"), nil), ObservedSign(.emptyKey, nil),
        ])
        #expect(decided.signs.map(\.sign) == [.emptyKey])
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

    /// Changelogs far behind the build show a tree nobody writes release notes in; that says nothing about a
    /// hand-run upload that does not send them (medTimer's `uploadToPlay.sh` skips changelogs): it stays decided
    /// by its other signs, while the same tree sent with its changelogs is dead.
    @Test(arguments: [(true, PlayProof.none), (false, PlayProof.partial)])
    func staleChangelogsOnlyKillAnUploadThatSendsThem(sendsChangelogs: Bool, proof: PlayProof) throws {
        let repository = try TemporaryRepository([
            "fastlane/Fastfile": "lane :listing do\n  supply(skip_upload_changelogs: \(!sendsChangelogs))\nend\n",
            "fastlane/Appfile": "json_key_file(\"fastlane/play-key.json\")\n",
            "Gemfile": "gem \"fastlane\"\n",
            "fastlane/metadata/android/en-US/title.txt": "Example\n",
            "fastlane/metadata/android/en-US/changelogs/65.txt": "Fixes\n",
        ])
        let readers = UploadEvidence(input: repository.input()).fastlaneReaders(
            tree: "fastlane/metadata/android", locales: ["en-US"], versionCodes: [185], newestChangelog: 65)
        #expect(readers.proof == proof)
    }
}
