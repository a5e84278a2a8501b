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
        subcommands: [CheckListing.self]
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
            overwriting: FolderWalker(followedLinks: .anywhere).files(under: directory, where: { _ in true }).map {
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
