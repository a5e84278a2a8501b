import ArgumentParser
import Diagnostics
import FileAccess
import Foundation
import PlayListingKit
import ProjectCheck

/// `playprep listing …`
struct ListingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listing",
        abstract: "Check Google Play store listings kept for fastlane supply or Gradle Play Publisher.",
        subcommands: [CheckListing.self, FixListing.self]
    )
}

/// `playprep listing check DIR`
struct CheckListing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check listing text, locales, folder layout and graphics before the Play API refuses them.",
        discussion: """
            DIR is fastlane/metadata/android, a GPP play folder, or a folder above them. Rule families: \
            TXT (text limits and encoding), LOC (locale codes), LAY (folder layout), IMG (graphics), CON (consistency).
            """
    )

    enum LayoutChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, fastlane, gpp
    }

    enum StoreChoice: String, ExpressibleByArgument, CaseIterable {
        case play, fdroid
    }

    @Argument(help: "The listing folder.")
    var directory: String

    @Option(help: "Layout of the tree: auto, fastlane or gpp.")
    var layout: LayoutChoice = .auto

    @Option(help: "Default language of a fastlane tree (GPP reads default-language.txt).")
    var defaultLanguage: String?

    @Option(
        help: """
            Version code being released: its changelog is the one checked, and must exist in the default language \
            (default: the newest numbered changelog, else default.txt, as check judges them).
            """)
    var versionCode: Int?

    @Option(
        help: """
            Who reads the tree: play (supply or GPP upload it) or fdroid (F-Droid only: its limits, any locale). \
            Default: as `playprep check` decides in the git repository around DIR (Play outside a repository).
            """)
    var store: StoreChoice?

    @Flag(
        help:
            "Check every changelog, not only the one uploaded for the release (changelogs/<versionCode>.txt or default.txt)."
    )
    var allChangelogs = false

    @OptionGroup var report: ReportOptions

    func run() throws {
        let options = ListingOptions(
            layout: ListingLayout(rawValue: layout.rawValue), defaultLanguage: defaultLanguage,
            versionCode: versionCode, checksAllChangelogs: allChangelogs)
        if let problem = PathProblem.asFolder(directory) { throw CLIError.invalidArgument(problem.description) }
        try report.refuse(
            overwriting: FolderWalker(followedLinks: .withinRoot).files(under: directory, where: { _ in true }).map {
                InputFile($0, role: .listingFile)
            })
        let outcome: ListingCheckOutcome
        do {
            outcome = try ListingCheckRequest(
                directory: directory, options: options, store: store.flatMap { ListingStore(rawValue: $0.rawValue) }
            ).run()
        } catch {
            throw CLIError(error)
        }
        Console.standardError.write(lines: outcome.lines)
        try report.finish(with: report.selected(outcome.report))
    }
}

/// `playprep listing fix DIR`
struct FixListing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Repair what listing check reports where the repair has one right answer.",
        discussion: """
            Renames locale folders to the one Play code they mean (LOC002, LOC003; `git mv` where git tracks them), \
            removes the trailing whitespace supply sends over a limit (TXT007) and re-encodes UTF-16, Latin-1 and \
            byte-order-marked text as UTF-8 (TXT008). Text is never shortened; links are never written through. \
            One line per change, then what is left for a person. Exit 0 when nothing is left to fix; with \
            --dry-run nothing is written and the exit status is 1 when a change is needed.
            """
    )

    @Argument(help: "The listing folder.")
    var directory: String

    @Option(help: "Layout of the tree: auto, fastlane or gpp.")
    var layout: CheckListing.LayoutChoice = .auto

    @Option(help: "Who reads the tree: play or fdroid (default: as `playprep check` decides).")
    var store: CheckListing.StoreChoice?

    @Flag(help: "Say what would change and change nothing.")
    var dryRun = false

    func run() throws {
        if let problem = PathProblem.asFolder(directory) { throw CLIError.invalidArgument(problem.description) }
        let request = ListingFixRequest(
            check: ListingCheckRequest(
                directory: directory, options: ListingOptions(layout: ListingLayout(rawValue: layout.rawValue)),
                store: store.flatMap { ListingStore(rawValue: $0.rawValue) }),
            dryRun: dryRun)
        let outcome: ListingFixRequest.Outcome
        do {
            outcome = try request.run()
        } catch {
            throw CLIError(error)
        }
        Console.standardOutput.write(lines: outcome.lines.isEmpty ? ["\(directory): nothing to fix"] : outcome.lines)
        if outcome.left > 0 || (dryRun && outcome.changed) { throw ExitCode.failure }
    }
}
