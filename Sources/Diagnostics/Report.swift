/// The findings for one checked file.
public struct FileReport: Sendable, Hashable {
    public var file: String
    public var diagnostics: [Diagnostic]
    /// What the file is when it is an APK or AAB (identity, signers, size); reports show it even without findings.
    public var artifact: ArtifactFacts?

    public init(file: String, diagnostics: [Diagnostic], artifact: ArtifactFacts? = nil) {
        self.file = file
        self.diagnostics = diagnostics
        self.artifact = artifact
    }

    /// A file is valid when it has no error-severity finding.
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// Counts over a whole run.
public struct ReportSummary: Sendable, Hashable, Codable {
    public var files: Int
    public var errors: Int
    public var warnings: Int

    public init(files: Int, errors: Int, warnings: Int) {
        self.files = files
        self.errors = errors
        self.warnings = warnings
    }
}

/// Everything one run found, in a deterministic file order, ready for any `Reporter`.
public struct Report: Sendable, Hashable {
    public var files: [FileReport]

    public init(files: [FileReport]) {
        self.files = files
    }

    public var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) }

    public var summary: ReportSummary {
        let all = diagnostics
        return ReportSummary(
            files: files.count,
            errors: all.count { $0.severity == .error },
            warnings: all.count { $0.severity == .warning }
        )
    }

    /// Whether the run fails: on any error, or in strict mode on any warning too.
    public func fails(strict: Bool) -> Bool {
        let summary = summary
        return summary.errors > 0 || (strict && summary.warnings > 0)
    }
}
