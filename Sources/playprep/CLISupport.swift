import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
import ProjectCheck

/// Why a command could not run at all (exit status 2), as opposed to problems found in the inputs (exit 1).
enum CLIError: Error, CustomStringConvertible {
    case inputNotFound(String)
    case unreadable(String, reason: String)
    case cannotWrite(String, reason: String)
    case invalidArgument(String)

    var description: String {
        switch self {
        case .inputNotFound(let path): "\(path): no such file or folder"
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot be written: \(reason)"
        case .invalidArgument(let message): message
        }
    }
}

extension CLIError {
    /// The library's reason a run could not be carried out, as the CLI says it.
    init(_ error: ProjectCheckError) {
        switch error {
        case .notFound(let path): self = .inputNotFound(path)
        case .unreadable(let path, let reason): self = .unreadable(path, reason: reason)
        case .invalid(let message): self = .invalidArgument(message)
        }
    }
}

/// Standard output and error, with the decision whether to colour them. Every text reaches them made inert by
/// `ConsoleText` (no control character, bidi override, `::` line start or `##[` from the repository): the CLI's
/// own lines through `write(_:)` and `write(line:)`, a reporter's output (which escapes its own fields and may be
/// coloured) through `write(rendered:)`.
struct Console {
    let descriptor: Int32

    static let standardOutput = Console(descriptor: 1)
    static let standardError = Console(descriptor: 2)

    /// Writes `text`, whose line breaks are its own, made inert by `ConsoleText.lines`.
    func write(_ text: String) {
        write(rendered: ConsoleText.lines(text))
    }

    /// Writes the one-line message `line` and a line break; a line break inside it is shown, not obeyed
    /// (`ConsoleText.field`).
    func write(line: String) {
        write(rendered: ConsoleText.field(line) + "\n")
    }

    /// Writes each of `lines` as by `write(line:)`.
    func write(lines: [String]) {
        for line in lines { write(line: line) }
    }

    /// Writes all of `text` as it is: a reporter's output, whose text from the repository the reporter has made
    /// inert. When standard output cannot be written (a full disk, a closed pipe), the run cannot deliver what it
    /// was asked for: that is said on standard error and the process exits 2. A failure on standard error itself
    /// is ignored, as there is nowhere left to say so.
    func write(rendered text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// `write(_:)` for UTF-8 bytes.
    func write(bytes: UnsafeRawBufferPointer) {
        let failure = writeAll(bytes, to: descriptor)
        guard failure != 0, descriptor != Console.standardError.descriptor else { return }
        Console.standardError.write(
            line: "playprep: error: cannot write to standard output: \(String(cString: strerror(failure)))")
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
    case gcc
    case html

    /// The reporter; `useColor` applies to text on a terminal, `strict` to JUnit's failing test cases,
    /// `illustrations` to HTML.
    func reporter(
        useColor: Bool, strict: Bool, illustrations: [FindingKey: Illustration] = [:], header: ReportHeader? = nil
    ) -> any Reporter {
        switch self {
        case .text: TextReporter(useColor: useColor)
        case .json: JSONReporter(comparedRelease: header?.comparedRelease ?? [])
        case .sarif: SARIFReporter(catalog: .playprep, toolVersion: Playprep.configuration.version)
        case .junit: JUnitReporter(strict: strict)
        case .github: GitHubReporter()
        case .codeclimate: CodeClimateReporter()
        case .gcc: GCCReporter()
        case .html:
            HTMLReporter(
                catalog: .playprep, illustrations: illustrations, toolVersion: Playprep.configuration.version,
                header: header)
        }
    }
}
