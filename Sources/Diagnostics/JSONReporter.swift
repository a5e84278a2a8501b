#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The machine-readable report (`--format json`; README, "Reports for CI"):
/// `{"files": [{"file", "valid", "diagnostics": [{"rule", "severity", "message", "x", "y", "line", "column", "hint",
///   "cause", "fingerprint", "related"}]}], "summary": {"files", "errors", "warnings", "notes"}, "baseline"}`. Absent
/// locations, hints, causes and baselines are `null`, never missing; every location is listed (no grouping);
/// `related` lists the places a finding stands for (`[]` for most), each `{"file", "line", "column", "x", "y",
/// "message"}`.
/// An APK or AAB's entry also has `"artifact"`: its ``ArtifactFacts`` (README, "The artifact's identity").
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        let document = Document(
            files: report.files.map(FileEntry.init), summary: report.summary, baseline: report.baseline)
        return JSONReporter.encode(document)
    }

    /// Pretty-printed JSON with stable key order and unescaped slashes, shared by every JSON output of playprep.
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        // Encoding plain value types with string keys cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var files: [FileEntry]
        var summary: ReportSummary
        var baseline: BaselineUse?

        enum CodingKeys: String, CodingKey {
            case files, summary, baseline
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(files, forKey: .files)
            try container.encode(summary, forKey: .summary)
            try container.encode(baseline, forKey: .baseline)
        }
    }

    private struct FileEntry: Encodable {
        var file: String
        var valid: Bool
        var diagnostics: [DiagnosticEntry]
        /// Only on an artifact's entry, so other reports keep their shape.
        var artifact: ArtifactFacts?

        init(_ report: FileReport) {
            file = report.file
            valid = report.isValid
            diagnostics = report.diagnostics.map(DiagnosticEntry.init)
            artifact = report.artifact
        }
    }
}

/// One diagnostic as JSON; also used by `ninepatch inspect --format json`.
public struct DiagnosticEntry: Encodable, Sendable {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, x, y, line, column, hint, cause, fingerprint, related
    }

    private struct Related: Encodable {
        var place: RelatedLocation

        private enum CodingKeys: String, CodingKey {
            case file, line, column, x, y, message
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(place.file, forKey: .file)
            try container.encode(place.location?.line, forKey: .line)
            try container.encode(place.location?.column, forKey: .column)
            try container.encode(place.location?.x, forKey: .x)
            try container.encode(place.location?.y, forKey: .y)
            try container.encode(place.message, forKey: .message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(diagnostic.ruleID, forKey: .rule)
        try container.encode(diagnostic.severity, forKey: .severity)
        try container.encode(diagnostic.message, forKey: .message)
        try container.encode(diagnostic.location?.x, forKey: .x)
        try container.encode(diagnostic.location?.y, forKey: .y)
        try container.encode(diagnostic.location?.line, forKey: .line)
        try container.encode(diagnostic.location?.column, forKey: .column)
        try container.encode(diagnostic.hint, forKey: .hint)
        try container.encode(diagnostic.cause?.key, forKey: .cause)
        try container.encode(Fingerprint(of: diagnostic), forKey: .fingerprint)
        try container.encode(diagnostic.related.map(Related.init), forKey: .related)
    }
}
