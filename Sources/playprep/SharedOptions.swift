import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import PNGKit
import ProjectCheck
import ReportIllustrations

// The options several commands share, each group declared once so its flags and help read alike everywhere.

/// `--format`, `--output` and `--strict`, shared by the checking commands.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(
        name: [.customShort("o"), .long],
        help: "Write the report to this file (atomically; - is standard output); the summary line goes to stdout."
    )
    var output: String?

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(
        name: .long,
        help: "Fail (exit 1) when there are more warnings than this, as ESLint's --max-warnings (0: as --strict).")
    var maxWarnings: Int?

    @Flag(
        name: [.customShort("q"), .long],
        help: ArgumentHelp(
            "Report errors only, as ESLint's --quiet: warnings and notes are left out of the report (they still "
                + "count for --strict and --max-warnings), and check's lines on standard error too."))
    var quiet = false

    @Option(
        name: .customLong("enable"), parsing: .singleValue,
        help: "Turn on an opt-in rule (repeatable, or comma-separated), e.g. --enable LOC006,IMG017.")
    var enabledRules: [String] = []

    @Option(
        name: .customLong("disable"), parsing: .singleValue,
        help: "Turn a rule off (repeatable, or comma-separated), e.g. --disable NP106,PKG011.")
    var disabledRules: [String] = []

    /// The ids of `--enable` or `--disable`, split at commas, in any letter case (as `playprep rules` takes them).
    private static func ids(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() } }
    }

    /// Whether the report is text on standard output, where a line on standard error would say what it says.
    var isTextOnStandardOutput: Bool { format == .text && (output == nil || output == "-") }

    /// The rule ids of `--enable` and of `--disable`.
    var enabledIDs: [String] { Self.ids(enabledRules) }
    var disabledIDs: [String] { Self.ids(disabledRules) }

    /// The default selection with the `--enable` rules turned on and the `--disable` rules off.
    func selection() -> RuleSelection {
        var selection = RuleSelection()
        selection.enable(enabledIDs)
        selection.disable(disabledIDs)
        return selection
    }

    /// Refuses an unknown rule id (naming the closest known one) and a rule both enabled and disabled.
    private func validateRules() throws {
        // Without ids there is nothing to look up, and building every family's rules costs a start-up's worth.
        guard !enabledRules.isEmpty || !disabledRules.isEmpty else { return }
        let catalog = RuleCatalog.playprep
        for (option, values) in [("--enable", enabledRules), ("--disable", disabledRules)] {
            for id in Self.ids(values) where catalog.rules[id] == nil {
                let closest = catalog.closestID(to: id).map { " (did you mean \($0)?)" } ?? ""
                // An id is quoted as one line: a line break in it is shown (`ConsoleText.field`).
                throw ValidationError(
                    "\(option) \(ConsoleText.field(id)): unknown rule\(closest); `playprep rules` lists them all")
            }
        }
        if let both = Set(Self.ids(enabledRules)).intersection(Self.ids(disabledRules)).sorted().first {
            throw ValidationError(
                "\(ConsoleText.field(both)) is both enabled (--enable) and disabled (--disable); choose one")
        }
    }

    /// `report` with the rule selection applied (opt-in rules only when enabled). `catalog` says which rules are
    /// opt-in: a command whose findings all come from one family may pass that family's rules alone, which are
    /// quicker to gather than every family's.
    func selected(_ report: Report, catalog: RuleCatalog = .playprep) -> Report {
        selection().apply(to: report, catalog: catalog).report
    }

    /// Refuses an `--output` whose folder does not exist before any work is done.
    func validate() throws {
        try validateRules()
        if let maxWarnings, maxWarnings < 0 {
            throw ValidationError("--max-warnings \(maxWarnings): give a number of warnings, 0 or more")
        }
        guard let output else { return }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        guard PathKind(path: folder) == .folder else {
            throw ValidationError(
                "--output \(ConsoleText.field(output)): the folder \(ConsoleText.field(folder)) does not exist")
        }
    }

    /// Refuses, before anything is written, an `--output` that would replace one of the files the run reads, or
    /// that a symbolic link is on the way to.
    func refuse(overwriting inputs: [InputFile]) throws {
        guard let output else { return }
        do {
            try OutputTarget(path: output).refuse(overwriting: inputs, option: "--output")
        } catch {
            throw CLIError.invalidArgument(error.description)
        }
        try OutputFile(path: output, force: false).refuseLink()
    }

    /// Prints `report` (or writes it to `--output` and prints its summary) and exits 1 when it fails. The HTML
    /// report's NinePatch sheets mark bad patches found with `badPatchTolerance`; its top shows `header`.
    func finish(
        with report: Report, badPatchTolerance: Int = NinePatchLints.defaultBadPatchTolerance,
        header: ReportHeader? = nil
    ) throws {
        let full = report.withTidyPaths
        let report = quiet ? full.errorsOnly : full
        let console = Console.standardOutput
        let illustrations =
            format == .html
            ? ReportIllustrator(badPatchTolerance: badPatchTolerance).illustrations(for: report) : [:]
        if let output {
            let rendered = format.reporter(
                useColor: false, strict: strict, illustrations: illustrations, header: header
            )
            .render(report)
            let target = OutputTarget(path: output)
            do {
                try target.write(rendered)
            } catch {
                throw CLIError.cannotWrite(output, reason: error.description)
            }
            // With the report on standard output, the summary goes to standard error.
            let summaryConsole = target.isStandardOutput ? Console.standardError : console
            summaryConsole.write(
                rendered: TextReporter(useColor: summaryConsole.supportsColor).summaryLine(report.summary)
                    + ConsoleText.field(
                        " (\(format.rawValue) report in \(target.isStandardOutput ? "standard output" : output))")
                    + "\n")
        } else if format == .json {
            // Streamed: the JSON of thousands of files is never held whole in memory.
            JSONReporter(comparedRelease: header?.comparedRelease ?? []).write(report) { console.write(bytes: $0) }
        } else {
            console.write(
                rendered: format.reporter(
                    useColor: console.supportsColor, strict: strict, illustrations: illustrations, header: header
                ).render(report))
        }
        if full.fails(strict: strict, maxWarnings: maxWarnings) {
            let warnings = full.summary.warnings
            if full.summary.errors == 0, !strict, let maxWarnings {
                Console.standardError.write(
                    line: "playprep: \(warnings) warning\(warnings == 1 ? "" : "s"), more than --max-warnings "
                        + "\(maxWarnings)")
            }
            throw ExitCode.failure
        }
    }
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
            decoder: PNGDecoder(limits: pngLimits),
            parser: NinePatchParser(detail: detail, badPatchTolerance: badPatchTolerance))
    }

    /// These limits, which the images a command writes are held to as well.
    var pngLimits: PNGLimits {
        PNGLimits(maxWidth: maxWidth, maxHeight: maxHeight, maxPixels: maxPixels, maxFileBytes: maxFileBytes)
    }
}

