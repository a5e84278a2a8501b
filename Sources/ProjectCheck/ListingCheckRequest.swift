public import Diagnostics
import FileAccess
import Foundation
public import PlayListingKit

/// What `playprep listing check` produced: the report and the lines for standard error (which release notes were
/// judged when no versionCode was given).
public struct ListingCheckOutcome: Sendable {
    public var report: Report
    /// Each line starts `playprep: `.
    public var lines: [String]
}

/// Everything `playprep listing check DIR` is asked: the folder and how to read it.
///
/// Without a `store`, the tree is judged as `playprep check` judges it in the git repository around it (its
/// `playprep.yml` included): by the store that really reads it and with its upload's proof, so a commit to a tree
/// only F-Droid reads is never blocked by Play's rules. With a `store`, or outside a repository or a listing
/// `check` reads, the folder alone is judged for that store (Play by default). Either way the release notes are
/// judged as `check` does without a versionCode (the newest numbered changelog, else `default.txt`), and a file
/// that cannot be read is a PRJ001 finding on that file while the others are checked.
public struct ListingCheckRequest: Sendable {
    /// The listing folder as the user named it.
    public var directory: String
    public var options: ListingOptions
    /// `--store`: who reads the tree, over what the repository shows; `nil` decides as `check` does.
    public var store: ListingStore?

    public init(directory: String, options: ListingOptions, store: ListingStore? = nil) {
        self.directory = directory
        self.options = options
        self.store = store
    }

    /// Checks the tree; throws when its files cannot be listed or the repository's `playprep.yml` is invalid.
    public func run() throws(ProjectCheckError) -> ListingCheckOutcome {
        guard store == nil, let repository = Self.repository(around: directory) else {
            return try runAlone(note: store == nil ? "no git repository around \(directory)" : nil)
        }
        var request = ProjectCheckRequest(projectDirectory: repository.root)
        request.versionCode = options.versionCode
        request.checksAllChangelogs = options.checksAllChangelogs
        let configuration = try request.configuration()
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: repository.root)
        guard
            let judged = ProjectChecker(configuration: configuration, jobs: 1).listingReport(
                inventory, at: repository.folder)
        else {
            return try runAlone(note: "`playprep check \(repository.root)` reads no listing there")
        }
        let lines = judged.listings.map { "playprep: listing \($0)" }
        return ListingCheckOutcome(report: judged.report, lines: lines)
    }

    /// The folder alone, judged for `options.store`; `note` says why the repository did not decide the store.
    private func runAlone(note: String?) throws(ProjectCheckError) -> ListingCheckOutcome {
        let source = DirectoryFileSource(root: URL(fileURLWithPath: directory))
        let checker = ListingChecker()
        var options = options
        if let store { options.store = store }
        var lines = [String]()
        if let note {
            lines.append(
                "playprep: judged by \(options.store == .play ? "Play" : "F-Droid")'s rules (\(note)); "
                    + "--store play or fdroid says who reads it")
        }
        do {
            if let choice = try checker.releaseNotesChoice(source, options: options) {
                options.versionCodes = choice.versionCodes
                lines.append("playprep: release notes judged: \(choice.description)")
            }
            let report = try checker.check(source, options: options, displayRoot: directory)
            let links = try source.leavingLinks().map { link in
                FileReport(
                    file: (directory.hasSuffix("/") ? directory : directory + "/") + link.link,
                    diagnostics: [
                        UnreadableInputs.leaving(link, in: directory, RuleOutput(rule: ProjectRules.unreadable.rule))
                    ])
            }
            return ListingCheckOutcome(
                report: Report(files: report.files.map { $0.withUnreadableListingFile() } + links), lines: lines)
        } catch {
            switch error {
            case .notFound(let path), .notAFolder(let path): throw .notFound(path)
            case .unreadable(let path, let reason): throw .unreadable(path, reason: reason)
            }
        }
    }

    /// The nearest folder at or above `directory` holding `.git`, named as `directory` is (a relative path stays
    /// relative, so reports name files as the user does), and `directory` relative to it (empty when it is the
    /// root); `nil` outside a git repository.
    static func repository(around directory: String) -> (root: String, folder: String)? {
        let absolute = URL(fileURLWithPath: directory).standardizedFileURL.path
        var ancestors = absolute.split(separator: "/").map(String.init)
        var inside = [String]()
        while PathKind(path: "/" + (ancestors + [".git"]).joined(separator: "/")) == .missing {
            guard let last = ancestors.popLast() else { return nil }
            inside.insert(last, at: 0)
        }
        let given = directory.split(separator: "/").map(String.init).filter { $0 != "." }
        let folder = inside.joined(separator: "/")
        guard inside.count <= given.count, given.suffix(inside.count) == ArraySlice(inside) else {
            return ("/" + ancestors.joined(separator: "/"), folder)
        }
        let rootParts = given.dropLast(inside.count)
        let root =
            directory.hasPrefix("/")
            ? "/" + rootParts.joined(separator: "/") : (rootParts.isEmpty ? "." : rootParts.joined(separator: "/"))
        return (root, folder)
    }
}
