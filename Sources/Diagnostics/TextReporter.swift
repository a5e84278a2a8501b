/// Human-readable report: findings grouped under their file, a summary line last.
///
/// ```
/// res/drawable/button.9.png
///   error[NP003] top border (5,0): pixel 0x80000000 (black, alpha 128) is not a tick colour
///     hint: ticks must be exactly opaque black 0xFF000000 …
/// 1 file checked: 1 error, 0 warnings
/// ```
/// Files without findings are listed only when `listCleanFiles` is set. Colour uses ANSI escapes and is off
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
        for file in report.files where listCleanFiles || !file.diagnostics.isEmpty {
            out += render(file)
        }
        out += summaryLine(report.summary) + "\n"
        return out
    }

    /// One file's block. A file with a single finding that has no location (an unreadable file, say) takes
    /// one line: `path: error[PNG001]: …`.
    public func render(_ file: FileReport) -> String {
        if file.diagnostics.count == 1, let only = file.diagnostics.first, Self.describe(only.location) == nil {
            return paint(file.file, .bold) + ": " + headline(only) + "\n" + hintLine(only, indent: "  ")
        }
        return paint(file.file, .bold) + (file.diagnostics.isEmpty ? paint("  ok", .green) : "") + "\n"
            + renderDiagnostics(file.diagnostics)
    }

    /// The findings alone, indented, each with its hint on the following line.
    public func renderDiagnostics(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { "  " + headline($0) + "\n" + hintLine($0, indent: "    ") }.joined()
    }

    private func hintLine(_ diagnostic: Diagnostic, indent: String) -> String {
        diagnostic.hint.map { indent + paint("hint:", .cyan) + " " + $0 + "\n" } ?? ""
    }

    private func headline(_ diagnostic: Diagnostic) -> String {
        let color: Style = switch diagnostic.severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
        var line = paint("\(diagnostic.severity.rawValue)[\(diagnostic.ruleID)]", color)
        if let place = Self.describe(diagnostic.location) {
            line += " " + place
        }
        return line + ": " + diagnostic.message
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
        let counts = "\(files) checked: \(paint(errors, summary.errors > 0 ? .red : .green)), "
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
