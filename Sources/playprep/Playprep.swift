import ArgumentParser
import Diagnostics
import Foundation

/// `playprep`: NinePatch and Play-listing checks for Android release pipelines.
@main
struct Playprep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playprep",
        abstract: "Check Android NinePatch assets and Google Play release metadata before they fail late.",
        discussion: """
            Exit status: 0 no errors (warnings allowed unless --strict), 1 errors found, \
            2 the command could not run (bad usage, a missing input, an unwritable output).
            """,
        version: "0.2.0",
        subcommands: [
            CheckProject.self, PlanCommand.self, NinePatchCommand.self, PackageCommand.self, ListingCommand.self,
            ArtifactCommand.self,
            RulesCommand.self,
        ]
    )

    /// Runs the command line with the exit codes the README's command-line reference gives: usage errors and `CLIError`s exit 2, one line each.
    static func main() {
        do {
            var command = try namedLeaf(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            Console.standardError.write(line: "playprep: error: \(error)")
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == .failure {
                exit(withError: error)
            }
            if let typo = mistypedCommand(Array(CommandLine.arguments.dropFirst())) {
                Console.standardError.write(line: "playprep: error: \(typo)")
                Foundation.exit(2)
            }
            Console.standardError.write(oneSpelling(fullMessage(for: error)) + "\n")
            Foundation.exit(2)
        }
    }

    /// "unknown command 'chek' (did you mean `playprep check`?)" when the first word that names no command at its
    /// level is within two edits of one; `nil` otherwise (an option, or nothing close), for the parser's message.
    static func mistypedCommand(_ arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = Self.self
        var path = ["playprep"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let named = subcommands.first(where: { $0._commandName == word }) {
                command = named
                path.append(word)
                continue
            }
            guard let closest = Spelling.closest(to: word, among: subcommands.map { $0._commandName }, maximumEdits: 2)
            else { return nil }
            return
                "unknown command '\(ConsoleText.field(word))' (did you mean `\((path + [closest]).joined(separator: " "))`?)"
        }
        return nil
    }

    /// The command `arguments` name by its whole path (`ninepatch check …`), parsed with that command as the root,
    /// or `nil` when the root must decide: a shorter path or an alias, help, a version or completion request, any
    /// error (so every message is the root's own). The same values either way: the root and the command groups
    /// declare no options. Worth it because the root parse reflects every command whose name appears among the
    /// arguments (`check` names both `playprep check` and `ninepatch check`): 2.4 ms of a 13 ms one-file check.
    static func namedLeaf(_ arguments: [String]) -> (any ParsableCommand)? {
        var command: any ParsableCommand.Type = Self.self
        var rest = arguments[...]
        while !command.configuration.subcommands.isEmpty {
            guard let name = rest.first,
                let named = command.configuration.subcommands.first(where: { $0._commandName == name })
            else { return nil }
            command = named
            rest = rest.dropFirst()
        }
        guard let parsed = try? command.parseAsRoot(Array(rest)), type(of: parsed) == command else { return nil }
        return parsed
    }

    /// The argument parser's message with its `Error: ` spelt as every other error of playprep: `playprep: error: `.
    static func oneSpelling(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "playprep: error: " + message.dropFirst("Error: ".count) : message
    }
}
