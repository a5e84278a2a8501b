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
        let started = ContinuousClock.now
        if let problem = PathProblem.asFolder(projectDirectory) {
            throw CLIError.invalidArgument(Self.explain(problem))
        }
        var configuration = try Self.configuration(
            projectDirectory: projectDirectory, config: config, versionCode: versionCode, properties: properties)
        if aapt1 { configuration.aapt1Compatibility = true }
        if let expected = expectation.expected { configuration.expectedApplicationID = expected }
        if allChangelogs { configuration.listingOptions.checksAllChangelogs = true }
        configuration.rules = report.selection(configuration.rules)
        if artifact == nil, previousRelease.previous != nil {
            throw CLIError.invalidArgument("--previous compares two artifacts: give this release's with --artifact")
        }
        var artifactChecker = try previousRelease.evidence(
            for: ArtifactChecker.today(
                targetSdk: nil, expected: configuration.expectedApplicationID, policy: configuration.targetAPIPolicy),
            record: configuration.declarationRecord)
        artifactChecker.uploadCertificate = try upload.fingerprint() ?? configuration.uploadCertificate
        var artifactFailure: FileReport?
        let artifactCheck = try artifact.flatMap { file -> ArtifactCheck? in
            if let problem = PathProblem.asFile(file) { throw CLIError.invalidArgument(problem.description) }
            do {
                return try artifactChecker.check(path: file)
            } catch {
                // The project is still checked; the report names the artifact and the run fails.
                Console.standardError.write("playprep: error: \(file): \(error)\n")
                artifactFailure = FileReport(unreadableArtifact: file, error)
                return nil
            }
        }
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: projectDirectory)
        try refuseOutputsOverInputs(inventory, listingRoots: configuration.listingRoots.map(\.path))
        var lines = [String]()
        if !inventory.looseNinePatchFiles.isEmpty {
            lines.append(
                "playprep: \(inventory.looseNinePatchFiles.count) .9.png files outside res/ folders were not checked; "
                    + "run playprep ninepatch check \(projectDirectory)")
        }
        if inventory.isEmpty && configuration.listingRoots.isEmpty && artifact == nil && !allowEmpty {
            Console.standardError.write(lines.map { $0 + "\n" }.joined())
            throw CLIError.invalidArgument(
                "nothing to check in \(projectDirectory) (looked for settings.gradle(.kts)/build.gradle(.kts), "
                    + "listing folders, res/*/…9.png); --allow-empty accepts that")
        }
        if let buildRoot = ProjectDiscovery.enclosingBuild(of: projectDirectory) {
            lines.append(
                "playprep: checking one module: \(projectDirectory) is inside the Gradle build at \(buildRoot) "
                    + "(playprep check \(buildRoot) checks all of it)")
        }
        let checker = ProjectChecker(
            configuration: configuration,
            ninePatchChecker: limits.checker(
                detail: .geometry, badPatchTolerance: lints.tolerance(configured: configuration.badPatchTolerance)),
            jobs: parallelism.jobs)
        let progress = ProgressLine.forStandardError()
        let run = checker.run(inventory, artifact: artifactCheck) { done, total in
            progress?.show("checking NinePatches \(done)/\(total)")
        }
        var result = run.report
        if let artifactFailure { result = Report(files: [artifactFailure] + result.files) }
        progress?.clear()

        if let writeBaseline {
            let recorded = Baseline(report: result, relative: inventory.relative)
            do {
                try OutputTarget(path: writeBaseline).write(recorded.json)
            } catch {
                throw CLIError.cannotWrite(writeBaseline, reason: error.description)
            }
            Console.standardError.write(
                "playprep: recorded \(recorded.entries.count) known problems in \(writeBaseline)\n")
            return
        }
        if let baseline {
            let known: Baseline
            do {
                known = try Baseline.load(baseline)
            } catch {
                throw CLIError.invalidArgument(error.description)
            }
            (result, result.baseline) = known.filter(result, relative: inventory.relative, file: baseline)
        }
        let elapsed = ContinuousClock.now - started
        let counted = { (count: Int, one: String, many: String) in "\(count) \(count == 1 ? one : many)" }
        var note =
            "checked \(counted(inventory.ninePatchFiles.count, "NinePatch", "NinePatches")), "
            + "\(counted(inventory.buildFiles.count, "build file", "build files")) "
            + "(\(counted(run.releaseVariantCount, "release variant", "release variants"))) and "
            + "\(counted(run.listings.count, "listing", "listings")) in "
            + elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
        if let suppressed = result.baseline?.suppressed, suppressed > 0 {
            note += "; \(suppressed) known problems ignored (baseline)"
        }
        lines += ["playprep: \(note)"] + run.listings.map { "playprep: listing \($0)" }
        if !run.listings.isEmpty {
            lines.append(
                "playprep: a tree is judged by Play's rules only where the repository shows its upload "
                    + "(\(counted(run.ciFiles.count, "CI file", "CI files")) read); "
                    + "see `playprep plan` for why")
        }
        if let use = result.baseline {
            if use.version < Baseline.currentVersion {
                lines.append(
                    "playprep: \(use.file) is a version \(use.version) baseline; --write-baseline rewrites it as version "
                        + "\(Baseline.currentVersion), whose entries survive moved pixels and lines")
            }
            if let stale = use.staleLine { lines.append("playprep: \(stale)") }
        }
        if let artifact, let facts = artifactCheck?.facts {
            lines.append("playprep: artifact \(artifact): \(facts.identityLine)")
        }
        if !run.withheld.isEmpty {
            let rules = run.withheld.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            let count = run.withheld.values.reduce(0, +)
            lines.append(
                "playprep: \(counted(count, "finding", "findings")) of opt-in rules not shown "
                    + "(\(rules.joined(separator: ", "))); --enable RULE shows them")
        }
        Console.standardError.write(lines.joined(separator: "\n") + "\n")
        try report.finish(
            with: result,
            badPatchTolerance: checker.ninePatchChecker.parser.badPatchTolerance
                ?? NinePatchLints.defaultBadPatchTolerance,
            header: ReportHeader(
                project: projectDirectory, date: reportDate.formatted(.iso8601), releaseVariants: run.releaseVariants,
                listings: run.listings))
    }

    /// Now, or `SOURCE_DATE_EPOCH` (seconds) when set, so reports can be reproduced byte for byte.
    private var reportDate: Date {
        ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init).map {
            Date(timeIntervalSince1970: $0)
        } ?? Date()
    }

    /// playprep.yml (or `config`) with the flags `check` and `plan` share folded in; listing roots must exist.
    static func configuration(projectDirectory: String, config: String?, versionCode: Int?, properties: [String])
        throws -> ProjectConfiguration
    {
        var configuration = try loadConfiguration(projectDirectory: projectDirectory, config: config)
        if let versionCode {
            configuration.listingOptions.versionCode = versionCode
            configuration.listingOptions.requiresReleaseNotes = true
        }
        for property in properties {
            guard let equals = property.firstIndex(of: "="), equals != property.startIndex else {
                throw CLIError.invalidArgument("-P \(property): expected NAME=VALUE")
            }
            configuration.gradleProperties[String(property[..<equals])] = String(
                property[property.index(after: equals)...])
        }
        for root in configuration.listingRoots {
            let path = (projectDirectory as NSString).appendingPathComponent(root.path)
            guard PathKind(path: path) == .folder else {
                throw CLIError.invalidArgument(
                    "listing root '\(root.path)' (playprep.yml listing.roots): \(path): no such folder")
            }
        }
        return configuration
    }

    private static func loadConfiguration(projectDirectory: String, config: String?) throws -> ProjectConfiguration {
        guard let path = configurationPath(projectDirectory: projectDirectory, config: config) else {
            return ProjectConfiguration()
        }
        return try readConfiguration(path, explicit: config != nil)
    }

    /// `--config`, else PROJECT_DIR/playprep.yml when it exists.
    static func configurationPath(projectDirectory: String, config: String?) -> String? {
        let defaultPath = (projectDirectory as NSString).appendingPathComponent("playprep.yml")
        return config ?? (PathKind(path: defaultPath) == .file ? defaultPath : nil)
    }

    /// The one line for a project path that is not a readable folder; for a file, the command that checks it.
    static func explain(_ problem: PathProblem) -> String {
        guard case .isFile(let path) = problem else { return problem.description }
        let name = path.lowercased()
        let command: String
        if name.hasSuffix(".9.png") {
            command = "playprep ninepatch check \(path)"
        } else if name.hasSuffix(".apk") || name.hasSuffix(".aab") {
            command = "playprep artifact check \(path)"
        } else if name.hasSuffix(".txt") {
            command = "playprep listing check on its listing folder (fastlane/metadata/android, src/main/play)"
        } else if name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") || name.hasSuffix(".xml") {
            command = "playprep package check \(path), or playprep check on its project folder"
        } else {
            return "\(path): is a file; check takes a project folder"
        }
        return "\(path): is a file; check takes a project folder (for this file, run \(command))"
    }

    /// Refuses, before anything is written, a `--output` or `--write-baseline` that would replace a file this run
    /// reads: the project's build, fastlane and listing files and NinePatches, the configuration, the artifact and
    /// the baseline (which `--write-baseline` may update in place).
    private func refuseOutputsOverInputs(_ inventory: ProjectInventory, listingRoots: [String]) throws {
        var inputs = inventory.readFiles(listingRoots: listingRoots)
        if let path = Self.configurationPath(projectDirectory: projectDirectory, config: config) {
            inputs.append(InputFile(path, role: .configuration))
        }
        if let artifact { inputs.append(InputFile(artifact, role: .artifact)) }
        if let previous = previousRelease.previous { inputs.append(InputFile(previous, role: .artifact)) }
        if let writeBaseline {
            do {
                try OutputTarget(path: writeBaseline).refuse(overwriting: inputs, option: "--write-baseline")
            } catch {
                throw CLIError.invalidArgument(error.description)
            }
        }
        if let baseline { inputs.append(InputFile(baseline, role: .baseline)) }
        try report.refuse(overwriting: inputs)
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
        if due { Console.standardError.write("\r\u{1B}[K" + text) }
    }

    func clear() {
        if lastShown.withLock({ $0 != nil }) { Console.standardError.write("\r\u{1B}[K") }
    }
}
