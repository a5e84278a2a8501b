import ArgumentParser
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
            files each store receives, per locale under the store's names and in its order, with what it gets \
            where a file is missing. CI files read are counted per folder (--verbose lists them). With --artifact, the release's versionCode picks the release notes and its \
            merged manifest gives the Play Console declarations this release needs (the same checklist as \
            `playprep artifact declarations`); the forms every app files are listed too. Reads \
            PROJECT_DIR/playprep.yml when present (or --config).
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

    @Option(
        help: ArgumentHelp(
            "The release's APK or AAB: its versionCode and the Play Console declarations it needs.", valueName: "FILE"))
    var artifact: String?

    @OptionGroup var comparedRelease: SinceOption

    @Flag(help: "Exit 0 when the folder holds nothing to plan (no Gradle build, listing or NinePatch).")
    var allowEmpty = false

    @Flag(name: .shortAndLong, help: "List every CI configuration read, not a count per folder.")
    var verbose = false

    func run() throws {
        var request = ProjectCheckRequest(projectDirectory: projectDirectory)
        request.allowsEmpty = allowEmpty
        request.configurationFile = config
        request.versionCode = versionCode
        request.gradleProperties = properties
        request.artifact = artifact
        request.since = comparedRelease.since
        let plan: ReleasePlan
        do {
            plan = try request.plan()
        } catch {
            throw CLIError(error)
        }
        // Both renderings make the repository's text inert themselves (`ConsoleText`).
        Console.standardOutput.write(rendered: format == .json ? plan.json : plan.text(verbose: verbose))
    }
}
