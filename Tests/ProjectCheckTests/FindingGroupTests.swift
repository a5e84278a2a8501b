import Diagnostics
import Foundation
import Testing

@testable import PlayListingKit
@testable import ProjectCheck

/// One finding per cause: 36 phone screenshots of one size in 12 locales are one finding for people (text, GitHub,
/// HTML) and one baseline entry, while JSON and SARIF keep all 36 locations.
@Suite struct FindingGroupTests {
    static let locales = [
        "ar", "da-DK", "de-DE", "en-US", "es-ES", "fi-FI", "fr-FR", "it-IT", "ja-JP", "nl-NL", "pt-BR", "sv-SE",
    ]

    /// A fastlane tree whose 12 locales each hold three 1080x2340 phone screenshots (2.17:1, IMG013).
    static func listing() throws -> Report {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grouping-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        for locale in locales {
            let images = root.appendingPathComponent("\(locale)/images/phoneScreenshots")
            try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
            try "Example".write(
                to: root.appendingPathComponent("\(locale)/title.txt"), atomically: true, encoding: .utf8)
            for index in 1...3 {
                try Data(SyntheticImage.pngHeader(width: 1080, height: 2340)).write(
                    to: images.appendingPathComponent("\(index).png"))
            }
        }
        return try ListingChecker().check(
            DirectoryFileSource(root: root), options: ListingOptions(layout: .fastlane, store: .play),
            displayRoot: "metadata")
    }

    @Test func thirtySixScreenshotsInTwelveLocalesAreOneFinding() throws {
        let report = try Self.listing()
        #expect(report.diagnostics.count { $0.ruleID == "IMG013" } == 36)

        let text = TextReporter().render(report)
        let lines = text.split(separator: "\n").filter { $0.contains("[IMG013]") }
        #expect(
            lines == [
                "  note[IMG013]: 36 phone screenshots in 12 locales are 1080x2340, 2.17:1; Play documents at most 2.00:1"
            ])
        #expect(
            text.contains(
                "metadata/{\(Self.locales.joined(separator: ","))}/images/phoneScreenshots/{1.png,2.png,3.png} (36 files)"
            ))

        let html = HTMLReporter(catalog: RuleCatalog([]), toolVersion: "0").render(report)
        #expect(html.ranges(of: "data-rule=\"IMG013\" data-severity=\"note\">").count == 1)
        #expect(html.contains("<p class=\"files\"><b>Files:</b> <code>metadata/{ar,da-DK,"))

        let github = GitHubReporter().render(report).split(separator: "\n").filter { $0.contains("title=IMG013") }
        #expect(github.count == 1)

        let baseline = Baseline(report: report, relative: { $0 }, catalog: .playprep)
        let entries = baseline.entries.filter { $0.rule == "IMG013" }
        #expect(entries.count == 1)
        #expect(entries.first?.files.count == 36)
        #expect(entries.first?.fingerprint == Fingerprint("phoneScreenshots 1080x2340"))
        #expect(baseline.filter(report, relative: { $0 }, file: "b.json").report.diagnostics.isEmpty)
    }

    @Test func jsonAndSARIFKeepEveryLocation() throws {
        let report = try Self.listing()
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let diagnostics = (json["files"] as? [[String: Any]] ?? []).flatMap {
            $0["diagnostics"] as? [[String: Any]] ?? []
        }
        #expect(diagnostics.count { $0["cause"] as? String == "phoneScreenshots 1080x2340" } == 36)

        let sarif = try #require(
            try JSONSerialization.jsonObject(
                with: Data(SARIFReporter(catalog: RuleCatalog([]), toolVersion: "0").render(report).utf8))
                as? [String: Any])
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let grouped = results.filter { $0["ruleId"] as? String == "IMG013" }
        #expect(grouped.count == 1)
        #expect((grouped.first?["relatedLocations"] as? [Any])?.count == 36)
        #expect(
            (grouped.first?["partialFingerprints"] as? [String: String])?["playprep/v1"] == "phoneScreenshots 1080x2340"
        )
    }

    @Test func filesThatAreNotEveryCombinationAreListedPerFolder() {
        let files = ["a/x/1.png", "a/x/2.png", "a/y/1.png", "b.png"]
        let report = Report(
            files: files.map { file in
                FileReport(
                    file: file,
                    diagnostics: [
                        Diagnostic(
                            ruleID: "IMG013", severity: .warning, file: file, message: "m",
                            cause: Cause(key: "k", subjects: "screenshots", statement: "are odd"))
                    ])
            })
        #expect(report.findingGroups.count == 1)
        let group = report.findingGroups[0]
        #expect(group.compactFiles == "a/x/{1.png,2.png}, a/y/1.png, b.png")
        #expect(group.message == "4 screenshots are odd")
    }
}
