import Foundation
import TestSupport
import Testing

/// The acceptance line of the target API level rules, end to end: `check` on an app whose release bundle a GitHub
/// workflow uploads, and which targets a level Play refuses, exits 1 with a TGT001 error naming the workflow step
/// and the policy date; `plan` shows each release variant's targetSdk; `--date` is checked.
@Suite struct TargetSdkCLITests {
    static let project = "TestImages/releases/target-sdk-old"

    @Test func anOldTargetUploadedByAWorkflowFailsTheCheck() throws {
        let run = try PlayprepBinary.run(["check", Self.project, "--date", "2025-10-01"])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.contains("error[TGT001]") })
        #expect(line.contains("targetSdk is 28; Play requires 35 or higher for new apps and updates since 2025-08-31"))
        #expect(line.contains("r0adkll/upload-google-play@v1 at .github/workflows/release.yml:13"))
    }

    /// The same tree with a current level passes; the day decides which level is current.
    @Test func theDayPicksTheRequirement() throws {
        #expect(try PlayprepBinary.run(["check", "TestImages/releases/target-sdk-current"]).status == 0)
        let early = try PlayprepBinary.run(["check", Self.project, "--date", "2019-06-01", "--format", "json"])
        #expect(early.status == 0, "\(early.standardOutput)")
    }

    @Test func planShowsTheTargetSdk() throws {
        let text = try PlayprepBinary.run(["plan", Self.project])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("targetSdk 28 (app/build.gradle:11)"), "\(text.standardOutput)")
        let json = try PlayprepBinary.run(["plan", Self.project, "--format", "json"])
        let plan = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let modules = try #require(plan["modules"] as? [[String: Any]])
        let variant = try #require((modules.first?["releaseVariants"] as? [[String: Any]])?.first)
        #expect((variant["targetSdk"] as? [String: Any])?["value"] as? String == "28")
    }

    @Test func aMalformedDateIsOneLine() throws {
        let run = try PlayprepBinary.run(["check", Self.project, "--date", "01/10/2025"])
        #expect(run.status == 2)
        #expect(run.standardError == "playprep: error: --date 01/10/2025: expected a day as YYYY-MM-DD\n")
    }
}
