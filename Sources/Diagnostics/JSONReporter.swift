#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// The machine-readable report (`--format json`; README, "Reports for CI"):
/// `{"files": [{"file", "valid", "diagnostics": [{"rule", "severity", "message", "x", "y", "line", "column", "hint",
///   "cause", "fingerprint"}]}], "summary": {"files", "errors", "warnings", "notes"}, "baseline"}`. Absent
/// locations, hints, causes and baselines are `null`, never missing; every location is listed (no grouping).
/// An APK or AAB's entry also has `"artifact"`: its ``ArtifactFacts`` (README, "The artifact's identity").
/// With `check --since REF` the document also has `"since"`: the release compared with, then its release
/// variants (docs/release-diff.md).
public struct JSONReporter: Reporter {
    /// `--since`'s lines: `v1.2.0 (commit 1a2b3c4d5e6f)`, then `:app release: com.example.app, versionCode 41`.
    public var comparedRelease: [String]

    public init(comparedRelease: [String] = []) {
        self.comparedRelease = comparedRelease
    }

    public func render(_ report: Report) -> String {
        var document = Document(
            files: report.files.map(FileEntry.init), summary: report.summary, baseline: report.baseline)
        document.since = comparedRelease.first.map { Since(release: $0, variants: Array(comparedRelease.dropFirst())) }
        return JSONReporter.encode(document)
    }

    /// The release `--since` compared with, and its release variants as the build read them there.
    private struct Since: Encodable {
        var release: String
        var variants: [String]
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
        /// Only with `--since`, so other reports keep their shape.
        var since: Since? = nil

        enum CodingKeys: String, CodingKey {
            case files, summary, baseline, since
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(files, forKey: .files)
            try container.encode(summary, forKey: .summary)
            try container.encode(baseline, forKey: .baseline)
            try container.encodeIfPresent(since, forKey: .since)
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
        case rule, severity, message, x, y, line, column, hint, cause, fingerprint
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
    }
}
