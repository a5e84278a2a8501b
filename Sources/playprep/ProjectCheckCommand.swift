import ArgumentParser
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
            Finds res/drawable*, res/mipmap* and res/raw* images, module build files and manifests, and listings \
            (fastlane/metadata/android, metadata/android, <module>/src/<set>/play), skipping build/, hidden \
            folders and the config's excludes. Reads PROJECT_DIR/playprep.yml when present (or --config).
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

    @Flag(help: "Also report what aapt (v1) would reject (NP201).")
    var aapt1 = false

    @OptionGroup var report: ReportOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var lints: LintOptions
    @OptionGroup var parallelism: JobsOption

    func run() throws {
        let started = ContinuousClock.now
        guard PathKind(path: projectDirectory) == .folder else { throw CLIError.inputNotFound(projectDirectory) }
        var configuration = try loadConfiguration()
        if aapt1 { configuration.aapt1Compatibility = true }
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: projectDirectory)
        let checker = ProjectChecker(
            configuration: configuration,
            ninePatchChecker: limits.checker(
                detail: .geometry, badPatchTolerance: lints.tolerance(configured: configuration.badPatchTolerance)),
            jobs: parallelism.jobs)
        let progress = ProgressLine.forStandardError()
        var result = checker.check(inventory) { done, total in progress?.show("checking NinePatches \(done)/\(total)") }
        progress?.clear()

        if let writeBaseline {
            let recorded = Baseline(report: result, relative: inventory.relative)
            do {
                try AtomicFile(path: writeBaseline).write(recorded.json)
            } catch {
                throw CLIError.cannotWrite(writeBaseline, reason: error.description)
            }
            Console.standardError.write("playprep: recorded \(recorded.entries.count) known problems in \(writeBaseline)\n")
            return
        }
        var suppressed = 0
        if let baseline {
            let known: Baseline
            do {
                known = try Baseline.load(baseline)
            } catch {
                throw CLIError.unreadable(baseline, reason: error.description)
            }
            (result, suppressed) = known.filter(result, relative: inventory.relative)
        }
        let elapsed = ContinuousClock.now - started
        let counted = { (count: Int, one: String, many: String) in "\(count) \(count == 1 ? one : many)" }
        var note = "checked \(counted(inventory.ninePatchFiles.count, "NinePatch", "NinePatches")), "
            + "\(counted(inventory.buildFiles.count, "build file", "build files")) and "
            + "\(counted(inventory.listings.count, "listing", "listings")) in "
            + elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
        if suppressed > 0 { note += "; \(suppressed) known problems ignored (baseline)" }
        Console.standardError.write("playprep: \(note)\n")
        try report.finish(with: result)
    }

    private func loadConfiguration() throws -> ProjectConfiguration {
        let defaultPath = (projectDirectory as NSString).appendingPathComponent("playprep.yml")
        guard let path = config ?? (PathKind(path: defaultPath) == .file ? defaultPath : nil) else {
            return ProjectConfiguration()
        }
        do {
            let bytes = try FileReader(maxBytes: 1 << 20).read(path)
            return try ProjectConfiguration.parse(String(decoding: bytes, as: UTF8.self), file: path)
        } catch let error as FileReadError {
            throw config == nil ? CLIError.unreadable(path, reason: error.description) : CLIError.inputNotFound(path)
        } catch let error as ConfigurationError {
            throw CLIError.invalidArgument(error.description)
        }
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
