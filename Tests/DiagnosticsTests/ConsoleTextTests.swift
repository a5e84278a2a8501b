import Diagnostics
import Foundation
import Testing

/// `ConsoleText`, the one escaper of what reaches a terminal or a CI log, and every reporter through it: text from
/// the repository can neither forge nor hide a command of the GitHub Actions runner, nor steer a terminal, and
/// ordinary text comes out as it went in.
@Suite struct ConsoleTextTests {
    /// Every kind of hostile text the attack used, with a forged summary after a line break.
    static let hostile =
        "x\r::error file=README.md::forged\n  ::warning::forged\u{1B}[2J\u{1B}]8;;https://example.invalid/\u{07}link"
        + "\u{1B}]8;;\u{07}\u{202E}evil\u{2066}\u{85}\u{7F}##[stop-commands]T\n##[add-mask]x\n"
        + "20 files checked: 0 errors, 0 warnings, 0 notes"

    /// The commands the runner takes from `text`: lines split at LF, CRLF and a bare CR; a line whose trimmed
    /// start is `::`, and every `##[` in a line.
    static func runnerCommands(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }
        ).flatMap { line -> [String] in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let legacy = line.components(separatedBy: "##[").dropFirst().map { "##[" + $0 }
            return (trimmed.hasPrefix("::") ? [String(line)] : []) + legacy
        }
    }

    /// Whether `text` holds a scalar a terminal acts on, LF aside.
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && ConsoleText.isInert($0) }
    }

    @Test func aFieldShowsEveryControlAndBidiCharacterAndBreaksTheRunnersPrefixes() {
        #expect(
            ConsoleText.field("a\nb\rc\u{1B}[31md\u{7F}\u{85}\u{202E}\u{2067}\u{200F}\u{061C}")
                == #"a\u{A}b\u{D}c\u{1B}[31md\u{7F}\u{85}\u{202E}\u{2067}\u{200F}\u{61C}"#)
        #expect(ConsoleText.field("docs##[stop-commands]X") == ##"docs#\#[stop-commands]X"##)
        #expect(ConsoleText.field("###[x") == ##"##\#[x"##)
        #expect(ConsoleText.field("::error file=a::b") == #":\:error file=a::b"#)
        #expect(ConsoleText.field(" \u{A0}::x") == #" "# + "\u{A0}" + #":\:x"#)
        #expect(ConsoleText.field("a ::b") == "a ::b")
        let inert = ConsoleText.field(Self.hostile)
        #expect(!inert.contains("\n") && Self.runnerCommands(inert).isEmpty && !Self.hasRawControl(inert))
    }

    @Test func linesKeepTheirBreaksAndEveryLineStartIsInert() {
        #expect(ConsoleText.lines("one\n::error::x\n  ::y\nz ::w\n") == "one\n:\\:error::x\n  :\\:y\nz ::w\n")
        let inert = ConsoleText.lines(Self.hostile)
        #expect(inert.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        #expect(Self.runnerCommands(inert).isEmpty && !Self.hasRawControl(inert))
    }

    @Test func ordinaryTextIsReturnedAsItIs() {
        for text in [
            "res/drawable-hdpi/button.9.png", "top border (5,0): pixel 0x80000000 is not a tick colour",
            "Titre trop long — 52 caractères sur 50…", "see docs/rules.md#np003 and issue #47", "C:\\ and a::b",
            "日本語のタイトル", "مرحبا", "",
        ] {
            #expect(ConsoleText.lines(text) == text)
            #expect(ConsoleText.json(text) == text)
        }
        #expect(ConsoleText.lines("a\ttab") == #"a\u{9}tab"#)
    }

    @Test func jsonTextDecodesToTheSameStringsWithNothingTheRunnerTakes() throws {
        let encoded = JSONReporter.encode(["message": Self.hostile, "file": "docs##[stop-commands]X/title.txt"])
        #expect(Self.runnerCommands(encoded).isEmpty && !Self.hasRawControl(encoded))
        #expect(encoded.contains(#"docs#\u0023[stop-commands]X"#))
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(encoded.utf8))
        #expect(decoded == ["message": Self.hostile, "file": "docs##[stop-commands]X/title.txt"])
    }

    static let report = Report(files: [
        FileReport(
            file: "docs##[stop-commands]X/fastlane/metadata/android/en-US\n::error file=a::b/title.txt",
            diagnostics: [
                Diagnostic(
                    ruleID: "TXT001", severity: .error, file: "docs##[stop-commands]X/title.txt",
                    location: Location(line: 1), message: Self.hostile, hint: Self.hostile,
                    related: [RelatedLocation(file: "a\n::error::x", location: nil, message: Self.hostile)])
            ]),
        FileReport(
            file: "res/drawable/\u{1B}]8;;x\u{07}b\r\n::warning::y.9.png",
            diagnostics: [
                Diagnostic(
                    ruleID: "NP003", severity: .warning, file: "res/drawable/\u{1B}]8;;x\u{07}b\r\n::warning::y.9.png",
                    location: Location(x: 1, y: 0), message: "##[add-mask]secret")
            ]),
    ])

    @Test func everyTextReporterShowsHostileTextInertOnItsOwnLines() {
        let catalog = RuleCatalog([])
        for (name, output) in [
            ("text", TextReporter().render(Self.report)),
            ("text colour", TextReporter(useColor: true).render(Self.report)),
            ("gcc", GCCReporter().render(Self.report)), ("junit", JUnitReporter().render(Self.report)),
            ("html", HTMLReporter(catalog: catalog, toolVersion: "1").render(Self.report)),
        ] {
            #expect(Self.runnerCommands(output).isEmpty, "\(name)")
            let uncoloured = output.replacingOccurrences(
                of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
            #expect(!Self.hasRawControl(uncoloured), "\(name)")
            #expect(!output.contains("\n20 files checked"), "\(name)")
        }
        let text = TextReporter().render(Self.report)
        #expect(text.hasSuffix("\n2 files checked: 1 error, 1 warning, 0 notes\n"))
        #expect(text.split(separator: "\n").count == 7)
    }

    @Test func theGitHubFormatHoldsOnlyItsOwnAnnotations() {
        let output = GitHubReporter().render(Self.report)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("::error file=docs#\\#[stop-commands]X/title.txt,line=1,title=TXT001::x\\u{D}"))
        #expect(
            lines[1].hasPrefix("::warning file=res/drawable/\\u{1B}]8;;x\\u{7}b\\u{D}\\u{A}%3A%3Awarning%3A%3Ay.9.png"))
        #expect(Self.runnerCommands(output) == lines[0...1].map(String.init))
        #expect(!output.contains("##[") && !Self.hasRawControl(output))
    }

    @Test func jsonSARIFAndCodeQualityDecodeToTheRepositorysText() throws {
        let catalog = RuleCatalog([])
        // ReportSpeedPathTests holds the streamed writer to the encoder's bytes, these texts among others.
        let streamed = JSONReporter().render(Self.report)
        for output in [
            streamed, SARIFReporter(catalog: catalog, toolVersion: "1").render(Self.report),
            CodeClimateReporter().render(Self.report),
        ] {
            #expect(Self.runnerCommands(output).isEmpty && !Self.hasRawControl(output))
            let decoded = try JSONSerialization.jsonObject(with: Data(output.utf8))
            #expect("\(decoded)".contains("stop-commands"))
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(streamed.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == Self.report.files.map(\.file))
        let first = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["message"] as? String == Self.hostile)
    }
}
