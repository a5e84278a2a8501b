public import Diagnostics
import Foundation
public import PlayListingKit

/// What `playprep listing check` produced: the report and the lines for standard error (which release notes were
/// judged when no versionCode was given).
public struct ListingCheckOutcome: Sendable {
    public var report: Report
    /// Each line starts `playprep: `.
    public var lines: [String]
}

/// Everything `playprep listing check DIR` is asked: the folder and how to read it. `run` judges the release notes
/// as `playprep check` does without a versionCode (the newest numbered changelog, else `default.txt`) and reports
/// a file it cannot read as a PRJ001 finding on that file, checking the others.
public struct ListingCheckRequest: Sendable {
    /// The listing folder as the user named it.
    public var directory: String
    public var options: ListingOptions

    public init(directory: String, options: ListingOptions) {
        self.directory = directory
        self.options = options
    }

    /// Checks the tree; throws when its files cannot be listed.
    public func run() throws(ProjectCheckError) -> ListingCheckOutcome {
        let source = DirectoryFileSource(root: URL(fileURLWithPath: directory))
        let checker = ListingChecker()
        var options = options
        var lines = [String]()
        do {
            if let choice = try checker.releaseNotesChoice(source, options: options) {
                options.versionCodes = choice.versionCodes
                lines.append("playprep: release notes judged: \(choice.description)")
            }
            let report = try checker.check(source, options: options, displayRoot: directory)
            return ListingCheckOutcome(
                report: Report(files: report.files.map { $0.withUnreadableListingFile() }), lines: lines)
        } catch {
            switch error {
            case .notFound(let path), .notAFolder(let path): throw .notFound(path)
            case .unreadable(let path, let reason): throw .unreadable(path, reason: reason)
            }
        }
    }
}
