/// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` line per finding
/// (`::warning`, `::notice` for the other severities), which GitHub shows as annotations on the changed files,
/// then the summary line. Image findings have no line; their pixel goes in the message. One cause in several files
/// (`FindingGroup`) is one annotation on its first file, listing the others, so a pull request does not get fifty.
/// The repository's text is made inert by `ConsoleText` before GitHub's own escaping (`%`, CR, LF), so the runner
/// reads these commands and no other.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var out = ""
        let groups = report.findingGroups
        for group in groups {
            var diagnostic = group.first
            if group.isMerged {
                diagnostic.message = group.message + "\nfiles: " + group.compactFiles
                diagnostic.location = nil
            }
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties = ["file=" + Self.escapeProperty(ConsoleText.field(diagnostic.file))]
            if let line = diagnostic.location?.line {
                properties.append("line=\(line)")
                if let column = diagnostic.location?.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + Self.escapeProperty(ConsoleText.field(diagnostic.ruleID)))
            var message = diagnostic.message
            if let x = diagnostic.location?.x, let y = diagnostic.location?.y {
                message = "pixel (\(x),\(y)): " + message
            }
            if let hint = diagnostic.hint { message += "\nhint: " + hint }
            out += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(ConsoleText.lines(message)))\n"
        }
        return out + TextReporter().summaryLine(report.summary, findings: groups.count) + "\n"
    }

    /// GitHub's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    /// GitHub's escaping of a command property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
