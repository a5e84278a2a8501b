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
/// With `check --since REF` the document also has `"since"`: the release compared with, then its release
/// variants (docs/release-diff.md).
public struct JSONReporter: Reporter {
    /// `--since`'s lines: `v1.2.0 (commit 1a2b3c4d5e6f)`, then `:app release: com.example.app, versionCode 41`.
    public var comparedRelease: [String]

    public init(comparedRelease: [String] = []) {
        self.comparedRelease = comparedRelease
    }

    /// The release `--since` compared with, and its release variants as the build read them there.
    private struct Since: Encodable {
        var release: String
        var variants: [String]
    }

    public func render(_ report: Report) -> String {
        var text = [UInt8]()
        text.reserveCapacity(Self.estimatedSize(of: report))
        write(report) { text.append(contentsOf: $0) }
        return String(decoding: text, as: UTF8.self)
    }

    /// `render(report)` handed to `output` piece by piece as it is written (about 64 KiB at a time), so a report of
    /// thousands of files is never held whole: the CLI writes the pieces to standard output as they come.
    public func write(_ report: Report, to output: (UnsafeRawBufferPointer) -> Void) {
        // Written directly, not through `encode`: the encoder's generic containers once took longer than checking
        // the 5,770 files of a large run. Keys in sorted order, as `encode` sorts them; the tests compare the two.
        var json = PrettyJSONWriter(capacity: Self.pieceSize + 4096)
        json.beginObject()
        json.key("baseline")
        if let baseline = report.baseline { json.encoded(baseline) } else { json.null() }
        json.key("files")
        json.beginArray()
        for file in report.files {
            json.element()
            json.beginObject()
            if let artifact = file.artifact {
                json.key("artifact")
                json.encoded(artifact)
            }
            json.key("diagnostics")
            json.beginArray()
            for diagnostic in file.diagnostics {
                json.element()
                DiagnosticEntry(diagnostic).write(to: &json)
            }
            json.endArray()
            json.key("file")
            json.string(file.file)
            json.key("valid")
            json.bool(file.isValid)
            json.endObject()
            json.hand(over: Self.pieceSize, to: output)
        }
        json.endArray()
        // Only with `--since`, so other reports keep their shape.
        if let release = comparedRelease.first {
            json.key("since")
            json.encoded(Since(release: release, variants: Array(comparedRelease.dropFirst())))
        }
        json.key("summary")
        json.encoded(report.summary)
        json.endObject()
        json.finish(to: output)
    }

    /// How many bytes `write` gathers before handing them over.
    private static let pieceSize = 1 << 16

    /// About the bytes `render` writes: ~100 of structure per file and ~300 per finding beside their texts (the
    /// message twice, once as the fingerprint), so the text is gathered into one buffer without growing it.
    private static func estimatedSize(of report: Report) -> Int {
        report.files.reduce(1000) { size, file in
            file.diagnostics.reduce(size + 100 + file.file.utf8.count) { size, diagnostic in
                size + 300 + 2 * diagnostic.message.utf8.count + (diagnostic.hint?.utf8.count ?? 0)
                    + (diagnostic.cause?.key.utf8.count ?? 0)
            }
        }
    }

    /// Pretty-printed JSON with stable key order and unescaped slashes, shared by every JSON output of playprep,
    /// with what a terminal or the Actions runner acts on escaped inside its strings (`ConsoleText.json`).
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        // Encoding plain value types with string keys cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("null".utf8)
        return ConsoleText.json(String(decoding: data, as: UTF8.self)) + "\n"
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

    /// The same object through `PrettyJSONWriter`, keys sorted as the encoder sorts them.
    func write(to json: inout PrettyJSONWriter) {
        let location = diagnostic.location
        json.beginObject()
        json.key("cause")
        json.string(diagnostic.cause?.key)
        json.key("column")
        json.integer(location?.column)
        json.key("fingerprint")
        json.string(Fingerprint(of: diagnostic).value)
        json.key("hint")
        json.string(diagnostic.hint)
        json.key("line")
        json.integer(location?.line)
        json.key("message")
        json.string(diagnostic.message)
        json.key("related")
        json.beginArray()
        for place in diagnostic.related {
            json.element()
            json.beginObject()
            json.key("column")
            json.integer(place.location?.column)
            json.key("file")
            json.string(place.file)
            json.key("line")
            json.integer(place.location?.line)
            json.key("message")
            json.string(place.message)
            json.key("x")
            json.integer(place.location?.x)
            json.key("y")
            json.integer(place.location?.y)
            json.endObject()
        }
        json.endArray()
        json.key("rule")
        json.string(diagnostic.ruleID)
        json.key("severity")
        json.string(diagnostic.severity.rawValue)
        json.key("x")
        json.integer(location?.x)
        json.key("y")
        json.integer(location?.y)
        json.endObject()
    }
}
