import ArgumentParser
import Diagnostics
import ProjectCheck

/// `playprep rules [ID]`
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule, or explain one with examples that pass and fail it.",
        discussion: """
            Without ID: every rule grouped by family, with its default severity, whether it is on by default or \
            opt-in (--enable ID), and what it checks. With ID (e.g. NP003): the rule's summary and its passing and \
            failing examples. --format markdown writes the whole catalogue as the page docs/rules.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Argument(help: "A rule id such as NP003 or TXT001.")
    var id: String?

    @Option(help: "Output format: text, json, or markdown (every rule; not with an ID).")
    var format: Format = .text

    func run() throws {
        let book = RuleBook.playprep
        let text: String
        if let id {
            guard let entry = book.entry(for: id) else {
                let closest = RuleCatalog.playprep.closestID(to: id).map { " (did you mean \($0)?)" } ?? ""
                throw CLIError.invalidArgument(
                    "unknown rule '\(ConsoleText.field(id))'\(closest); `playprep rules` lists them all")
            }
            switch format {
            case .text: text = book.explanation(of: entry)
            case .json: text = book.explanationJSON(of: entry)
            case .markdown:
                throw CLIError.invalidArgument("--format markdown lists every rule; drop the id '\(id)'")
            }
        } else {
            switch format {
            case .text: text = book.listing
            case .json: text = book.listingJSON
            case .markdown: text = book.markdown
            }
        }
        Console.standardOutput.write(text)
    }
}
