import ArgumentParser
import ArtifactKit
import Diagnostics
import FileAccess
import Foundation
import ProjectCheck

/// `playprep artifact …`
struct ArtifactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artifact",
        abstract: "Check the release artifact itself: the APK or AAB that will be uploaded.",
        subcommands: [CheckArtifact.self, ArtifactDeclarations.self]
    )
}

/// `playprep artifact check FILE...`
struct CheckArtifact: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Judge APKs and AABs as Play receives them: identity, version, target API, flags, native code, resources.",
        discussion: """
            Reads each archive in memory within limits (entry count, sizes, compression ratio, safe entry names) and \
            extracts nothing to disk. Each artifact's identity line names its package, version, SDK levels, ABIs, \
            signature schemes and signers (certificates read, not cryptographically verified) and its size. An archive that cannot be read is one line on standard error naming the file \
            and the cause, and the exit status is 1. An AAB is judged by its base module.
            """
    )

    @Argument(help: "APK or AAB files to check.")
    var files: [String]

    @OptionGroup var expectation: ExpectOption

    @Option(help: "Play's required target API level (ART003), instead of playprep's dated table.")
    var targetSdk: Int?

    @Option(
        help: ArgumentHelp(
            "A playprep.yml: its declarations record (DCL), package.expect and artifact.targetSdk apply.",
            valueName: "FILE"))
    var config: String?

    @OptionGroup var previousRelease: PreviousReleaseOption

    @OptionGroup var upload: UploadCertificateOption

    @OptionGroup var report: ReportOptions

    func run() throws {
        try report.refuse(overwriting: files.map { InputFile($0, role: .artifact) })
        var checker: ArtifactChecker
        let configuration: ProjectConfiguration
        let previous: ArtifactCheck?
        do {
            configuration =
                try config.map { path throws(ProjectCheckError) in try ProjectConfiguration.read(path) }
                ?? ProjectConfiguration()
            let todaysChecker = ArtifactChecker.today(
                targetSdk: targetSdk, expected: expectation.expected ?? configuration.expectedApplicationID,
                policy: configuration.targetAPIPolicy)
            previous = try previousRelease.previous.map(todaysChecker.previousRelease)
            checker = todaysChecker.withEvidence(previous: previous, record: configuration.declarationRecord)
        } catch {
            throw CLIError(error)
        }
        checker.uploadCertificate = try upload.fingerprint() ?? configuration.uploadCertificate
        var reports = [FileReport]()
        var unreadable = false
        for file in files {
            if let problem = PathProblem.asFile(file) { throw CLIError.invalidArgument(problem.description) }
            do {
                reports += try checker.check(path: file).reports(after: previous)
            } catch {
                // Text on standard output says it in the report; other formats get the line as well.
                if !report.isTextOnStandardOutput {
                    Console.standardError.write(line: "playprep: error: \(file): \(error)")
                }
                reports.append(FileReport(unreadableArtifact: file, error))
                unreadable = true
            }
        }
        // The report names an unreadable archive too, so CI sees it in the format it reads.
        do {
            try report.finish(with: report.selected(Report(files: reports)))
        } catch let exit as ExitCode where unreadable && exit == .failure {
            // The unreadable artifact already decides the status.
        }
        if unreadable { throw ExitCode.failure }
    }
}
