import Diagnostics
import Foundation
import Testing

@Suite struct ReporterTests {
    let report = Report(files: [
        FileReport(
            file: "res/drawable/a.9.png",
            diagnostics: [
                Diagnostic(
                    ruleID: "NP003", severity: .error, file: "res/drawable/a.9.png", location: .pixel(x: 5, y: 0),
                    message: "top border x=5: bad", hint: "fix it"),
                Diagnostic(
                    ruleID: "NP103", severity: .warning, file: "res/drawable/a.9.png", location: .pixel(x: 6, y: 8),
                    message: "end only"),
            ]),
        FileReport(file: "res/drawable/b.9.png", diagnostics: []),
        FileReport(
            file: "res/drawable/c.9.png",
            diagnostics: [
                Diagnostic(
                    ruleID: "PNG001", severity: .error, file: "res/drawable/c.9.png",
                    message: "file is empty, not a PNG")
            ]),
        FileReport(
            file: "title.txt",
            diagnostics: [
                Diagnostic(
                    ruleID: "TXT001", severity: .warning, file: "title.txt", location: .text(line: 2, column: 4),
                    message: "long")
            ]),
    ])

    @Test func summaryAndExitDecision() {
        #expect(report.summary == ReportSummary(files: 4, errors: 2, warnings: 2))
        #expect(report.fails(strict: false))
        let warningsOnly = Report(files: [report.files[3]])
        #expect(!warningsOnly.fails(strict: false))
        #expect(warningsOnly.fails(strict: true))
        #expect(report.files[1].isValid)
    }

    @Test func textGroupsByFileAndPutsLonelyFileErrorsOnOneLine() {
        let text = TextReporter().render(report)
        #expect(
            text == """
                res/drawable/a.9.png
                  error[NP003] (5,0): top border x=5: bad
                    hint: fix it
                  warning[NP103] (6,8): end only
                res/drawable/c.9.png: error[PNG001]: file is empty, not a PNG
                title.txt
                  warning[TXT001] line 2:4: long
                4 files checked: 2 errors, 2 warnings, 0 notes

                """)
        #expect(!text.contains("\u{1B}["))
        #expect(TextReporter(useColor: true).render(report).contains("\u{1B}[31merror[NP003]"))
        #expect(TextReporter(listCleanFiles: true).render(report).contains("res/drawable/b.9.png  ok"))
    }

    @Test func jsonHasTheDesignShapeWithNulls() throws {
        let json = JSONReporter().render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["files": 4, "errors": 2, "warnings": 2, "notes": 0])
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["valid"] as? Bool } == [false, true, false, true])
        let first = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["rule"] as? String == "NP003")
        #expect(first["severity"] as? String == "error")
        #expect(first["x"] as? Int == 5 && first["y"] as? Int == 0)
        #expect(first["line"] is NSNull)
        #expect(first["hint"] as? String == "fix it")
        let lonely = try #require((files[2]["diagnostics"] as? [[String: Any]])?.first)
        #expect(lonely["x"] is NSNull && lonely["hint"] is NSNull)
    }

    @Test func gccGivesOneBasedLineAndColumnForPixelsAndText() {
        #expect(
            GCCReporter().render(report) == """
                res/drawable/a.9.png:1:6: error: top border x=5: bad [NP003]
                res/drawable/a.9.png:9:7: warning: end only [NP103]
                res/drawable/c.9.png:1:1: error: file is empty, not a PNG [PNG001]
                title.txt:2:4: warning: long [TXT001]
                4 files checked: 2 errors, 2 warnings, 0 notes

                """)
    }

    @Test func pathsAreTidiedAsTheUserWouldWriteThem() {
        let messy = Report(files: [
            FileReport(
                file: "./app//src/./x.png",
                diagnostics: [Diagnostic(ruleID: "NP003", severity: .error, file: "./app//src/./x.png", message: "m")])
        ])
        #expect(messy.withTidyPaths.files.map(\.file) == ["app/src/x.png"])
        #expect(messy.withTidyPaths.diagnostics.map(\.file) == ["app/src/x.png"])
        let absolute = Report(files: [FileReport(file: "//tmp//p/x.png", diagnostics: [])])
        #expect(absolute.withTidyPaths.files.map(\.file) == ["/tmp/p/x.png"])
    }

    @Test func severityOrder() {
        #expect(Severity.note < .warning && Severity.warning < .error)
    }
}
