import ArgumentParser
import FileAccess
import Foundation
import ProjectCheck

/// `playprep plan [PROJECT_DIR]`: what playprep thinks ships, and why, before anything is judged.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show the release as playprep reads it: apps, listing trees, who uploads them and why.",
        discussion: """
            The dry run behind `check`: application modules and release variants with their applicationId and \
            versionCode (or why unknown), each listing tree with its readers (Play via a CI step, a Fastfile lane, \
            GPP; F-Droid) and the evidence (file:line and a quote), which release notes count and exactly which \
            files each store receives. Reads PROJECT_DIR/playprep.yml when present (or --config).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The project folder (default: the current folder).")
    var projectDirectory = "."

    @Option(help: "Configuration file (default: PROJECT_DIR/playprep.yml when it exists).")
    var config: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Option(help: "The version code being released (default: the build's).")
    var versionCode: Int?

    @Option(
        name: .customShort("P"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A Gradle property the build scripts read, as Gradle's -PNAME=VALUE.", valueName: "NAME=VALUE"))
    var properties: [String] = []

    func run() throws {
        guard PathKind(path: projectDirectory) == .folder else { throw CLIError.inputNotFound(projectDirectory) }
        let configuration = try CheckProject.configuration(
            projectDirectory: projectDirectory, config: config, versionCode: versionCode, properties: properties)
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: projectDirectory)
        let plan = ProjectChecker(configuration: configuration, jobs: 1).plan(inventory)
        Console.standardOutput.write(format == .json ? plan.json : plan.text)
    }
}
