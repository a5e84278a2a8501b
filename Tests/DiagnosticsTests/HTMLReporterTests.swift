import Diagnostics
import Testing

/// The HTML report's markup: escaping, grouping, illustrations and the summary.
@Suite struct HTMLReporterTests {
    let report = Report(files: [
        FileReport(
            file: "res/<a>.9.png",
            diagnostics: [
                Diagnostic(
                    ruleID: "NP003", severity: .error, file: "res/<a>.9.png", location: .pixel(x: 5, y: 0),
                    message: "grey & \"black\"", hint: "use <black>")
            ]),
        FileReport(file: "ok.9.png", diagnostics: []),
        FileReport(
            file: "title.txt",
            diagnostics: [
                Diagnostic(
                    ruleID: "TXT001", severity: .error, file: "title.txt", location: .text(line: 1, column: 4),
                    message: "too long"),
                Diagnostic(ruleID: "TXT011", severity: .note, file: "title.txt", message: "near"),
            ]),
    ])
    let catalog = RuleCatalog([
        Rule("NP003", "invalid-frame-color", .error, "Frame <colours>.", why: "aapt2 refuses it.")
    ])

    func render(_ illustrations: [FindingKey: Illustration] = [:]) -> String {
        HTMLReporter(catalog: catalog, illustrations: illustrations, toolVersion: "1.2.3").render(report)
    }

    @Test func everythingFromTheReportIsEscaped() {
        let html = render()
        #expect(html.contains("<h3>res/&lt;a&gt;.9.png</h3>"))
        #expect(html.contains("<p class=\"message\">grey &amp; &quot;black&quot;</p>"))
        #expect(html.contains("<b>Fix:</b> use &lt;black&gt;"))
        #expect(html.contains("Frame &lt;colours&gt;."))
        #expect(!html.contains("<a>"))
    }

    @Test func summaryRulesAndFilesAreListed() {
        let html = render()
        #expect(html.contains("3 files checked, 2 with findings"))
        #expect(html.contains("data-severity=\"error\" data-count=\"2\""))
        #expect(html.contains("data-severity=\"note\" data-count=\"1\""))
        #expect(html.contains("<tr data-rule=\"NP003\">"))
        #expect(html.contains("<a href=\"#finding-2-0\">title.txt line 1, column 4</a>"))
        #expect(html.contains("id=\"finding-0-0\" data-rule=\"NP003\" data-severity=\"error\""))
        #expect(
            html.contains("<details class=\"clean\"><summary>1 file without findings</summary><ul><li>ok.9.png</li>"))
    }

    @Test func illustrationsAreEmbedded() {
        let html = render([
            FindingKey(file: "res/<a>.9.png", index: 0): Illustration(
                caption: "the <pixel>", content: .picture(png: [1, 2, 3], width: 4, height: 5)),
            FindingKey(file: "title.txt", index: 0): Illustration(
                caption: "over",
                content: .excerpt(
                    TextExcerpt(
                        lines: [TextExcerpt.Line(number: 1, text: "ab<é🚀x", highlighted: 3..<5)], omittedLines: 2))),
        ])
        #expect(
            html.contains(
                "<img class=\"picture\" width=\"4\" height=\"5\" alt=\"the &lt;pixel&gt;\" src=\"data:image/png;base64,AQID\">"
            ))
        #expect(html.contains("<span class=\"line-number\">1</span>ab&lt;<mark>é🚀</mark>x\n"))
        #expect(html.contains("… 2 more lines"))
        #expect(html.components(separatedBy: "<img ").count == 2)
    }
}
