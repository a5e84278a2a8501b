import Diagnostics
import PlayListingKit
import Testing

/// Severity by consequence in listings: what Play refuses is an error, what users would miss a warning, and files
/// an uploader skips on purpose one note per tree.
@Suite struct SeverityByConsequenceTests {
    func findings(_ example: ListingExample, _ rule: String) throws -> [Diagnostic] {
        try example.report(displayRoot: "m").diagnostics.filter { $0.ruleID == rule }
    }

    @Test func aFinalNewlineThatTakesTextOverItsLimitIsPlaysRefusal() throws {
        let notes = String(repeating: "n", count: 500) + "\n"
        let found = try findings(
            .fastlane("500 characters and a newline", ["en-US/changelogs/7.txt": .text(notes)]).releasing(7), "TXT007")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("supply sends 501"))
        #expect(finding.location == .text(line: 1, column: 501))
        // GPP trims before it uploads: the same file is within the limit.
        let gpp = ListingExample.gpp("500 characters and a newline", ["release-notes/en-US/beta.txt": .text(notes)])
        #expect(try gpp.report(displayRoot: "m").diagnostics.isEmpty)
    }

    @Test func aMisspeltFileIsAWarningAndAnUnreadOneANote() throws {
        let example = ListingExample.fastlane(
            "a misspelt title, a generator's input in two locales",
            [
                "en-US/titel.txt": .text("Binary Eye"),
                "en-US/screenshots.yml": .text("device: pixel"),
                "de-DE/screenshots.yml": .text("device: pixel"),
            ])
        let found = try findings(example, "LAY002")
        #expect(found.filter { $0.severity == .warning }.map(\.file) == ["m/en-US/titel.txt"])
        #expect(found.first { $0.severity == .warning }?.hint == "did you mean 'title.txt'?")
        let notes = found.filter { $0.severity == .note }
        #expect(notes.count == 1, "one note per tree, not one per file")
        #expect(notes.first?.message.contains("2 files") == true)
        #expect(notes.first?.message.contains("'de-DE/screenshots.yml', 'en-US/screenshots.yml'") == true)
    }

    /// Framed screenshots with transparent surroundings in every locale: a note (no refusal is documented), and
    /// one finding for people however many files share the cause.
    @Test func translucentScreenshotsAreOneNotePerSlot() throws {
        let example = ListingExample.fastlane(
            "transparent phone screenshots in two locales",
            [
                "en-US/images/phoneScreenshots/1.png": .transparentRGBA(1080, 1920),
                "en-US/images/phoneScreenshots/2.png": .transparentRGBA(1080, 1920),
                "de-DE/title.txt": .text("Binärauge"),
                "de-DE/images/phoneScreenshots/1.png": .transparentRGBA(1080, 1920),
            ])
        let report = try example.report(displayRoot: "m")
        let found = report.diagnostics.filter { $0.ruleID == "IMG007" }
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.severity == .note })
        let lines = TextReporter().render(report).split(separator: "\n").filter { $0.contains("[IMG007]") }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("3 phone screenshots in 2 locales are partly transparent") == true, "\(lines)")
    }

    @Test func anImageSourceBesideTheUploadedImageIsANote() throws {
        // The example's base listing has images/featureGraphic.png.
        let beside = ListingExample.fastlane(
            "SVG source beside its PNG", ["en-US/images/featureGraphic.svg": .text("<svg/>")])
        #expect(try findings(beside, "LAY002").map(\.severity) == [.note])
        let alone = ListingExample.fastlane(
            "SVG where the PNG should be",
            ["en-US/images/featureGraphic.png": nil, "en-US/images/featureGraphic.svg": .text("<svg/>")])
        #expect(try findings(alone, "LAY002").map(\.severity) == [.warning])
    }

    @Test func aScreenshotPlayAcceptsBeyondTheDocumentedRatioIsNotReportedByDefault() throws {
        let example = ListingExample.fastlane(
            "1080x2340 screenshots",
            [
                "en-US/images/phoneScreenshots/1.png": .png(1080, 2340),
                "en-US/images/phoneScreenshots/2.png": .png(1080, 2340),
            ])
        let report = try example.report(displayRoot: "m")
        let aspect = { (report: Report) in report.diagnostics.filter { $0.ruleID == "IMG013" } }
        #expect(aspect(report).map(\.severity) == [.note, .note])
        let catalog = RuleCatalog(PlayListingRules.all)
        let (shown, withheld) = RuleSelection().apply(to: report, catalog: catalog)
        #expect(aspect(shown).isEmpty)
        #expect(withheld["IMG013"] == 2)
        var enabled = RuleSelection()
        enabled.enable(["IMG013"])
        #expect(aspect(enabled.apply(to: report, catalog: catalog).report).count == 2)
    }
}
