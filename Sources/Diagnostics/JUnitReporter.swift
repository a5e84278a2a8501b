/// JUnit XML as Jenkins and GitLab render it: one test case per checked file, failing when the file has a
/// finding that fails the run (errors, and warnings too in strict mode); every finding is listed in the
/// failure's text, the others in the case's `system-out`. A file that could not be read is an `<error>`.
public struct JUnitReporter: Reporter {
    /// Whether warnings fail a test case, as they fail the run with `--strict`.
    public var strict: Bool

    public init(strict: Bool = false) {
        self.strict = strict
    }

    public func render(_ report: Report) -> String {
        let unreadable = report.files.filter { $0.unreadable != nil }.count
        let failing = report.files.filter { $0.unreadable == nil && $0.diagnostics.contains(where: fails) }.count
        let counts = "tests=\"\(report.files.count)\" failures=\"\(failing)\" errors=\"\(unreadable)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"playprep\" \(counts)>\n"
        xml += "  <testsuite name=\"playprep\" \(counts) skipped=\"0\">\n"
        for file in report.files {
            xml += "    <testcase classname=\"playprep\" name=\"\(Self.escape(file.file))\""
            guard !file.diagnostics.isEmpty else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            let failures = file.diagnostics.filter(fails)
            if let reason = file.unreadable {
                xml += "      <error message=\"\(Self.escape(reason))\" type=\"unreadable-input\">"
                xml += Self.escape(lines: failures.flatMap(Self.lines)) + "</error>\n"
            } else if let first = failures.first {
                let summary = failures.count == 1 ? first.message : "\(first.message) (and \(failures.count - 1) more)"
                xml += "      <failure message=\"\(Self.escape(summary))\" type=\"\(Self.escape(first.ruleID))\">"
                xml += Self.escape(lines: failures.flatMap(Self.lines)) + "</failure>\n"
            }
            let others = file.diagnostics.filter { !fails($0) }
            if !others.isEmpty {
                xml +=
                    "      <system-out>" + Self.escape(lines: others.flatMap(Self.lines))
                    + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private func fails(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error || (strict && diagnostic.severity == .warning)
    }

    /// `severity[RULE] place: message`, and the hint as a second line.
    static func lines(_ diagnostic: Diagnostic) -> [String] {
        let place = TextReporter.describe(diagnostic.location).map { " " + $0 } ?? ""
        return ["\(diagnostic.severity.rawValue)[\(diagnostic.ruleID)]\(place): \(diagnostic.message)"]
            + (diagnostic.hint.map { ["  hint: " + $0] } ?? [])
    }

    /// `lines` escaped and joined by line breaks, the only ones in the text.
    static func escape(lines: [String]) -> String {
        lines.map(escape).joined(separator: "\n")
    }

    /// Escapes XML markup and replaces characters XML 1.0 cannot carry at all with U+FFFD, after
    /// `ConsoleText.field` (a line break in `text` is shown): the XML may be printed in a CI log.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in ConsoleText.field(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
