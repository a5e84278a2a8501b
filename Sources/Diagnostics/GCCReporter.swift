/// Compiler-style lines (`--format gcc`), as gcc and clang print them, for VS Code problem matchers, Emacs'
/// compilation-mode and vim's quickfix: `path:line:col: error|warning|note: message [RULE]`, one per location
/// (every file of a grouped cause gets its own line, as an editor jumps to each), then the summary line.
///
/// Lines and columns are 1-based. A text finding gives its line and column (column 1 when it names only the
/// line); a pixel (x, y) gives `y+1:x+1`, row as line and column as column, so an image viewer's 0-based
/// coordinates are one less; a finding on the whole file gives `1:1`, since problem matchers need a line. A line
/// break in a message is a space; every other control character is shown by `ConsoleText.field`.
public struct GCCReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var out = ""
        for diagnostic in report.diagnostics {
            let (line, column) = Self.position(diagnostic.location)
            out += "\(ConsoleText.field(diagnostic.file)):\(line):\(column): \(diagnostic.severity.rawValue): "
            out += ConsoleText.field(diagnostic.message.replacingAll("\n", with: " "))
            out += " [\(ConsoleText.field(diagnostic.ruleID))]\n"
        }
        return out + TextReporter().summaryLine(report.summary) + "\n"
    }

    /// The 1-based line and column of `location`.
    static func position(_ location: Location?) -> (line: Int, column: Int) {
        if let x = location?.x, let y = location?.y { return (y + 1, x + 1) }
        if let line = location?.line { return (line, location?.column ?? 1) }
        return (1, 1)
    }
}
