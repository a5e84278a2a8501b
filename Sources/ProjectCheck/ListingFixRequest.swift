import Diagnostics
import FileAccess
import Foundation
import PlayListingKit

/// Everything `playprep listing fix DIR` is asked: the folder, how to read it, and whether to write.
///
/// It repairs only what `listing check` reports on the same folder (the same store and proof, decided in one
/// place: ``ListingCheckRequest``) and only where the repair has one right answer (``ListingChecker/repairs``):
/// locale folders renamed to the one Play code they mean (with `git mv` where git tracks them, so history
/// follows), the trailing whitespace supply sends over a limit, and text re-encoded as UTF-8. It never shortens
/// text, never touches a file or folder that is a link, and writes nothing outside the folder.
public struct ListingFixRequest: Sendable {
    public var check: ListingCheckRequest
    /// `--dry-run`: say what would change, change nothing.
    public var dryRun: Bool

    public init(check: ListingCheckRequest, dryRun: Bool) {
        self.check = check
        self.dryRun = dryRun
    }

    /// What the run did or would do: one line per repair (`DIR/de: renamed to de-DE … (LOC003)`) and per finding
    /// of the same rules it leaves (`DIR/pt: cannot fix LOC003: …`), and whether anything needs (or needed) a
    /// change.
    public struct Outcome: Sendable, Hashable {
        public var lines: [String]
        public var changed: Bool
        public var left: Int
    }

    /// Plans the repairs of what `listing check` reports and, unless `dryRun`, makes them.
    public func run() throws(ProjectCheckError) -> Outcome {
        let reported = Set(
            try check.run().report.diagnostics.map { ReportedFinding(rule: $0.ruleID, path: Self.absolute($0.file)) })
        let source = DirectoryFileSource(root: URL(fileURLWithPath: check.directory))
        var options = check.options
        options.store = .play
        let plan: ListingRepairPlan
        do {
            plan = try ListingChecker().repairs(source, options: options)
        } catch {
            throw .unreadable(check.directory, reason: error.reason)
        }
        let display = { (path: String) in source.displayPath(of: path, displayRoot: check.directory) }
        let isReported = { (rule: String, path: String) in
            reported.contains(ReportedFinding(rule: rule, path: Self.absolute(display(path))))
        }
        var lines = [String]()
        var left = 0
        // Files first: a rename moves the folder they are in.
        let repairs = plan.repairs.filter { isReported($0.rule, $0.findingPath) }.sorted { first, second in
            (first.isRename ? 1 : 0, first.path) < (second.isRename ? 1 : 0, second.path)
        }
        for repair in repairs {
            if let refusal = Self.linkOnTheWay(display(repair.path), below: check.directory) {
                lines.append("\(display(repair.path)): cannot fix \(repair.rule): \(refusal)")
                left += 1
                continue
            }
            if !dryRun {
                do {
                    try apply(repair, display: display)
                } catch {
                    throw .invalid("\(display(repair.path)): cannot be written: \(error.description)")
                }
            }
            lines.append("\(display(repair.path)): \(repair.summary) (\(repair.rule))")
        }
        for unrepaired in plan.left where isReported(unrepaired.rule, unrepaired.path) {
            lines.append("\(display(unrepaired.path)): cannot fix \(unrepaired.rule): \(unrepaired.why)")
            left += 1
        }
        return Outcome(lines: lines, changed: lines.count > left, left: left)
    }

    private struct ReportedFinding: Hashable {
        var rule: String
        var path: String
    }

    /// Why a path must not be written: it, or a folder between `folder` and it, is a symbolic link.
    private static func linkOnTheWay(_ path: String, below folder: String) -> String? {
        let base = absolute(folder)
        var current = absolute(path)
        while current.count > base.count {
            var status = stat()
            if lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                return
                    "\(current == absolute(path) ? "it" : current) is a symbolic link, which is never written through"
            }
            current = (current as NSString).deletingLastPathComponent
        }
        return nil
    }

    private func apply(_ repair: ListingRepair, display: (String) -> String) throws(ListingFixError) {
        let path = display(repair.path)
        switch repair.change {
        case .rewrite(let bytes):
            var status = stat()
            let permissions = stat(path, &status) == 0 ? UInt32(status.st_mode & 0o7777) : nil
            do {
                try AtomicFile(path: path, permissions: permissions).write(bytes)
            } catch {
                throw .write(error.description)
            }
        case .renameFolder(let target):
            let destination = display(target)
            guard PathKind(path: destination) == .missing else { throw .write("\(destination) exists") }
            let parent = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            if Self.isTracked(name, in: parent.isEmpty ? "." : parent) {
                try Self.git(
                    ["mv", "--", name, (destination as NSString).lastPathComponent], in: parent.isEmpty ? "." : parent)
            } else if rename(path, destination) != 0 {
                throw .write(String(cString: strerror(errno)))
            }
        }
    }

    /// Whether git tracks a file below `folder` of `directory` (git absent or no repository: no).
    private static func isTracked(_ folder: String, in directory: String) -> Bool {
        guard let listed = try? git(["ls-files", "-z", "--", folder], in: directory) else { return false }
        return !listed.isEmpty
    }

    /// Standard output of `git -c core.fsmonitor=false ARGUMENTS` in `directory`, no shell.
    @discardableResult
    private static func git(_ arguments: [String], in directory: String) throws(ListingFixError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "core.fsmonitor=false"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .write("git cannot start: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let first = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw .write("git \(arguments.first ?? ""): \(first ?? "exit \(process.terminationStatus)")")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Why a repair could not be made.
enum ListingFixError: Error, Sendable, Hashable, CustomStringConvertible {
    case write(String)

    var description: String {
        switch self {
        case .write(let reason): reason
        }
    }
}

extension ListingRepair {
    fileprivate var isRename: Bool {
        if case .renameFolder = change { return true }
        return false
    }
}
