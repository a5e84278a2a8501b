import AndroidBuild
public import ArtifactKit
public import Diagnostics
import FileAccess
import Foundation
import ReleaseDiff

// The pieces of a run that reads an APK or AAB, shared by `check --artifact`, `plan --artifact` and `artifact
// check`: today's checker, the previous release (read once: declaration evidence, and compared by the REL rules),
// and the finding for an unreadable one.

extension ArtifactChecker {
    /// A checker for today's date (UTC) or the day `date` names (`--date`), with `targetSdk` pinning Play's
    /// requirement when given.
    public static func today(
        targetSdk: Int?, expected: String?, policy: TargetAPIPolicy = .play2026, date: String? = nil
    ) -> ArtifactChecker {
        var policy = policy
        if let targetSdk { policy.override = targetSdk }
        return ArtifactChecker(date: date ?? todayUTC, policy: policy, expectedApplicationID: expected)
    }

    /// Today's UTC date (`YYYY-MM-DD`).
    static var todayUTC: String { utcDate(secondsSince1970: Int(time(nil))) }

    /// The UTC date (`YYYY-MM-DD`) of a moment, from the C library: every `check` makes today's checker, and a
    /// calendar and time zone would load the locale data first.
    static func utcDate(secondsSince1970 seconds: Int) -> String {
        var moment = time_t(seconds)
        var parts = tm()
        gmtime_r(&moment, &parts)
        let padded = { (value: Int32, width: Int) in
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
    }

    /// The fingerprint `--upload-certificate` gives, in the form reports use; a malformed one is a one-line error.
    public static func uploadCertificate(_ text: String) throws(ProjectCheckError) -> String {
        guard let fingerprint = uploadCertificateFingerprint(text) else {
            throw .invalid(
                "--upload-certificate \(text): expected a SHA-256 fingerprint (64 hex digits, colons allowed)")
        }
        return fingerprint
    }

    /// The previous release's APK or AAB (`--previous`) as this checker reads it; a missing or unreadable one is
    /// an error naming it.
    public func previousRelease(_ path: String) throws(ProjectCheckError) -> ArtifactCheck {
        guard PathKind(path: path) == .file else { throw .notFound(path) }
        do {
            return try check(path: path)
        } catch {
            throw .unreadable(path, reason: error.description)
        }
    }

    /// This checker with the declarations `record` and the `previous` release's declarations (`--previous`) as
    /// evidence.
    public func withEvidence(previous: ArtifactCheck?, record: DeclarationRecord?) -> ArtifactChecker {
        var checker = self
        checker.declarationEvidence.record = record
        checker.declarationEvidence.previous = previous?.declarations
        return checker
    }
}

extension ArtifactCheck {
    /// This artifact's reports (`artifact check`), with what the REL rules find against the `previous` release's
    /// artifact (`--previous`): a versionCode not above its (REL001), another applicationId (REL002).
    public func reports(after previous: ArtifactCheck?) -> [FileReport] {
        guard let previous, !files.isEmpty else { return files }
        let comparison = ReleaseComparison(
            reference: nil, current: AndroidBuildModel(root: "", modules: []), artifact: ArtifactRelease(self),
            previousArtifact: ArtifactRelease(previous))
        var reports = files
        reports[0].diagnostics.insert(contentsOf: ReleaseRules.diagnostics(comparison), at: 0)
        return reports
    }
}

extension ArtifactRelease {
    /// What the REL rules compare of an artifact: its path, its manifest's entry, applicationId and versionCode.
    init(_ check: ArtifactCheck) {
        self.init(
            file: check.files.first?.file ?? "", manifest: check.manifestEntry, applicationID: check.manifest.package,
            versionCode: check.manifest.versionCode)
    }
}

extension FileReport {
    /// An artifact that could not be read, as a PRJ001 finding on its path, so every report format names it.
    public init(unreadableArtifact file: String, _ error: any Error) {
        self.init(
            file: file,
            diagnostics: [ProjectRules.unreadable.rule.diagnostic(file: file, "cannot read the artifact: \(error)")],
            unreadable: "cannot read the artifact: \(error)")
    }
}

extension ProjectConfiguration {
    /// Reads the `playprep.yml` at `path`: a missing or unreadable file or a configuration error in one line.
    /// `project`: the repository's own file is not read through a link out of it.
    public static func read(_ path: String, within project: String? = nil) throws(ProjectCheckError)
        -> ProjectConfiguration
    {
        let bytes: [UInt8]
        do {
            bytes = try FileReader(maxBytes: 1 << 20, within: project.flatMap(ProjectBoundary.init(root:))).read(path)
        } catch {
            throw error == .notFound ? .notFound(path) : .unreadable(path, reason: error.description)
        }
        do {
            return try ProjectConfiguration.parse(bytes: bytes, file: path)
        } catch {
            throw .invalid(error.description)
        }
    }
}
