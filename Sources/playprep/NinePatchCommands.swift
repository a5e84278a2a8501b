import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
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
            FixNinePatch.self, ScaleNinePatch.self, ExportNinePatch.self, CreateNinePatch.self,
            GalleryNinePatch.self,
        ]
    )
}

/// `playprep ninepatch check PATH...`
struct CheckNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate NinePatch files with aapt2's rules and explain every problem.",
        discussion:
            "PATH may be a file or a folder (searched recursively for *.9.png; hidden and build folders skipped)."
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @OptionGroup var report: ReportOptions
    @OptionGroup var limits: LimitOptions
    @OptionGroup var lints: LintOptions
    @OptionGroup var parallelism: JobsOption

    @Flag(help: "Exit 0 when the folders hold no .9.png file.")
    var allowEmpty = false

    func run() throws {
        for path in paths where PathKind(path: path) != .file {
            if let problem = PathProblem.asFolder(path) { throw CLIError.invalidArgument(problem.description) }
        }
        let checker = limits.checker(detail: .geometry, badPatchTolerance: lints.tolerance())
        let aapt1 = report.selection().isTurnedOn(NinePatchRules.aapt1Rejects.id)
        let reports: [FileReport]
        do {
            // Checking starts on the first files found while the folders are still being walked.
            reports = try checker.checks(
                jobs: parallelism.jobs,
                keeping: { check in
                    let extra =
                        aapt1 ? check.ninePatch.map { NinePatchLints.aapt1Compatibility($0, file: check.file) } : nil
                    guard let extra, !extra.isEmpty else {
                        return FileReport(file: check.file, diagnostics: check.diagnostics)
                    }
                    return FileReport(file: check.file, diagnostics: check.diagnostics + extra)
                }
            ) {
                found throws(NinePatchFinderError) in
                try NinePatchFinder().forEachFoundFile(in: paths, found)
            }
        } catch {
            switch error {
            case .notFound(let path): throw CLIError.inputNotFound(path)
            }
        }
        // A folder with no NinePatch checked nothing: a passing run would hide a wrong path.
        guard !reports.isEmpty || allowEmpty else {
            throw CLIError.invalidArgument(
                "nothing to check in \(paths.joined(separator: ", ")) (looked for *.9.png, skipping hidden and build "
                    + "folders); --allow-empty accepts that")
        }
        try report.refuse(overwriting: reports.map { InputFile($0.file, role: .ninePatch) })
        // Every finding here is a NinePatch rule's.
        let selected = report.selected(Report(files: reports), catalog: RuleCatalog(NinePatchRules.all))
        try report.finish(with: selected, badPatchTolerance: lints.tolerance())
    }
}

/// `playprep ninepatch inspect FILE...`
struct InspectNinePatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Show what aapt2 would store for NinePatch files: stretch spans, padding, layout bounds, region colours, outline."
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
        for file in files {
            if let problem = PathProblem.asFile(file) { throw CLIError.invalidArgument(problem.description) }
        }
        let checker = limits.checker()
        // A compiled NinePatch (ninepatch compile's, aapt2's output) has no frame: its chunks are shown beside the
        // verdict on it as a source, which is check's.
        let inspections = files.map { file in
            NinePatchInspection(
                checker.check(fileAt: file, parseAnyway: true),
                compiled: (try? FileReader(maxBytes: checker.decoder.limits.maxFileBytes).read(file)).flatMap {
                    NinePatchChunks.compiled($0, decoder: checker.decoder)
                })
        }
        let console = Console.standardOutput
        switch format {
        case .json:
            console.write(rendered: JSONReporter.encode(inspections))
        case .text:
            let text = InspectionText(useColor: console.supportsColor)
            console.write(rendered: inspections.map(text.render).joined(separator: "\n"))
        }
        if inspections.contains(where: { !$0.check.report.isValid }) {
            throw ExitCode.failure
        }
    }
}
