/// Human-readable report: findings grouped under their file, a summary line last.
///
/// ```
/// res/drawable/button.9.png
///   error[NP003] top border (5,0): pixel 0x80000000 (black, alpha 128) is not a tick colour
///     hint: ticks must be exactly opaque black 0xFF000000 …
/// 1 file checked: 1 error, 0 warnings
/// ```
/// Files without findings are listed only when `listCleanFiles` is set; an APK or AAB always has its identity line. Colour uses ANSI escapes and is off
/// unless asked for (the CLI turns it on for a terminal without `NO_COLOR`).
public struct TextReporter: Reporter {
    public var useColor: Bool
    public var listCleanFiles: Bool

    public init(useColor: Bool = false, listCleanFiles: Bool = false) {
        self.useColor = useColor
        self.listCleanFiles = listCleanFiles
    }

    public func render(_ report: Report) -> String {
        var out = ""
        for file in report.files where listCleanFiles || !file.diagnostics.isEmpty || file.artifact != nil {
            append(file, to: &out)
        }
        out += summaryLine(report.summary) + "\n"
        return out
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
        out += paint(file.file, .bold)
        // An artifact's identity line, then its findings: `release.apk: org.example.app 42 (1.4.2) … · 4.2 MB`.
        if let artifact = file.artifact {
            out += ": " + artifact.identityLine + "\n"
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
        out += paint("\(diagnostic.severity.rawValue)[\(diagnostic.ruleID)]", color)
        if let place = Self.describe(diagnostic.location) {
            out += " "
            out += place
        }
        out += ": "
        out += diagnostic.message
        out += "\n"
    }

    private func appendHint(_ diagnostic: Diagnostic, indent: String, to out: inout String) {
        guard let hint = diagnostic.hint else { return }
        out += indent
        out += paint("hint:", .cyan)
        out += " "
        out += hint
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

    /// `N files checked: E errors, W warnings`.
    public func summaryLine(_ summary: ReportSummary) -> String {
        let files = summary.files == 1 ? "1 file" : "\(summary.files) files"
        let errors = summary.errors == 1 ? "1 error" : "\(summary.errors) errors"
        let warnings = summary.warnings == 1 ? "1 warning" : "\(summary.warnings) warnings"
        let counts =
            "\(files) checked: \(paint(errors, summary.errors > 0 ? .red : .green)), "
            + paint(warnings, summary.warnings > 0 ? .yellow : .green)
        return counts
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
