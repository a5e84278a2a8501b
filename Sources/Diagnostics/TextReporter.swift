/// Human-readable report: findings grouped under their file, a summary line last.
///
/// ```
/// res/drawable/button.9.png
///   error[NP003] top border (5,0): pixel 0x80000000 (black, alpha 128) is not a tick colour
///     hint: ticks must be exactly opaque black 0xFF000000 …
/// 1 file checked: 1 error, 0 warnings, 0 notes
/// ```
/// Files without findings are listed only when `listCleanFiles` is set; an APK or AAB always has its identity line. Colour uses ANSI escapes and is off
/// unless asked for (the CLI turns it on for a terminal without `NO_COLOR`). Every text from the repository goes
/// through `ConsoleText.field`, so the only escapes and line breaks are the reporter's own.
public struct TextReporter: Reporter {
    public var useColor: Bool
    public var listCleanFiles: Bool

    public init(useColor: Bool = false, listCleanFiles: Bool = false) {
        self.useColor = useColor
        self.listCleanFiles = listCleanFiles
    }

    public func render(_ report: Report) -> String {
        var out = ""
        let groups = report.findingGroups
        let merged = groups.filter(\.isMerged)
        let mergedAt = Dictionary(grouping: merged) { $0.members[0].fileIndex }
        let inMerged = Set(merged.flatMap { $0.members.map { [$0.fileIndex, $0.index] } })
        for (fileIndex, file) in report.files.enumerated() {
            let own = file.diagnostics.indices.filter { !inMerged.contains([fileIndex, $0]) }.map {
                file.diagnostics[$0]
            }
            if !own.isEmpty || (listCleanFiles && file.diagnostics.isEmpty) || file.artifact != nil {
                append(FileReport(file: file.file, diagnostics: own, artifact: file.artifact), to: &out)
            }
            for group in mergedAt[fileIndex] ?? [] { append(group, to: &out) }
        }
        out += summaryLine(report.summary, findings: groups.count) + "\n"
        return out
    }

    /// A merged group: its files written compactly, then the finding once with the group's message.
    private func append(_ group: FindingGroup, to out: inout String) {
        out += paint(ConsoleText.field(group.compactFiles), .bold)
        out += " (\(group.files.count) files)\n  "
        var shown = group.first
        shown.message = group.message
        shown.location = nil
        appendHeadline(shown, to: &out)
        appendHint(shown, indent: "    ", to: &out)
    }

    /// One file's block. A file with a single finding that has no location (an unreadable file, say) takes
    /// one line: `path: error[PNG001]: …`.
    public func render(_ file: FileReport) -> String {
        var out = ""
        append(file, to: &out)
        return out
    }

    /// The findings alone, indented, each with its hint on the following line.
    public func renderDiagnostics(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        append(diagnostics, to: &out)
        return out
    }

    // The blocks are appended to one string: a corpus report has hundreds of them.

    private func append(_ file: FileReport, to out: inout String) {
        out += paint(ConsoleText.field(file.file), .bold)
        // An artifact's identity line, then its findings: `release.apk: org.example.app 42 (1.4.2) … · 4.2 MB`.
        if let artifact = file.artifact {
            out += ": " + ConsoleText.field(artifact.identityLine) + "\n"
            append(file.diagnostics, to: &out)
            return
        }
        if file.diagnostics.count == 1, let only = file.diagnostics.first, Self.describe(only.location) == nil {
            out += ": "
            appendHeadline(only, to: &out)
            appendHint(only, indent: "  ", to: &out)
            return
        }
        if file.diagnostics.isEmpty { out += paint("  ok", .green) }
        out += "\n"
        append(file.diagnostics, to: &out)
    }

    private func append(_ diagnostics: [Diagnostic], to out: inout String) {
        for diagnostic in diagnostics {
            out += "  "
            appendHeadline(diagnostic, to: &out)
            appendHint(diagnostic, indent: "    ", to: &out)
        }
    }

    /// `severity[RULE] (x,y): message` and a line break.
    private func appendHeadline(_ diagnostic: Diagnostic, to out: inout String) {
        let color: Style =
            switch diagnostic.severity {
            case .error: .red
            case .warning: .yellow
            case .note: .cyan
            }
        out += paint("\(diagnostic.severity.rawValue)[\(ConsoleText.field(diagnostic.ruleID))]", color)
        if let place = Self.describe(diagnostic.location) {
            out += " "
            out += place
        }
        out += ": "
        out += ConsoleText.field(diagnostic.message)
        out += "\n"
    }

    private func appendHint(_ diagnostic: Diagnostic, indent: String, to out: inout String) {
        for place in diagnostic.related {
            out += indent
            out += ConsoleText.field(place.file)
            if let position = Self.describe(place.location) { out += " " + position }
            out += ": "
            out += ConsoleText.field(place.message)
            out += "\n"
        }
        guard let hint = diagnostic.hint else { return }
        out += indent
        out += paint("hint:", .cyan)
        out += " "
        out += ConsoleText.field(hint)
        out += "\n"
    }

    /// `(x,y)` for pixels, `line L[:C]` for text.
    static func describe(_ location: Location?) -> String? {
        guard let location else { return nil }
        if let x = location.x, let y = location.y { return "(\(x),\(y))" }
        if let line = location.line {
            return location.column.map { "line \(line):\($0)" } ?? "line \(line)"
        }
        return nil
    }

    /// `N files checked: E errors, W warnings, K notes` (files in the report; findings by severity, every
    /// location counted), and `, shown as F findings (one per cause)` when `findings`
    /// (the number of finding groups) is fewer than the diagnostics counted.
    public func summaryLine(_ summary: ReportSummary, findings: Int? = nil) -> String {
        let files = summary.files == 1 ? "1 file" : "\(summary.files) files"
        let errors = summary.errors == 1 ? "1 error" : "\(summary.errors) errors"
        let warnings = summary.warnings == 1 ? "1 warning" : "\(summary.warnings) warnings"
        let notes = summary.notes == 1 ? "1 note" : "\(summary.notes) notes"
        let counts =
            "\(files) checked: \(paint(errors, summary.errors > 0 ? .red : .green)), "
            + paint(warnings, summary.warnings > 0 ? .yellow : .green) + ", " + paint(notes, .cyan)
        guard let findings, findings < summary.errors + summary.warnings + summary.notes else { return counts }
        return counts + ", shown as \(findings) finding\(findings == 1 ? "" : "s") (one per cause)"
    }

    private enum Style: String {
        case bold = "1"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
