import ArgumentParser
import ArtifactKit
import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import ProjectCheck
import Synchronization

/// `playprep check [PROJECT_DIR]`: everything in an Android project, for CI.
struct CheckProject: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a whole Android project: every NinePatch, package name and Play listing.",
        discussion: """
            Reads the Gradle build (modules, variants, applicationIds, versionCodes) and judges what ships: the \
            applicationIds of release variants by Play's rules, each listing as its store reads it (a fastlane tree \
            is judged by Play's rules only where the repository shows its upload: a CI step running the uploader, \
            GPP applied to its module; a lane nothing runs gives warnings; else it is F-Droid's; `playprep plan` \
            says why; GPP trees merged per variant; the changelog of the release being made), and every NinePatch and resource file name. Skips build/, \
            hidden folders and the config's excludes. Reads PROJECT_DIR/playprep.yml when present (or --config).
            """
    )

    @Argument(help: "The project folder (default: the current folder).")
    var projectDirectory = "."

    @Option(help: "Configuration file (default: PROJECT_DIR/playprep.yml when it exists).")
    var config: String?

    @Option(help: "Ignore the known problems recorded in this baseline file.")
    var baseline: String?

    @Option(help: "Record every current problem in this baseline file and exit 0.")
    var writeBaseline: String?

    @Flag(help: "Exit 0 when the folder holds nothing to check (no Gradle build, listing or NinePatch).")
    var allowEmpty = false

    @Flag(help: "Also report what aapt (v1) would reject (NP201).")
    var aapt1 = false

    @OptionGroup var expectation: ExpectOption

    @Option(help: "The version code being released: its changelog is checked and must exist (default: the build's).")
    var versionCode: Int?

    @Option(
        help: ArgumentHelp(
            "The APK or AAB being released: judged with the project, and its versionCode's release notes must exist and fit.",
            valueName: "FILE"))
    var artifact: String?

    @OptionGroup var previousRelease: PreviousReleaseOption

    @OptionGroup var comparedRelease: SinceOption

    @OptionGroup var day: DateOption

    @OptionGroup var upload: UploadCertificateOption

    @Flag(help: "Check every changelog, not only the one uploaded for the release.")
    var allChangelogs = false

    @Option(
        name: .customShort("P"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A Gradle property the build scripts read, as Gradle's -PNAME=VALUE.", valueName: "NAME=VALUE"))
    var properties: [String] = []

    @OptionGroup var report: ReportOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var lints: LintOptions
    @OptionGroup var parallelism: JobsOption

    func run() throws {
        var request = ProjectCheckRequest(projectDirectory: projectDirectory)
        request.configurationFile = config
        request.versionCode = versionCode
        request.gradleProperties = properties
        request.expectedApplicationID = expectation.expected
        request.aapt1Compatibility = aapt1
        request.checksAllChangelogs = allChangelogs
        (request.enabledRules, request.disabledRules) = (report.enabledIDs, report.disabledIDs)
        request.artifact = artifact
        request.previousArtifact = previousRelease.previous
        request.since = comparedRelease.since
        request.date = day.date
        request.uploadCertificate = upload.uploadCertificate
        request.baseline = baseline
        request.writeBaseline = writeBaseline
        request.reportOutput = report.output
        request.allowsEmpty = allowEmpty
        request.ninePatchChecker = limits.checker(detail: .geometry, badPatchTolerance: lints.badPatchTolerance)
        request.jobs = parallelism.jobs
        let progress = ProgressLine.forStandardError()
        let outcome: ProjectCheckOutcome
        do {
            outcome = try request.run { done, total in progress?.show("checking NinePatches \(done)/\(total)") }
        } catch {
            progress?.clear()
            Console.standardError.write(lines: error.lines)
            throw CLIError(error.error)
        }
        progress?.clear()
        if let recorded = outcome.recordedBaseline {
            Console.standardError.write(lines: outcome.lines)
            do {
                try OutputTarget(path: recorded.file).write(recorded.json)
            } catch {
                throw CLIError.cannotWrite(recorded.file, reason: error.description)
            }
            Console.standardError.write(
                line: "playprep: recorded \(recorded.entries) known problems in \(recorded.file)")
            return
        }
        // An unreadable artifact is in the report; a text report on the console says it, other formats need the line.
        let artifactError = report.isTextOnStandardOutput ? [] : outcome.artifactError.map { [$0] } ?? []
        // --quiet keeps the line that says an input could not be read, and drops what only informs.
        Console.standardError.write(lines: artifactError + (report.quiet ? [] : outcome.lines))
        try report.finish(
            with: outcome.report, badPatchTolerance: outcome.badPatchTolerance,
            header: ReportHeader(
                project: projectDirectory, date: reportDate.formatted(.iso8601),
                releaseVariants: outcome.releaseVariants, listings: outcome.listings,
                comparedRelease: outcome.comparedRelease))
    }

    /// Now, or `SOURCE_DATE_EPOCH` (seconds) when set, so reports can be reproduced byte for byte.
    private var reportDate: Date {
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map {
            Date(timeIntervalSince1970: $0)
        } ?? Date()
    }
}

/// A single self-overwriting status line on standard error, only when it is a terminal and not in CI.
final class ProgressLine: Sendable {
    private let lastShown = Mutex<ContinuousClock.Instant?>(nil)

    static func forStandardError() -> ProgressLine? {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(2) == 1, environment["CI"] == nil else { return nil }
        return ProgressLine()
    }

    /// Shows `text`, at most ten times a second.
    func show(_ text: String) {
        let now = ContinuousClock.now
        let due = lastShown.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        if due { Console.standardError.write(rendered: "\r\u{1B}[K" + ConsoleText.field(text)) }
    }

    func clear() {
        if lastShown.withLock({ $0 != nil }) { Console.standardError.write(rendered: "\r\u{1B}[K") }
    }
}
