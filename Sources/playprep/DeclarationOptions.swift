import ArgumentParser
import ArtifactKit
import Diagnostics
import FileAccess
import ProjectCheck

/// `--previous OLD.apk|aab`: the release before this one, whose versionCode was used and whose declarations are
/// known to be filed.
struct PreviousReleaseOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The previous release's APK or AAB: this release's versionCode must be above its and its applicationId the same (REL001, REL002); each App content declaration this release needs and it did not is a warning (DCL).",
            valueName: "OLD"))
    var previous: String?
}

/// `--since REF`: the release to compare this one with, read from git (`check`, `plan`).
struct SinceOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Compare with the release at this git tag, branch or commit (or last-tag): versionCode raised, applicationIds kept, SDK levels, signing, new declarations (REL, DCL).",
            valueName: "REF"))
    var since: String?
}

/// `--date YYYY-MM-DD`: the day Play's target API level requirement is read for (`check`).
struct DateOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The day Play's target API level requirement is read for (ART003, TGT; default: today, UTC).",
            valueName: "YYYY-MM-DD"))
    var date: String?
}

/// `playprep artifact declarations FILE`
struct ArtifactDeclarations: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declarations",
        abstract: "List the Play Console App content declarations an APK or AAB needs, with what triggers each.",
        discussion: """
            Reads the merged manifest of the artifact as Play does. Each form is marked commit (Play refuses the \
            release while it is not filed) or review (Play's review blocks the update). The DCL rules of \
            `artifact check` say which of them this release proves new or contradicts.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Argument(help: "The APK or AAB.")
    var file: String

    @Option(help: "text or json.")
    var format: Format = .text

    func run() throws {
        guard PathKind(path: file) == .file else { throw CLIError.inputNotFound(file) }
        let checklist: DeclarationChecklist
        do {
            checklist = try ArtifactChecker.today(targetSdk: nil, expected: nil).check(path: file).declarations
        } catch {
            throw CLIError.unreadable(file, reason: error.description)
        }
        if format == .json {
            Console.standardOutput.write(rendered: ConsoleText.json(checklist.json))
        } else {
            Console.standardOutput.write(checklist.text)
        }
    }
}
