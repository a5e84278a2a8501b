import Foundation
import TestSupport
import Testing

@testable import Diagnostics

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The CI formats: SARIF 2.1.0, JUnit XML, GitHub workflow commands and GitLab Code Quality.
@Suite struct CIReporterTests {
    let report = Report(files: [
        FileReport(
            file: "res/drawable/a b.9.png",
            diagnostics: [
                Diagnostic(
                    ruleID: "NP003", severity: .error, file: "res/drawable/a b.9.png", location: .pixel(x: 5, y: 0),
                    message: "top border x=5: 50% grey, not <black> & \"red\"", hint: "use 0xFF000000,\nnot grey"),
                Diagnostic(
                    ruleID: "NP103", severity: .warning, file: "res/drawable/a b.9.png",
                    location: .pixel(x: 6, y: 8), message: "end only"),
            ]),
        FileReport(file: "res/drawable/b.9.png", diagnostics: []),
        FileReport(
            file: "title.txt",
            diagnostics: [
                Diagnostic(
                    ruleID: "TXT001", severity: .warning, file: "title.txt", location: .text(line: 2, column: 4),
                    message: "control \u{1} character"),
                Diagnostic(
                    ruleID: "TXT011", severity: .note, file: "title.txt", location: .text(line: 3), message: "near"),
            ]),
    ])
    let catalog = RuleCatalog([
        Rule("NP003", "invalid-frame-color", .error, "Frame colours.", why: "aapt2 refuses it."),
        Rule("TXT011", "near-limit", .warning, "Room.", why: "Advice.", optIn: true),
    ])

    // MARK: GitHub

