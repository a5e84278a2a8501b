import ArgumentParser
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
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            Console.standardError.write("playprep: error: \(error)\n")
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == .failure {
                exit(withError: error)
            }
            Console.standardError.write(oneSpelling(fullMessage(for: error)) + "\n")
            Foundation.exit(2)
        }
    }

    /// The argument parser's message with its `Error: ` spelt as every other error of playprep: `playprep: error: `.
    static func oneSpelling(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "playprep: error: " + message.dropFirst("Error: ".count) : message
    }
}
