import ArgumentParser
import Diagnostics
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
    let handle: FileHandle
    let descriptor: Int32

    static let standardOutput = Console(handle: .standardOutput, descriptor: 1)
    static let standardError = Console(handle: .standardError, descriptor: 2)

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set (https://no-color.org) or TERM is dumb.
    var supportsColor: Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) == 1 && environment["NO_COLOR"].map(\.isEmpty) ?? true
            && environment["TERM"] != "dumb"
    }
}

/// The report formats every checking command accepts.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json

    func reporter(console: Console) -> any Reporter {
        switch self {
        case .text: TextReporter(useColor: console.supportsColor)
        case .json: JSONReporter()
        }
    }
}

/// `--format` and `--strict`, shared by the checking commands.
struct ReportOptions: ParsableArguments {
    @Option(name: .long, help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    /// Prints `report` to standard output and exits 1 when it fails.
    func finish(with report: Report) throws {
        let console = Console.standardOutput
        console.write(format.reporter(console: console).render(report))
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