    @Test func githubLinesFollowTheWorkflowCommandSyntax() throws {
        let lines = GitHubReporter().render(report).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let command = try Regex(
            #"^::(error|warning|notice) file=[^,:\n]+(,line=\d+(,col=\d+)?)?,title=[A-Z]+[0-9]+::[^\n\r]+$"#)
        for line in lines.dropLast() { #expect(line.wholeMatch(of: command) != nil, "\(line)") }
        #expect(
            lines[0] == "::error file=res/drawable/a b.9.png,title=NP003::pixel (5,0): top border x=5: 50%25 grey, "
                + "not <black> & \"red\"%0Ahint: use 0xFF000000,%0Anot grey")
        // A control character is shown (`ConsoleText`), not handed to the runner.
        #expect(lines[2] == #"::warning file=title.txt,line=2,col=4,title=TXT001::control \u{1} character"#)
        #expect(lines[3] == "::notice file=title.txt,line=3,title=TXT011::near")
        #expect(lines[4] == "3 files checked: 1 error, 2 warnings, 1 note")
    }

    @Test func githubPropertiesEscapeColonsAndCommas() {
        let odd = Report(files: [
            FileReport(
                file: "a,b:c.png",
                diagnostics: [
                    Diagnostic(ruleID: "IMG001", severity: .error, file: "a,b:c.png", message: "m")
                ])
        ])
        #expect(GitHubReporter().render(odd).hasPrefix("::error file=a%2Cb%3Ac.png,title=IMG001::m\n"))
    }

    // MARK: JUnit

    #if canImport(FoundationXML)
        func parse(_ xml: String) throws -> XMLElement {
            try #require(try XMLDocument(xmlString: xml).rootElement())
        }

        @Test func junitHasOneTestCasePerFileAndFailsOnErrors() throws {
            let root = try parse(JUnitReporter().render(report))
            #expect(root.name == "testsuites")
            #expect(root.attribute(forName: "tests")?.stringValue == "3")
            #expect(root.attribute(forName: "failures")?.stringValue == "1")
            let cases = root.elements(forName: "testsuite").first?.elements(forName: "testcase") ?? []
            #expect(
                cases.map { $0.attribute(forName: "name")?.stringValue } == [
                    "res/drawable/a b.9.png", "res/drawable/b.9.png", "title.txt",
                ])
            let failure = try #require(cases[0].elements(forName: "failure").first)
            #expect(failure.attribute(forName: "type")?.stringValue == "NP003")
            #expect(
                failure.attribute(forName: "message")?.stringValue == "top border x=5: 50% grey, not <black> & \"red\"")
            // A line break inside a hint is shown: the XML's line breaks are the reporter's own.
            #expect(failure.stringValue?.contains(#"hint: use 0xFF000000,\u{A}not grey"#) == true)
            #expect(cases[0].elements(forName: "system-out").first?.stringValue == "warning[NP103] (6,8): end only")
            #expect(cases[1].children == nil || cases[1].children?.isEmpty == true)
            // A control character (which XML 1.0 could not carry either) is shown, as on a console.
            #expect(
                cases[2].elements(forName: "system-out").first?.stringValue?.contains(#"control \u{1} character"#)
                    == true)
        }

        @Test func junitInStrictModeFailsOnWarningsToo() throws {
            let root = try parse(JUnitReporter(strict: true).render(report))
            #expect(root.attribute(forName: "failures")?.stringValue == "2")
        }
    #endif

    // MARK: SARIF

    func sarif() throws -> [String: Any] {
        let text = SARIFReporter(catalog: catalog, toolVersion: "9.9.9").render(report)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func sarifDescribesRulesAndLocatesFindings() throws {
        let log = try sarif()
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "playprep")
        #expect(driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["NP003", "NP103", "TXT001", "TXT011"])
        #expect((rules[0]["shortDescription"] as? [String: Any])?["text"] as? String == "Frame colours.")
        #expect((rules[0]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
        #expect((rules[0]["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect((rules[3]["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == false)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "warning", "note"])
        #expect(results.map { $0["ruleIndex"] as? Int } == [0, 1, 2, 3])
        let location = { (index: Int) in
            ((results[index]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        }
        #expect((location(0)?["artifactLocation"] as? [String: Any])?["uri"] as? String == "res/drawable/a%20b.9.png")
        // An image finding is at the file's first line for code scanning; its pixel is in the properties.
        #expect((location(0)?["region"] as? [String: Any])?["startLine"] as? Int == 1)
        #expect((location(0)?["region"] as? [String: Any])?["startColumn"] == nil)
        #expect(
            results.allSatisfy { result in
                ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
                    != nil
            })
        #expect((results[0]["properties"] as? [String: Any])?["pixelX"] as? Int == 5)
        #expect(((results[0]["message"] as? [String: Any])?["text"] as? String)?.contains("(at pixel 5,0)") == true)
        #expect((location(2)?["region"] as? [String: Any])?["startLine"] as? Int == 2)
        #expect((location(2)?["region"] as? [String: Any])?["startColumn"] as? Int == 4)
    }

    @Test(
        .enabled(
            if: TestPython.withJSONSchema != nil,
            "no Python with the jsonschema package (set PLAYPREP_PYTHON or create .venv-oracle)"))
    func sarifValidatesAgainstTheOfficialSchema() throws {
        let python = try #require(TestPython.withJSONSchema)
        let text = SARIFReporter(catalog: catalog, toolVersion: "1.0").render(report)
        let result = try TestPython.run(
            python, ["-c", TestPython.validateJSONSchema, TestPython.sarifSchema.path], input: text)
        #expect(result.status == 0, "\(result.output)")
        // The validator does reject a broken log.
        let broken = try TestPython.run(
            python, ["-c", TestPython.validateJSONSchema, TestPython.sarifSchema.path],
            input: text.replacingOccurrences(of: "\"2.1.0\"", with: "\"2.0\""))
        #expect(broken.status == 1)
    }

    // MARK: GitLab Code Quality

    func codeQuality(_ report: Report) throws -> [[String: Any]] {
        let text = CodeClimateReporter().render(report)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test func codeQualityIssuesCarryRuleSeverityAndLocation() throws {
        let issues = try codeQuality(report)
        #expect(issues.map { $0["check_name"] as? String } == ["NP003", "NP103", "TXT001", "TXT011"])
        #expect(issues.map { $0["severity"] as? String } == ["major", "minor", "minor", "info"])
        let location = { (index: Int) in issues[index]["location"] as? [String: Any] }
        let line = { (index: Int) in (location(index)?["lines"] as? [String: Any])?["begin"] as? Int }
        #expect(location(0)?["path"] as? String == "res/drawable/a b.9.png")
        #expect(line(0) == 1, "image findings sit on line 1")
        #expect((issues[0]["description"] as? String)?.hasPrefix("pixel (5,0): top border x=5") == true)
        #expect((issues[0]["description"] as? String)?.hasSuffix(". Fix: use 0xFF000000,\nnot grey") == true)
        #expect(line(2) == 2)
    }

    @Test func codeQualityFingerprintsAreStableUniqueAndIgnoreTheLocation() throws {
        let first = try codeQuality(report).compactMap { $0["fingerprint"] as? String }
        #expect(first.count == 4)
        #expect(Set(first).count == 4)
        #expect(first.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(try codeQuality(report).compactMap { $0["fingerprint"] as? String } == first, "same on every run")

        // The same finding moved to another line or pixel keeps its fingerprint; another message does not.
        var moved = report
        moved.files[2].diagnostics[0].location = .text(line: 9, column: 1)
        moved.files[0].diagnostics[1].location = .pixel(x: 1, y: 1)
        #expect(try codeQuality(moved).compactMap { $0["fingerprint"] as? String } == first)
        var reworded = report
        reworded.files[2].diagnostics[0].message = "another"
        #expect(try codeQuality(reworded).compactMap { $0["fingerprint"] as? String }[2] != first[2])

        // Two identical findings in one file still get distinct fingerprints.
        let twice = Diagnostic(
            ruleID: "TXT012", severity: .warning, file: "./t.txt", location: .text(line: 1), message: "caps")
        let repeated = try codeQuality(Report(files: [FileReport(file: "./t.txt", diagnostics: [twice, twice])]))
        #expect(Set(repeated.compactMap { $0["fingerprint"] as? String }).count == 2)
        #expect((repeated[0]["location"] as? [String: Any])?["path"] as? String == "t.txt")
    }

    @Test func sha256MatchesTheStandardTestVectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(
        .enabled(
            if: TestPython.withJSONSchema != nil,
            "no Python with the jsonschema package (set PLAYPREP_PYTHON or create .venv-oracle)"))
    func codeQualityValidatesAgainstGitLabsDocumentedFields() throws {
        let python = try #require(TestPython.withJSONSchema)
        let text = CodeClimateReporter().render(report)
        let schema = TestPython.codeQualitySchema.path
        let result = try TestPython.run(python, ["-c", TestPython.validateJSONSchema, schema], input: text)
        #expect(result.status == 0, "\(result.output)")
        let broken = try TestPython.run(
            python, ["-c", TestPython.validateJSONSchema, schema],
            input: text.replacingOccurrences(of: "\"minor\"", with: "\"warning\""))
        #expect(broken.status == 1)
    }
}