/// `--bad-patch-tolerance`, for the commands that run the NinePatch lints.
struct LintOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "NP107's visibility threshold: report a stretchable cell when, stretched 8x, it differs from the same cell stretched cleanly by more than this per premultiplied channel over 8+ pixels (default \(NinePatchLints.defaultBadPatchTolerance)).",
            discussion: "0 is Draw 9-patch's exact equality; the default ignores invisible dithering noise."))
    var badPatchTolerance: Int?

    func validate() throws {
        if let badPatchTolerance, !(0...255).contains(badPatchTolerance) {
            throw ValidationError("--bad-patch-tolerance must be between 0 and 255")
        }
    }

    /// The tolerance to use: the flag, else the default.
    func tolerance() -> Int {
        badPatchTolerance ?? NinePatchLints.defaultBadPatchTolerance
    }
}

/// `--jobs`, for the commands that check folders in parallel.
struct JobsOption: ParsableArguments {
    @Option(
        name: [.customShort("j"), .customLong("jobs")],
        help: "Files checked in parallel (default: the CPUs this process may use).")
    var requestedJobs: Int?

    /// The flag, else one job per CPU this process may use, within a container's CPU quota (asked only now: the
    /// argument parser builds commands several times).
    var jobs: Int { requestedJobs ?? NinePatchChecker.usableCPUs }

    func validate() throws {
        if let requestedJobs, requestedJobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// `-o OUT` and `--force`: where compile, decompile and preview write, never over their input unless forced.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The file to write (atomically: it appears complete or not at all).")
    var output: String

    @Flag(help: "Allow the output to replace the input file, or a symbolic link at its name (never followed).")
    var force = false

    /// Refuses, before any work, to replace `input` (read as `role`) without `--force` (the paths are compared
    /// after resolving links), and names a missing input.
    func checkTarget(against input: String, role: InputFile.Role = .ninePatch) throws {
        if let problem = PathProblem.asFile(input) { throw CLIError.invalidArgument(problem.description) }
        try OutputFile(path: output, force: force).checkNotOverwriting([InputFile(input, role: role)])
        try OutputFile(path: output, force: force, replacesLink: force).refuseLink()
    }

    /// Encodes and writes the output; an encoding or writing failure leaves no file behind (exit 2).
    func write(_ encode: () throws(PNGError) -> [UInt8]) throws {
        try OutputFile(path: output, force: force, replacesLink: force).write(encode)
    }
}

/// `--expect`, for the commands that judge applicationIds.
struct ExpectOption: ParsableArguments {
    @Option(name: .customLong("expect"), help: "The applicationId the app is published under (PKG013).")
    var expected: String?
}

/// `--filter`, for the commands that render.
struct SamplingOption: ParsableArguments {
    @Option(help: "Sampling: linear (Android's default) or nearest.")
    var filter: FilterOption = .linear

    /// The sampling a rendering uses.
    var renderFilter: RenderFilter {
        switch filter {
        case .linear: .linear
        case .nearest: .nearest
        }
    }
}

/// The values of `--filter`.
enum FilterOption: String, ExpressibleByArgument, CaseIterable {
    case linear, nearest
}
