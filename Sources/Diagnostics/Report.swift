#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The findings for one checked file.
public struct FileReport: Sendable, Hashable {
    public var file: String
    public var diagnostics: [Diagnostic]
    /// What the file is when it is an APK or AAB (identity, signers, size); reports show it even without findings.
    public var artifact: ArtifactFacts? {
        get { artifactStorage?.facts }
        set { artifactStorage = newValue.map(ArtifactStorage.init) }
    }
    /// `artifact` behind one reference: a run holds thousands of reports (one per NinePatch) that are moved and
    /// copied whole, and the facts, which only an APK or AAB has, would make each one several times larger.
    private var artifactStorage: ArtifactStorage?
    /// Why the file could not be read at all, when it could not (its findings then say so too): JUnit reports it
    /// as an `<error>` and SARIF as a tool execution notification, not as a problem found in the file.
    public var unreadable: String?

    public init(file: String, diagnostics: [Diagnostic], artifact: ArtifactFacts? = nil, unreadable: String? = nil) {
        self.file = file
        self.diagnostics = diagnostics
        self.artifactStorage = artifact.map(ArtifactStorage.init)
        self.unreadable = unreadable
    }

    /// A file is valid when it has no error-severity finding.
    public var isValid: Bool { !diagnostics.contains { $0.severity == .error } }
}

/// The artifact facts of one `FileReport`, never changed in place (a new value replaces the reference).
private final class ArtifactStorage: Sendable, Hashable {
    let facts: ArtifactFacts

    init(_ facts: ArtifactFacts) {
        self.facts = facts
    }

    static func == (lhs: ArtifactStorage, rhs: ArtifactStorage) -> Bool { lhs.facts == rhs.facts }

    func hash(into hasher: inout Hasher) { hasher.combine(facts) }
}

/// Counts over a whole run: files, and diagnostics by severity (every location, as JSON lists them).
public struct ReportSummary: Sendable, Hashable, Codable {
    public var files: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int

    public init(files: Int, errors: Int, warnings: Int, notes: Int = 0) {
        self.files = files
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }
}

/// Everything one run found, in a deterministic file order, ready for any `Reporter`.
public struct Report: Sendable, Hashable {
    public var files: [FileReport]
    /// What `--baseline` did, when one was used.
    public var baseline: BaselineUse?

    public init(files: [FileReport], baseline: BaselineUse? = nil) {
        self.files = files
        self.baseline = baseline
    }

    public var diagnostics: [Diagnostic] { files.flatMap(\.diagnostics) }

    public var summary: ReportSummary {
        var summary = ReportSummary(files: files.count, errors: 0, warnings: 0, notes: 0)
        for file in files {
            for diagnostic in file.diagnostics {
                switch diagnostic.severity {
                case .error: summary.errors += 1
                case .warning: summary.warnings += 1
                case .note: summary.notes += 1
                }
            }
        }
        return summary
    }

    /// The report with only its errors (`--quiet`): every file stays, so the summary still counts them.
    public var errorsOnly: Report {
        var report = self
        report.files = files.map { file in
            var file = file
            file.diagnostics = file.diagnostics.filter { $0.severity == .error }
            return file
        }
        return report
    }

    /// Whether the run fails: on any error, in strict mode on any warning too, and with `maxWarnings` (ESLint's
    /// `--max-warnings`, detekt's `maxIssues`) on more warnings than that.
    public func fails(strict: Bool, maxWarnings: Int? = nil) -> Bool {
        let summary = summary
        return summary.errors > 0 || (strict && summary.warnings > 0)
            || maxWarnings.map { summary.warnings > $0 } == true
    }
}

/// What a baseline did in one run: the findings it absorbed and the entries that no longer occur, so the
/// baseline can shrink (text says it on standard error, JSON in its `baseline` member).
public struct BaselineUse: Sendable, Hashable, Codable {
    /// An entry no finding matched any more: fixed, or changed beyond its fingerprint.
    public struct StaleEntry: Sendable, Hashable, Codable {
        public var rule: String
        public var files: [String]
        public var message: String

        public init(rule: String, files: [String], message: String) {
            self.rule = rule
            self.files = files
            self.message = message
        }
    }

    /// The baseline file as the user named it.
    public var file: String
    /// The format version it was written in.
    public var version: Int
    /// How many findings it absorbed.
    public var suppressed: Int
    public var staleEntries: [StaleEntry]

    public init(file: String, version: Int, suppressed: Int, staleEntries: [StaleEntry]) {
        self.file = file
        self.version = version
        self.suppressed = suppressed
        self.staleEntries = staleEntries
    }

    /// `2 baseline entries no longer occur; rewrite the baseline with --write-baseline`, or `nil` when all occur.
    public var staleLine: String? {
        switch staleEntries.count {
        case 0: nil
        case 1: "1 baseline entry no longer occurs; rewrite the baseline with --write-baseline"
        case let count: "\(count) baseline entries no longer occur; rewrite the baseline with --write-baseline"
        }
    }
}

extension Report {
    /// The report with every file path as the user would write it: no leading `./` and no `//` or `/./` inside
    /// (`./app//src/./x.png` is `app/src/x.png`), the same in every format. Paths that are already tidy (nearly
    /// all) are left as they are, without building new strings or copying the lists that hold them.
    public var withTidyPaths: Report {
        var tidy = self
        for index in tidy.files.indices {
            let file = tidy.files[index].file
            let tidyFile = Self.tidied(file)
            if let tidyFile { tidy.files[index].file = tidyFile }
            for diagnostic in tidy.files[index].diagnostics.indices {
                // Most findings name their own file's path, already judged.
                let path = tidy.files[index].diagnostics[diagnostic].file
                if let tidyPath = path == file ? tidyFile : Self.tidied(path) {
                    tidy.files[index].diagnostics[diagnostic].file = tidyPath
                }
            }
        }
        return tidy
    }

    /// `path` without empty and `.` components (a lone `.` stays).
    static func tidy(_ path: String) -> String {
        tidied(path) ?? path
    }

    /// `tidy(path)` when that differs from `path`; `nil` when `path` is already tidy.
    private static func tidied(_ path: String) -> String? {
        guard !isTidy(path) else { return nil }
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        let tidy = absolute ? "/" + joined : (joined.isEmpty ? path : joined)
        return tidy == path ? nil : tidy
    }

    /// Whether `tidy` would return `path` unchanged because no component between its slashes is empty or `.`
    /// (a leading slash excepted): slashes are found with `memchr`, and each component is judged by its length
    /// and first byte. A slash that a combining mark joins into one character only makes `tidy`'s components
    /// longer, so a path tidy by bytes is tidy by characters too.
    private static func isTidy(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
            var componentStart = 0
            while true {
                let rest = UnsafeRawPointer(base + componentStart)
                let slash: UnsafeMutableRawPointer? = memchr(
                    rest, Int32(UInt8(ascii: "/")), bytes.count - componentStart)
                let end = slash.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                let length = end - componentStart
                let isDot = length == 1 && base[componentStart] == UInt8(ascii: ".")
                guard slash != nil else { return length > 0 && !isDot }
                if (length == 0 && end > 0) || isDot { return false }
                componentStart = end + 1
            }
        }
    }
}
