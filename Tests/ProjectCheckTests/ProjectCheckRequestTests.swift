import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import ProjectCheck

/// `ProjectCheckRequest`: what `playprep check` and `plan` ask, carried out by the library alone.
@Suite struct ProjectCheckRequestTests {
    @Test func runJudgesTheProjectAndSaysWhatItChecked() throws {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("BrokenApp").path)
        request.jobs = 2
        let outcome = try request.run()
        #expect(outcome.report.diagnostics.contains { $0.ruleID == "NP001" || $0.severity == .error })
        #expect(outcome.recordedBaseline == nil)
        #expect(outcome.lines.first?.hasPrefix("playprep: checked ") == true)
        #expect(outcome.listings.count == outcome.lines.filter { $0.hasPrefix("playprep: listing ") }.count)
    }

    @Test func writeBaselineRecordsInsteadOfSummarising() throws {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("BrokenApp").path)
        request.writeBaseline = "/tmp/never-written-by-the-library.json"
        let outcome = try request.run()
        let recorded = try #require(outcome.recordedBaseline)
        #expect(recorded.file == "/tmp/never-written-by-the-library.json")
        #expect(recorded.entries > 0 && recorded.json.contains("\"version\""))
        #expect(outcome.lines.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: recorded.file))
    }

    @Test func aMalformedPropertyStopsTheRunInOneLine() {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("SampleApp").path)
        request.gradleProperties = ["=value"]
        #expect(throws: ProjectCheckFailure(.invalid("-P =value: expected NAME=VALUE"))) { try request.run() }
        #expect(throws: ProjectCheckError.invalid("-P =value: expected NAME=VALUE")) { try request.plan() }
    }

    @Test func aMalformedUploadCertificateIsRefusedAfterTheConfiguration() {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("SampleApp").path)
        request.uploadCertificate = "12:34"
        let malformed = "--upload-certificate 12:34: expected a SHA-256 fingerprint (64 hex digits, colons allowed)"
        #expect(throws: ProjectCheckFailure(.invalid(malformed))) { try request.run() }
        request.gradleProperties = ["=value"]
        #expect(throws: ProjectCheckFailure(.invalid("-P =value: expected NAME=VALUE"))) { try request.run() }
    }

    /// `--previous` without `--artifact` compares the build with the previous release: the release variant of its
    /// applicationId must build a higher versionCode (REL001); a missing previous release is named.
    @Test func thePreviousReleaseAloneIsComparedWithTheBuild() throws {
        var request = ProjectCheckRequest(projectDirectory: Fixtures.testImage("SampleApp").path)
        request.previousArtifact = Fixtures.testImage("artifacts/release-v4.apk").path
        let outcome = try request.run()
        let found = outcome.report.diagnostics.filter { $0.ruleID.hasPrefix("REL") }
        #expect(found.map(\.ruleID) == ["REL001"], "\(found)")
        #expect(found.first?.file.hasSuffix("SampleApp/app/build.gradle.kts") == true)
        #expect(found.first?.location == .text(line: 13, column: 23))
        #expect(
            found.first?.message.hasPrefix(
                "versionCode 3 of com.playprep.sample (:app proRelease, app/build.gradle.kts:13) is not greater than 4 "
                    + "of the previous release (--previous \(request.previousArtifact ?? "")!/AndroidManifest.xml)")
                == true, "\(found)")
        request.previousArtifact = Fixtures.testImage("artifacts/release.apk").path + ".missing"
        #expect(throws: ProjectCheckFailure(.notFound(request.previousArtifact ?? ""))) { try request.run() }
    }

    @Test func anEmptyFolderFailsWithTheLinesSaidBeforeIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("request-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89]).write(to: folder.appendingPathComponent("art/loose.9.png"))
        let request = ProjectCheckRequest(projectDirectory: folder.path)
        do {
            _ = try request.run()
            Issue.record("an empty project was accepted")
        } catch {
            #expect(error.error.description.hasPrefix("nothing to check in \(folder.path)"))
            #expect(error.lines.count == 1 && error.lines[0].hasPrefix("playprep: 1 .9.png files outside res/"))
        }
        var allowed = request
        allowed.allowsEmpty = true
        #expect(try allowed.run().report.files.isEmpty)
    }

    @Test func anOutputOverAnInputIsRefusedBeforeTheCheck() {
        let root = Fixtures.testImage("SampleApp").path
        var request = ProjectCheckRequest(projectDirectory: root)
        request.reportOutput = root + "/settings.gradle.kts"
        #expect {
            try request.run()
        } throws: { error in
            guard let failure = error as? ProjectCheckFailure, case .invalid(let message) = failure.error else {
                return false
            }
            return message.contains("--output")
        }
    }

    @Test func planReadsTheProjectWithoutJudgingIt() throws {
        let plan = try ProjectCheckRequest(projectDirectory: Fixtures.testImage("SampleApp").path).plan()
        #expect(!plan.text.isEmpty)
        var file = ProjectCheckRequest(projectDirectory: Fixtures.testImage("SampleApp/settings.gradle.kts").path)
        file.versionCode = 1
        #expect {
            try file.plan()
        } throws: { error in
            (error as? ProjectCheckError)?.description.contains("is a file; check takes a project folder") == true
        }
    }
}
