import Foundation
import TestSupport
import Testing

/// The DCL family from the command line: the note-only default, `--previous`, the `declarations:` record read by
/// `artifact check --config` and `check --artifact`, and `artifact declarations`.
@Suite struct DeclarationCLITests {
    static let folder = "TestImages/artifacts/declarations/"

    /// A playprep.yml holding `yaml`, in a fresh folder; the caller removes the folder.
    static func configuration(_ yaml: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-dcl-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("playprep.yml")
        try Data(yaml.utf8).write(to: file)
        return file
    }

    @Test func theDefaultIsOneNoteAndExitsZero() throws {
        let run = try PlayprepBinary.run(["artifact", "check", Self.folder + "release-42.apk"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.components(separatedBy: "note[DCL001]").count == 2)
        #expect(!run.standardOutput.contains("warning[") && !run.standardOutput.contains("error["))
    }

    @Test func thePreviousReleaseMakesTheNewDeclarationAWarning() throws {
        let run = try PlayprepBinary.run([
            "artifact", "check", Self.folder + "release-42.aab", "--previous", Self.folder + "release-41.apk",
            "--format", "json",
        ])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.components(separatedBy: "\"warning\"").count == 2, "\(run.standardOutput)")
        #expect(run.standardOutput.contains("DCL004"))
        #expect(run.standardOutput.contains("android.permission.READ_MEDIA_IMAGES"))
        let strict = try PlayprepBinary.run([
            "artifact", "check", Self.folder + "release-42.apk", "--previous", Self.folder + "release-41.apk",
            "--strict",
        ])
        #expect(strict.status == 1)
    }

    @Test func advertisingIDRecordedAsNotUsedFailsTheRun() throws {
        let config = try Self.configuration("declarations:\n  advertisingId: notUsed\n  photoVideo: true\n")
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let run = try PlayprepBinary.run(["artifact", "check", Self.folder + "release-42.apk", "--config", config.path])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("error[DCL003]"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("DCL004"))
        let project = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--config", config.path, "--artifact", Self.folder + "release-42.apk",
        ])
        #expect(project.status == 1)
        #expect(project.standardOutput.contains("error[DCL003]"), "\(project.standardOutput)")
    }

    @Test func aBadRecordIsOneLineNamingTheFile() throws {
        let config = try Self.configuration("declarations:\n  advertisingId: maybe\n")
        defer { try? FileManager.default.removeItem(at: config.deletingLastPathComponent()) }
        let run = try PlayprepBinary.run(["artifact", "check", Self.folder + "plain.apk", "--config", config.path])
        #expect(run.status != 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains(config.path) && run.standardError.contains("used or notUsed"))
    }

    @Test func theProjectCheckTakesThePreviousReleaseWithItsArtifact() throws {
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", Self.folder + "release-42.aab", "--previous",
            Self.folder + "release-41.apk",
        ])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("warning[DCL004]"))
    }

    @Test func anUnreadablePreviousReleaseIsNamed() throws {
        let run = try PlayprepBinary.run([
            "artifact", "check", Self.folder + "plain.apk", "--previous", "TestImages/artifacts/truncated.apk",
        ])
        #expect(run.status != 0)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("TestImages/artifacts/truncated.apk: cannot be read"))
    }

    @Test func theChecklistAsTextAndJSON() throws {
        let text = try PlayprepBinary.run(["artifact", "declarations", Self.folder + "vpn-service.apk"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("- [review] VpnService — <service android:name=\".vpn.TunnelService\""))
        let json = try PlayprepBinary.run(["artifact", "declarations", Self.folder + "none.apk", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.standardOutput.contains("\"needs\" : [\n\n  ]") || json.standardOutput.contains("\"needs\" : []"))
    }
}
