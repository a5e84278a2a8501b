import Foundation
import TestSupport
import Testing

/// `playprep artifact check FILE...` and `playprep check PROJECT --artifact FILE`, on the APKs of
/// `scripts/make-artifacts.sh`.
@Suite struct ArtifactCLITests {
    static let artifacts = Fixtures.testImage("artifacts")

    @Test func theReleaseAPKPasses() throws {
        let run = try PlayprepBinary.run(["artifact", "check", "TestImages/artifacts/release.apk"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("TestImages/artifacts/release.apk: com.playprep.sample 3 (1.2.0)"))
        // Only DCL001's note: the Advertising ID form every API 33+ app needs.
        #expect(run.standardOutput.contains("note[DCL001]"))
        #expect(run.standardOutput.hasSuffix("\n1 file checked: 0 errors, 0 warnings, 1 note\n"))
        #expect(!run.standardOutput.contains("error[") && !run.standardOutput.contains("warning["))
    }

    @Test func eachFindingNamesItsRuleAndFile() throws {
        let run = try PlayprepBinary.run([
            "artifact", "check", "TestImages/artifacts/debuggable.apk", "TestImages/artifacts/page-4k.apk",
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("TestImages/artifacts/debuggable.apk: com.playprep.sample 3 (1.2.0)"))
        #expect(run.standardOutput.contains("\n  error[ART005]: the application is android:debuggable"))
        #expect(run.standardOutput.contains("TestImages/artifacts/page-4k.apk!/lib/arm64-v8a/libanswer.so\n"))
        #expect(run.standardOutput.contains("error[ART008]"))
        #expect(run.standardOutput.contains("error[ART009]"))
    }

    /// Each malformed archive: one line naming the file and the cause, exit 1, the report naming it (PRJ001), and
    /// nothing written anywhere.
    @Test(arguments: [
        ("truncated.apk", "not a ZIP archive (APK or AAB): no readable central directory"),
        ("zip-bomb.apk", "refused before extracting anything: entry 'AndroidManifest.xml' expands"),
        ("path-traversal.apk", "refused before extracting anything: entry '../../escaped.txt' climbs out"),
        ("not-a-zip.apk", "not a ZIP archive (APK or AAB): it does not start with a ZIP local file header"),
    ])
    func aMalformedArchiveIsOneLineAndExitOne(name: String, cause: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-artifact-\(UUID())/a/b")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent())
        }
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Self.artifacts.appendingPathComponent(name), to: copy)
        let run = try PlayprepBinary.run(["artifact", "check", name], in: folder)
        #expect(run.status == 1)
        // A text report says it once; the line on standard error is for the other formats.
        #expect(run.standardOutput.contains("\(name): error[PRJ001]: cannot read the artifact: \(cause)"))
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let json = try PlayprepBinary.run(["artifact", "check", name, "--format", "json"], in: folder)
        let lines = json.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(json.standardError)")
        #expect(lines.first?.hasPrefix("playprep: error: \(name): \(cause)") ?? false, "\(json.standardError)")
        let left = try FileManager.default.subpathsOfDirectory(
            atPath: folder.deletingLastPathComponent().deletingLastPathComponent().path)
        #expect(left.sorted() == ["a", "a/b", "a/b/\(name)"])
    }

    @Test func theProjectAndItsArtifactAreJudgedTogether() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/release.apk",
        ])
        #expect(run.status == 0, "\(run.standardOutput)")
        let identity =
            "TestImages/artifacts/release.apk: com.playprep.sample 3 (1.2.0) min 24 target 36 compile 29 · "
            + "armeabi-v7a, arm64-v8a 16 KB ok · v2+v3 signed by CN=playprep upload,O=playprep (SHA-256 9E:6E:51…) · "
        #expect(run.standardError.contains("playprep: artifact " + identity), "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix(identity))
        #expect(run.standardOutput.contains("note[DCL001]"))
        #expect(run.standardOutput.hasSuffix("\n21 files checked: 0 errors, 0 warnings, 1 note\n"))
    }

    @Test func aBundleIsJudgedWithTheProject() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/page-4k.aab",
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("playprep: artifact TestImages/artifacts/page-4k.aab: com.playprep.sample"))
        #expect(
            run.standardOutput.contains(
                "TestImages/artifacts/page-4k.aab!/base/lib/arm64-v8a/libanswer.so: error[ART008]"))
        #expect(!run.standardOutput.contains("ART009"))
    }

    /// The listing has release notes for versionCode 3 only: an APK of version 4 needs its own (CON002).
    @Test func theArtifactsVersionCodePicksTheReleaseNotes() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/release-v4.apk",
        ])
        #expect(
            run.standardOutput.contains("warning[CON002]: no release notes for version 4 in the default language en-US")
        )
    }

    /// Release notes of the artifact's versionCode over Play's 500 characters in one locale (TXT004).
    @Test func theReleaseNotesMustFitInEveryLocale() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-sample-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: project)
        defer { try? FileManager.default.removeItem(at: project) }
        let german = project.appendingPathComponent("fastlane/metadata/android/de-DE/changelogs")
        try FileManager.default.createDirectory(at: german, withIntermediateDirectories: true)
        try String(repeating: "Fehler behoben. ", count: 40).write(
            to: german.appendingPathComponent("3.txt"), atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run([
            "check", project.path, "--artifact", Self.artifacts.appendingPathComponent("release.apk").path,
            "--format", "json",
        ])
        #expect(run.status == 1, "\(run.standardOutput)")
        #expect(
            run.standardOutput.contains("\"rule\" : \"TXT004\"") || run.standardOutput.contains("\"rule\":\"TXT004\""),
            "\(run.standardOutput)")
        #expect(run.standardOutput.contains("de-DE/changelogs/3.txt"))
    }

    @Test func anArtifactFindingFailsTheProjectCheck() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/old-target.apk",
        ])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[ART003]: targetSdkVersion is 33; Play requires"))
    }

    @Test func anUnreadableArtifactFailsTheProjectCheckAndIsInItsReport() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/zip-bomb.apk",
        ])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.hasPrefix(
                "TestImages/artifacts/zip-bomb.apk: error[PRJ001]: cannot read the artifact: refused before extracting")
        )
        #expect(!run.standardError.contains("playprep: error:"))
        let sarif = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/zip-bomb.apk", "--format", "sarif",
        ])
        #expect(sarif.standardError.hasPrefix("playprep: error: TestImages/artifacts/zip-bomb.apk: refused"))
    }

    @Test func theRulesCommandShowsTheFixtures() throws {
        let run = try PlayprepBinary.run(["rules", "ART008"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("  - artifacts/page-4k.apk"))
        #expect(run.standardOutput.contains("  - artifacts/release.apk"))
    }
}
