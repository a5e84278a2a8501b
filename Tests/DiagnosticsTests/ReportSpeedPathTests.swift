import Testing

@testable import Diagnostics

/// The fast paths of a large report (issue 34) say exactly what the plain code says: the JSON report written
/// directly against Foundation's encoder on the report's former `Encodable` shape, tidy paths and fingerprints
/// against their character-by-character definitions.
@Suite struct ReportSpeedPathTests {
    /// Text that exercises every escape and the characters that join into one `Character` with a neighbour.
    static let awkwardTexts: [String] = [
        "", "plain", "x=5…7 y=12–14 ×3 → 4", String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }),
        "quote \" backslash \\ slash / tab \t cr \r lf \n crlf \r\n12", "1\u{301}2 combining after a digit",
        "keycap 1\u{FE0F}\u{20E3} and 9\u{20E3}", "prepend \u{0600}12", "arabic digits ٣٤ and 5٦", "ZWJ 3\u{200D}4",
        "emoji 🚀 7 📷", "line separator \u{2028}9\u{2029}", "É é ü 10", "\u{FEFF}BOM 1", "a/./b//c", "«12» ’7’",
        // Escapes after whole 16-byte blocks, at a block's end and in the scalar tail.
        "0123456789abcdef\"after one block", "0123456789abcde\\", "res/drawable-xxhdpi/a_long_name_0123456789.9.png\n",
        String(repeating: "x", count: 33) + "\u{1F}" + String(repeating: "y", count: 20),
        // What `ConsoleText.json` escapes: `##[`, C1 controls, DEL and bidi controls, in a block and in the tail.
        "0123456789abcdef##[stop-commands]x", "##[", "#", "\u{85}\u{7F}\u{202E}\u{2066}\u{200F}\u{061C}ok",
    ]

    static let facts = ArtifactFacts(
        kind: "aab", applicationId: "org.example.app", versionCode: 7, versionName: "1 \"q\"", minSdk: 21,
        targetSdk: 35, compileSdk: 35, abis: [], signatureSchemes: [], signers: [], sizeBytes: 0)

    static var report: Report {
        var files = [FileReport]()
        for (index, text) in awkwardTexts.enumerated() {
            let file = "res/drawable-\(index)/\(text).9.png"
            let locations: [Location?] = [nil, .pixel(x: index, y: 0), .text(line: index + 1, column: 2)]
            files.append(
                FileReport(
                    file: file,
                    diagnostics: locations.enumerated().map { position, location in
                        Diagnostic(
                            ruleID: position == 0 ? "NP107" : "TXT001", severity: [.error, .warning, .note][position],
                            file: file, location: location, message: text, hint: position == 1 ? nil : text,
                            cause: position == 2
                                ? Cause(key: "key \(text)", subjects: "files", statement: "are bad") : nil,
                            related: position == 1
                                ? [
                                    RelatedLocation(file: file, location: location, message: text),
                                    RelatedLocation(file: "other \(text)", location: nil, message: ""),
                                ] : [])
                    }))
        }
        files.append(FileReport(file: "empty.9.png", diagnostics: []))
        files.append(FileReport(file: "release.aab", diagnostics: [], artifact: facts))
        return Report(files: files)
    }

    @Test func theJSONReportIsTheEncodersByteForByte() {
        var withBaseline = Self.report
        withBaseline.baseline = BaselineUse(
            file: "baseline.json", version: 2, suppressed: 3,
            staleEntries: [BaselineUse.StaleEntry(rule: "NP003", files: ["a\n.9.png"], message: "gone 1")])
        let cases = [
            Self.report, withBaseline, Report(files: []), Report(files: [FileReport(file: "a", diagnostics: [])]),
        ]
        for report in cases {
            #expect(JSONReporter().render(report) == JSONReporter.encode(EncoderShape(report)))
        }
    }

    @Test func tidyPathsAreTheComponentDefinition() {
        let paths =
            [
                "./a//b/./c", "a/", ".", "/", "", "./", "//x", "/./", "a/.b/..c/.", "é/./x", "a/\u{301}b", "./\u{301}",
                "/\u{301}/./a", "res/drawable/x.9.png", "/abs/path", "a//", "..", "../a/./b",
            ] + Self.awkwardTexts
        for path in paths {
            #expect(Report.tidy(path) == Self.componentTidy(path), "\(path.debugDescription)")
        }
        let messy = Report(files: [
            FileReport(
                file: "./a//b.9.png",
                diagnostics: [Diagnostic(ruleID: "NP001", severity: .error, file: "./a//b.9.png", message: "m")]),
            FileReport(
                file: "c.9.png",
                diagnostics: [Diagnostic(ruleID: "NP001", severity: .error, file: "./d//e.txt", message: "m")]),
        ])
        #expect(messy.withTidyPaths.files.map(\.file) == ["a/b.9.png", "c.9.png"])
        #expect(messy.withTidyPaths.files[0].diagnostics[0].file == "a/b.9.png")
        // A finding naming another file than its report's is tidied on its own.
        #expect(messy.withTidyPaths.files[1].diagnostics[0].file == "d/e.txt")
    }

    @Test func fingerprintsAreTheCharacterDefinition() {
        for text in Self.awkwardTexts {
            #expect(Fingerprint.normalised(text) == Fingerprint.normalisedCharacters(text), "\(text.debugDescription)")
        }
        #expect(Fingerprint.normalised("x=5…17, 1\u{301}") == "x=#…#, 1\u{301}")
    }

    /// `Report.tidy` as first written: split on `/`, drop `.` and empty components.
    static func componentTidy(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let joined = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? path : joined
    }
}

/// The JSON report's shape as `Encodable` values, as `JSONReporter` encoded it before it wrote JSON directly.
private struct EncoderShape: Encodable {
    var files: [File]
    var summary: ReportSummary
    var baseline: BaselineUse?

    init(_ report: Report) {
        files = report.files.map(File.init)
        summary = report.summary
        baseline = report.baseline
    }

    enum CodingKeys: String, CodingKey {
        case files, summary, baseline
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files, forKey: .files)
        try container.encode(summary, forKey: .summary)
        try container.encode(baseline, forKey: .baseline)
    }

    struct File: Encodable {
        var file: String
        var valid: Bool
        var diagnostics: [DiagnosticEntry]
        var artifact: ArtifactFacts?

        init(_ report: FileReport) {
            file = report.file
            valid = report.isValid
            diagnostics = report.diagnostics.map(DiagnosticEntry.init)
            artifact = report.artifact
        }
    }
}
