/// GitLab Code Quality (a subset of the Code Climate engine spec): a JSON array with one issue per finding,
/// which GitLab shows in merge requests when the file is uploaded as `artifacts:reports:codequality`.
///
/// Each issue has `description` (the message and its hint; an image finding names its pixel, as GitLab has no
/// pixel coordinates), `check_name` (the rule id), `fingerprint`, `severity` and `location` (`path` and
/// `lines.begin`; image and file-level findings use line 1).
///
/// **Fingerprints** are the SHA-256 of the rule id, the file's path and the message, so a finding keeps its
/// fingerprint when it moves to another line (GitLab then shows it as unchanged, not as fixed plus new); the
/// n-th repeat of the same rule, path and message in one report also hashes `n`, so every issue's fingerprint is
/// unique. Messages that name a pixel or a length change with them: such a finding is a new issue when it
/// changes, as it is for the baseline. A leading `./` is dropped from paths, which are as the command was given
/// them (relative to the repository when playprep runs at its root, as in CI).
///
/// **Severity**: note → `info`, warning → `minor`, error → `major`. GitLab reserves `critical` and `blocker`
/// for crashes and security problems; an error here fails the build or the upload, the middle of its scale.
public struct CodeClimateReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var occurrences = [String: Int]()
        let issues = report.diagnostics.map { diagnostic in
            let path = Self.path(diagnostic.file)
            let key = [diagnostic.ruleID, path, diagnostic.message].joined(separator: "\u{0}")
            let repeated = occurrences[key, default: 0]
            occurrences[key] = repeated + 1
            let fingerprint = SHA256.hex(Array((repeated == 0 ? key : key + "\u{0}\(repeated)").utf8))
            return Issue(diagnostic, path: path, fingerprint: fingerprint)
        }
        return JSONReporter.encode(issues)
    }

    /// Code Quality's severity for a playprep severity.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }

    private static func path(_ file: String) -> String {
        file.hasPrefix("./") ? String(file.dropFirst(2)) : file
    }

    private struct Issue: Encodable {
        let type = "issue"
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: IssueLocation

        enum CodingKeys: String, CodingKey {
            case type, description
            case checkName = "check_name"
            case fingerprint, severity, location
        }

        init(_ diagnostic: Diagnostic, path: String, fingerprint: String) {
            var text = diagnostic.message
            if let x = diagnostic.location?.x, let y = diagnostic.location?.y { text = "pixel (\(x),\(y)): " + text }
            if let hint = diagnostic.hint { text += ". Fix: " + hint }
            description = text
            checkName = diagnostic.ruleID
            self.fingerprint = fingerprint
            severity = CodeClimateReporter.severity(diagnostic.severity)
            location = IssueLocation(path: path, lines: Lines(begin: diagnostic.location?.line ?? 1))
        }
    }

    private struct IssueLocation: Encodable {
        var path: String
        var lines: Lines
    }

    private struct Lines: Encodable {
        var begin: Int
    }
}
