import ArgumentParser
import Foundation
import Diagnostics
import NinePatchKit
import PNGKit

/// `playprep ninepatch …`
struct NinePatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ninepatch",
        abstract: "Inspect and validate NinePatch (.9.png) images exactly as aapt2 judges them.",
        subcommands: [
            InspectNinePatch.self, CheckNinePatch.self, RenderNinePatch.self, PreviewNinePatch.self,
            CompileNinePatch.self, DecompileNinePatch.self,
        ]
    )
}

/// Decoder limits as flags, shared by the commands that read PNGs.
struct LimitOptions: ParsableArguments {
    @Option(help: "Refuse images wider than this many pixels.")
    var maxWidth = PNGLimits.standard.maxWidth

    @Option(help: "Refuse images taller than this many pixels.")
    var maxHeight = PNGLimits.standard.maxHeight

    @Option(help: "Refuse images with more pixels than this (width x height).")
    var maxPixels = PNGLimits.standard.maxPixels

    @Option(help: "Refuse files larger than this many bytes.")
    var maxFileBytes = PNGLimits.standard.maxFileBytes

    /// A checker with these limits; `badPatchTolerance` turns the NP107 lint on. Checking needs only the
    /// `.geometry` detail; compiling, drawing and inspecting need `.full`.
    func checker(detail: NinePatchParser.Detail = .full, badPatchTolerance: Int? = nil) -> NinePatchChecker {
        NinePatchChecker(
            decoder: PNGDecoder(limits: PNGLimits(
                maxWidth: maxWidth, maxHeight: maxHeight, maxPixels: maxPixels, maxFileBytes: maxFileBytes)),
            parser: NinePatchParser(detail: detail, badPatchTolerance: badPatchTolerance))
    }
}

/// `--jobs`, for the commands that check folders in parallel.
struct JobsOption: ParsableArguments {
    @Option(name: [.customShort("j"), .customLong("jobs")], help: "Files checked in parallel (default: the CPUs this process may use).")
    var requestedJobs: Int?

    /// The flag, else one job per CPU this process may use, within a container's CPU quota (asked only now: the
    /// argument parser builds commands several times).
    var jobs: Int { requestedJobs ?? NinePatchChecker.usableCPUs }

    func validate() throws {
        if let requestedJobs, requestedJobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// `--bad-patch-tolerance`, for the commands that run the NinePatch lints.
struct LintOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "NP107's visibility threshold: report a stretchable cell when, stretched 8x, it differs from the same cell stretched cleanly by more than this per premultiplied channel over 8+ pixels (default \(NinePatchLints.defaultBadPatchTolerance)).",
        discussion: "0 is Draw 9-patch's exact equality; the default ignores invisible dithering noise."))
    var badPatchTolerance: Int?

    func validate() throws {
        if let badPatchTolerance, !(0...255).contains(badPatchTolerance) {
            throw ValidationError("--bad-patch-tolerance must be between 0 and 255")
        }
    }

    /// The tolerance to use: the flag, else the configured one, else the default.
    func tolerance(configured: Int? = nil) -> Int {
        badPatchTolerance ?? configured ?? NinePatchLints.defaultBadPatchTolerance
    }
}

/// `playprep ninepatch check PATH...`
struct CheckNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate NinePatch files with aapt2's rules and explain every problem.",
        discussion: "PATH may be a file or a folder (searched recursively for *.9.png; hidden and build folders skipped)."
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @OptionGroup var report: ReportOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var lints: LintOptions
    @OptionGroup var parallelism: JobsOption

    func run() throws {
        let checker = limits.checker(detail: .geometry, badPatchTolerance: lints.tolerance())
        let reports: [FileReport]
        do {
            // Checking starts on the first files found while the folders are still being walked.
            reports = try checker.checks(jobs: parallelism.jobs, keeping: { $0.report }) {
                found throws(NinePatchFinderError) in
                try NinePatchFinder().forEachFile(in: paths, found)
            }
        } catch {
            switch error {
            case .notFound(let path): throw CLIError.inputNotFound(path)
            }
        }
        try report.finish(with: Report(files: reports), badPatchTolerance: lints.tolerance())
    }
}

/// `playprep ninepatch inspect FILE...`
struct InspectNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what aapt2 would store for NinePatch files: stretch spans, padding, layout bounds, region colours, outline."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "NinePatch files to inspect.")
    var files: [String]

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var limits: LimitOptions

    func run() throws {
        for file in files where !FileSystem.isFile(file) {
            throw CLIError.inputNotFound(file)
        }
        let checker = limits.checker()
        let checks = files.map { checker.check(fileAt: $0, parseAnyway: true) }
        let console = Console.standardOutput
        switch format {
        case .json:
            console.write(JSONReporter.encode(checks.map(NinePatchInspection.init)))
        case .text:
            let text = InspectionText(useColor: console.supportsColor)
            console.write(checks.map(text.render).joined(separator: "\n"))
        }
        if checks.contains(where: { !$0.report.isValid }) {
            throw ExitCode.failure
        }
    }
}
