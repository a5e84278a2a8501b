import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--format sarif|junit|github|codeclimate` and `--output` on the BrokenApp sample, end to end.
@Suite struct ReportFormatCLITests {
    func brokenApp(_ arguments: [String]) throws -> PlayprepBinary.Outcome {
        try PlayprepBinary.run(["check", "TestImages/BrokenApp"] + arguments)
    }

    @Test func gccLinesAreWhatEditorsReadWithPathsAsTyped() throws {
        let run = try PlayprepBinary.run(["check", "./TestImages//BrokenApp/", "--format", "gcc"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let findings = lines.dropLast()
        #expect(findings.count == 8)
        let pattern = try Regex(
            #"^TestImages/BrokenApp/[^:]+:[0-9]+:[0-9]+: (error|warning|note): .+ \[[A-Z]+[0-9]+\]$"#)
        #expect(findings.allSatisfy { $0.wholeMatch(of: pattern) != nil }, "\(findings)")
        #expect(
            findings.contains {
                $0.hasPrefix("TestImages/BrokenApp/app/src/main/res/drawable-mdpi/chip_background.9.png:1:10: error: ")
            })
        #expect(
            findings.contains { $0.hasPrefix("TestImages/BrokenApp/fastlane/metadata/android/en-US/title.txt:1:31:") })
        #expect(!run.standardOutput.contains("./") && !run.standardOutput.contains("//"))
    }

    @Test func sarifOfTheBrokenAppNamesEachPlantedRule() throws {
        let run = try brokenApp(["--format", "sarif"])
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(
            Set(results.compactMap { $0["ruleId"] as? String })
                == ["IMG002", "NP003", "NP102", "NP105", "NP106", "PKG007", "RES002", "TXT001"])
    }

    @Test(
        .enabled(
            if: TestPython.withJSONSchema != nil,
            "no Python with the jsonschema package (set PLAYPREP_PYTHON or create .venv-oracle)"))
    func sarifOfTheBrokenAppValidatesAgainstTheSchema() throws {
        let python = try #require(TestPython.withJSONSchema)
        let run = try brokenApp(["--format", "sarif"])
        let validation = try TestPython.run(
            python, ["-c", TestPython.validateJSONSchema, TestPython.sarifSchema.path], input: run.standardOutput)
        #expect(validation.status == 0, "\(validation.output)")
    }

    #if canImport(FoundationXML)
        @Test func junitOfTheBrokenAppParsesWithTheExpectedCounts() throws {
            let run = try brokenApp(["--format", "junit"])
            #expect(run.status == 1)
            let root = try #require(try XMLDocument(xmlString: run.standardOutput).rootElement())
            let suite = try #require(root.elements(forName: "testsuite").first)
            let cases = suite.elements(forName: "testcase")
            #expect(cases.count == 16)
            #expect(suite.attribute(forName: "tests")?.stringValue == "16")
            #expect(suite.attribute(forName: "failures")?.stringValue == "6")
            #expect(cases.filter { !$0.elements(forName: "failure").isEmpty }.count == 6)
        }
    #endif

    @Test func githubAnnotationsOfTheBrokenApp() throws {
        let run = try brokenApp(["--format", "github"])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        let command = try Regex(
            #"^::(error|warning|notice) file=[^,:]+(,line=\d+(,col=\d+)?)?,title=[A-Z]+[0-9]+::.+$"#)
        #expect(lines.dropLast().allSatisfy { $0.wholeMatch(of: command) != nil })
        #expect(lines.count(where: { $0.hasPrefix("::error ") }) == 6)
        #expect(lines.count(where: { $0.hasPrefix("::warning ") }) == 2)
        #expect(lines.last == "16 files checked: 6 errors, 2 warnings, 0 notes")
    }

    @Test func codeQualityOfTheBrokenAppHasOneIssuePerFindingWithStableFingerprints() throws {
        let run = try brokenApp(["--format", "codeclimate"])
        #expect(run.status == 1)
        let issues = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        #expect(issues.count == 8)
        #expect(issues.count { $0["severity"] as? String == "major" } == 6)
        #expect(issues.count { $0["severity"] as? String == "minor" } == 2)
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 8)
        let again = try brokenApp(["--format", "codeclimate"])
        #expect(again.standardOutput == run.standardOutput, "fingerprints and order are the same on every run")
        let title = try #require(issues.first { $0["check_name"] as? String == "TXT001" })
        let location = try #require(title["location"] as? [String: Any])
        #expect(location["path"] as? String == "TestImages/BrokenApp/fastlane/metadata/android/en-US/title.txt")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 1)
        let tick = try #require(issues.first { $0["check_name"] as? String == "NP003" })
        #expect((tick["description"] as? String)?.hasPrefix("pixel (9,0): ") == true)
    }

    @Test(
        .enabled(
            if: TestPython.withJSONSchema != nil,
            "no Python with the jsonschema package (set PLAYPREP_PYTHON or create .venv-oracle)"))
    func codeQualityOfTheBrokenAppValidatesAgainstTheSchema() throws {
        let python = try #require(TestPython.withJSONSchema)
        let run = try brokenApp(["--format", "codeclimate"])
        let validation = try TestPython.run(
            python, ["-c", TestPython.validateJSONSchema, TestPython.codeQualitySchema.path], input: run.standardOutput)
        #expect(validation.status == 0, "\(validation.output)")
    }

    @Test func outputWritesTheReportAndPrintsOnlyTheSummary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("report.sarif")
        let run = try brokenApp(["--format", "sarif", "--output", file.path])
        #expect(run.status == 1)
        #expect(
            run.standardOutput == "16 files checked: 6 errors, 2 warnings, 0 notes (sarif report in \(file.path))\n")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("\"version\" : \"2.1.0\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.sarif"])

        let nowhere = folder.appendingPathComponent("missing/report.xml").path
        let failed = try brokenApp(["--format", "junit", "--output", nowhere])
        #expect(failed.status == 2)
        #expect(failed.standardError.hasPrefix("playprep: error: --output \(nowhere): the folder"))
        #expect(!failed.standardError.contains("checked"), "refused before checking anything")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.sarif"])
    }
}
