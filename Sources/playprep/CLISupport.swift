import ArgumentParser
import Diagnostics
import FileAccess
import NinePatchKit
import ProjectCheck
import ReportIllustrations
import Foundation

/// Why a command could not run at all (exit status 2), as opposed to problems found in the inputs (exit 1).
enum CLIError: Error, CustomStringConvertible {
    case inputNotFound(String)
    case unreadable(String, reason: String)
    case cannotWrite(String, reason: String)
    case invalidArgument(String)

    var description: String {
        switch self {
        case .inputNotFound(let path): "\(path): no such file or folder"
        case let .unreadable(path, reason): "\(path): cannot be read: \(reason)"
        case let .cannotWrite(path, reason): "\(path): cannot be written: \(reason)"
        case .invalidArgument(let message): message
        }
    }
}

/// Standard output and error, with the decision whether to colour them.
struct Console {
    let descriptor: Int32

    static let standardOutput = Console(descriptor: 1)
    static let standardError = Console(descriptor: 2)

    /// Writes all of `text`. When standard output cannot be written (a full disk, a closed pipe), the run cannot
    /// deliver what it was asked for: that is said on standard error and the process exits 2. A failure on
    /// standard error itself is ignored, as there is nowhere left to say so.
    func write(_ text: String) {
        var text = text
        let failure = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
        guard failure != 0, descriptor != Console.standardError.descriptor else { return }
        Console.standardError.write("playprep: error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
        Foundation.exit(2)
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (https://no-color.org) or TERM is dumb.
    var supportsColor: Bool {
        guard isatty(descriptor) == 1 else { return false }
        let environment = ProcessInfo.processInfo.environment
        return environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }
}

/// The report formats every checking command accepts.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case sarif
    case junit
    case github
    case codeclimate
    case html

    /// The reporter; `useColor` applies to text on a terminal, `strict` to JUnit's failing test cases,
    /// `illustrations` to HTML.
    func reporter(useColor: Bool, strict: Bool, illustrations: [FindingKey: Illustration] = [:]) -> any Reporter {
        switch self {
        case .text: TextReporter(useColor: useColor)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(catalog: .playprep, toolVersion: Playprep.configuration.version)
        case .junit: JUnitReporter(strict: strict)
        case .github: GitHubReporter()
        case .codeclimate: CodeClimateReporter()
        case .html:
            HTMLReporter(catalog: .playprep, illustrations: illustrations, toolVersion: Playprep.configuration.version)
        }
    }
}

/// `--format`, `--output` and `--strict`, shared by the checking commands.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .long, help: "Write the report to this file (atomically); the summary line still goes to standard output.")
    var output: String?

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(
        name: .customLong("enable"), parsing: .singleValue,
        help: "Turn on an opt-in rule (repeatable, or comma-separated), e.g. --enable LOC006,IMG017.")
    var enabledRules: [String] = []

    /// `configured` with the `--enable` rules turned on.
    func selection(_ configured: RuleSelection = RuleSelection()) -> RuleSelection {
        var selection = configured
        selection.enable(enabledRules.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
        return selection
    }

    /// `report` with the rule selection applied (opt-in rules only when enabled).
    func selected(_ report: Report) -> Report {
        selection().apply(to: report, catalog: .playprep).report
    }

    /// Refuses an `--output` whose folder does not exist before any work is done.
    func validate() throws {
        guard let output else { return }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        guard PathKind(path: folder) == .folder else {
            throw ValidationError("--output \(output): the folder \(folder) does not exist")
        }
    }

    /// Prints `report` (or writes it to `--output` and prints its summary) and exits 1 when it fails. The HTML
    /// report's NinePatch sheets mark bad patches found with `badPatchTolerance`.
    func finish(with report: Report, badPatchTolerance: Int = NinePatchLints.defaultBadPatchTolerance) throws {
        let console = Console.standardOutput
        let illustrations = format == .html
            ? ReportIllustrator(badPatchTolerance: badPatchTolerance).illustrations(for: report) : [:]
        if let output {
            let rendered = format.reporter(useColor: false, strict: strict, illustrations: illustrations).render(report)
            do {
                try AtomicFile(path: output).write(rendered)
            } catch {
                throw CLIError.cannotWrite(output, reason: error.description)
            }
            console.write(TextReporter(useColor: console.supportsColor).summaryLine(report.summary)
                + " (\(format.rawValue) report in \(output))\n")
        } else {
            console.write(format.reporter(useColor: console.supportsColor, strict: strict, illustrations: illustrations)
                .render(report))
        }
        if report.fails(strict: strict) {
            throw ExitCode.failure
        }
    }
}

/// File-system questions the commands ask before they start.
enum FileSystem {
    static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
