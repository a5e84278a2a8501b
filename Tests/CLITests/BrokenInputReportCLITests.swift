import Foundation
import TestSupport
import Testing

/// An input that cannot be read is named in the report of every format, so CI shows it where it shows findings.
@Suite struct BrokenInputReportCLITests {
    /// A report path in a fresh folder (removed by the caller's `defer`).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-broken-\(UUID())")

    func path(_ name: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test func aBrokenAPKIsInEveryReportFormat() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let apk = "TestImages/artifacts/not-a-zip.apk"
        let expected = [
            ("json", "\"rule\" : \"PRJ001\""), ("sarif", "\"ruleId\" : \"PRJ001\""), ("junit", "PRJ001"),
            ("codeclimate", "PRJ001"), ("github", "::error file=\(apk)"), ("text", "PRJ001"),
        ]
        for (format, mark) in expected {
            let run = try PlayprepBinary.run([
                "artifact", "check", apk, "--format", format, "--output", try path(format),
            ])
            #expect(run.status == 1)
            #expect(run.standardError.hasPrefix("playprep: error: \(apk): not a ZIP archive"))
            let report = try String(contentsOfFile: try path(format), encoding: .utf8)
            #expect(report.contains(mark), "\(format): \(report)")
            #expect(report.contains("not-a-zip.apk"), "\(format)")
        }
        let junit = try String(contentsOfFile: try path("junit"), encoding: .utf8)
        #expect(
            junit.contains("errors=\"1\"") && junit.contains("<error message=\"cannot read the artifact: not a ZIP"))
        #expect(!junit.contains("<failure"))
        let sarif = try String(contentsOfFile: try path("sarif"), encoding: .utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let invocation = try #require(
            ((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(
            (notification["message"] as? [String: Any])?["text"] as? String
                == "\(apk): cannot read the artifact: not a ZIP archive (APK or AAB): it does not start with a ZIP local file header"
        )
        if let python = TestPython.withJSONSchema {
            let validation = try TestPython.run(
                python, ["-c", TestPython.validateJSONSchema, TestPython.sarifSchema.path], input: sarif)
            #expect(validation.status == 0, "\(validation.output)")
        } else {
            print("SARIF schema validation skipped: no Python with the jsonschema package (set PLAYPREP_PYTHON)")
        }
    }

    @Test func aBrokenArtifactBesideAProjectIsReportedAndTheProjectStillChecked() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try PlayprepBinary.run([
            "check", "TestImages/SampleApp", "--artifact", "TestImages/artifacts/truncated.apk", "--format", "json",
            "--output", try path("report.json"),
        ])
        #expect(run.status == 1)
        let report = try String(contentsOfFile: try path("report.json"), encoding: .utf8)
        #expect(report.contains("truncated.apk") && report.contains("PRJ001"))
        #expect(run.standardError.contains("playprep: checked 6 NinePatches"))
    }
}
