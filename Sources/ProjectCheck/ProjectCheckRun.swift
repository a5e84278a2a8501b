import ArtifactKit
public import Diagnostics
import FileAccess
import Foundation
import NinePatchKit
import ReleaseDiff

/// What a `playprep check` run produced, for a front end to show: the report (baseline applied), the lines for
/// standard error, and, with `writeBaseline`, the baseline to write instead of a report.
public struct ProjectCheckOutcome: Sendable {
    /// The report, with the baseline's known problems removed.
    public var report: Report
    /// The lines for standard error, each starting `playprep: `: with `recordedBaseline`, only an unreadable
    /// artifact's.
    public var lines: [String]
    /// The baseline to record (`writeBaseline`): its file, its JSON and how many problems it holds. The run then
    /// shows no report and succeeds.
    public var recordedBaseline: (file: String, json: String, entries: Int)?
    /// NP107's threshold the NinePatches were checked with, for the HTML report's sheets.
    public var badPatchTolerance: Int
    /// One line per release variant and per listing, for a report's header.
    public var releaseVariants: [String]
    public var listings: [String]
    /// With `--since REF`: the release compared with (`v1.2.0 (commit 1a2b3c4d5e6f)`), then one line per release
    /// variant there, as `releaseVariants`; empty without.
    public var comparedRelease: [String] = []
    /// `playprep: error: FILE: why` for an artifact that cannot be read, which the report also names (a PRJ001
    /// finding): a front end shows it where the report is not read on the console.
    public var artifactError: String?
}

extension ProjectCheckRequest {
    /// Checks the project as `playprep check` does: the configuration with the request's flags, the artifact (an
    /// unreadable one is a PRJ001 finding and a line, and the project is still checked), one walk, every rule, the
    /// rule selection and the baseline. Nothing is written: outputs that would replace an input are refused before
    /// the check. `progress` gets the number of NinePatches done and their total.
    public func run(progress: (@Sendable (Int, Int) -> Void)? = nil) throws(ProjectCheckFailure) -> ProjectCheckOutcome
    {
        let started = ContinuousClock.now
        var lines = [String]()
        do {
            return try run(started: started, lines: &lines, progress: progress)
        } catch {
            throw ProjectCheckFailure(error, lines: lines)
        }
    }

    private func run(
        started: ContinuousClock.Instant, lines: inout [String], progress: (@Sendable (Int, Int) -> Void)?
    ) throws(ProjectCheckError) -> ProjectCheckOutcome {
        try checkedProjectFolder()
        let configuration = try configuration()
        let todaysChecker = ArtifactChecker.today(
            targetSdk: nil, expected: configuration.expectedApplicationID, policy: configuration.targetAPIPolicy,
            date: configuration.date)
        let previousRelease = try previousArtifact.map { path throws(ProjectCheckError) in
            try todaysChecker.previousRelease(path)
        }
        var artifactChecker = todaysChecker.withEvidence(
            previous: previousRelease, record: configuration.declarationRecord)
        artifactChecker.uploadCertificate =
            try uploadCertificate.map(ArtifactChecker.uploadCertificate) ?? configuration.uploadCertificate
        var artifactFailure: FileReport?
        let artifactCheck = try artifact.flatMap { file throws(ProjectCheckError) -> ArtifactCheck? in
            if let problem = PathProblem.asFile(file) { throw .invalid(problem.description) }
            do {
                return try artifactChecker.check(path: file)
            } catch {
                // The project is still checked; the report names the artifact and the run fails.
                lines.append("playprep: error: \(file): \(error)")
                artifactFailure = FileReport(unreadableArtifact: file, error)
                return nil
            }
        }
        let artifactLines = lines
        let inventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: projectDirectory)
        try refuseOutputsOverInputs(inventory, listingRoots: configuration.listingRoots.map(\.path))
        if !inventory.looseNinePatchFiles.isEmpty {
            lines.append(
                "playprep: \(inventory.looseNinePatchFiles.count) .9.png files outside res/ folders were not checked; "
                    + "run playprep ninepatch check \(projectDirectory)")
        }
        try refuseEmpty(inventory, configuration: configuration)
        if let buildRoot = ProjectDiscovery.enclosingBuild(of: projectDirectory) {
            lines.append(
                "playprep: checking one module: \(projectDirectory) is inside the Gradle build at \(buildRoot) "
                    + "(playprep check \(buildRoot) checks all of it)")
        }
        let release = try configuration.since.map { reference throws(ProjectCheckError) in
            try Self.release(at: reference, of: projectDirectory)
        }
        defer { release?.remove() }
        let checker = ProjectChecker(configuration: configuration, ninePatchChecker: ninePatchChecker, jobs: jobs)
        let run = checker.run(
            inventory, artifact: artifactCheck, previousArtifact: previousRelease, since: release, progress: progress)
        var outcome = ProjectCheckOutcome(
            report: run.report, lines: lines,
            badPatchTolerance: checker.ninePatchChecker.parser.badPatchTolerance
                ?? NinePatchLints.defaultBadPatchTolerance,
            releaseVariants: run.releaseVariants, listings: run.listings, comparedRelease: run.comparedRelease)
        if let release {
            outcome.lines += Self.comparisonLines(release)
        }
        if let artifactFailure {
            outcome.report = Report(files: [artifactFailure] + outcome.report.files)
            outcome.artifactError = artifactLines.first
            outcome.lines.removeAll { artifactLines.contains($0) }
        }
        if let writeBaseline {
            let recorded = Baseline(report: outcome.report, relative: inventory.relative, catalog: .playprep)
            outcome.recordedBaseline = (writeBaseline, recorded.json, recorded.entries.count)
            outcome.lines = artifactLines
            return outcome
        }
        var releaseBoundEntries = [Baseline.Entry]()
        if let baseline {
            let loaded: Baseline
            do {
                loaded = try Baseline.load(baseline)
            } catch {
                throw .invalid(error.description)
            }
            let (known, dropped) = loaded.withoutReleaseBoundEntries(.playprep)
            (outcome.report, outcome.report.baseline) = known.filter(
                outcome.report, relative: inventory.relative, file: baseline)
            releaseBoundEntries = dropped
        }
        outcome.lines += summary(
            of: run, inventory: inventory, report: outcome.report, elapsed: ContinuousClock.now - started,
            artifactFacts: artifactCheck?.facts)
        if let baseline, !releaseBoundEntries.isEmpty {
            let rules = Set(releaseBoundEntries.map(\.rule)).sorted().joined(separator: ", ")
            let count = releaseBoundEntries.count
            outcome.lines.append(
                "playprep: \(baseline) holds \(count) entr\(count == 1 ? "y" : "ies") of rules that judge this release "
                    + "(\(rules)), which a baseline never hides; --write-baseline rewrites it without them")
        }
        return outcome
    }

    /// The lines after the check: what was checked and how long it took, the listings and who reads them,
    /// `playprep.yml` entries that matched nothing, the baseline's age and stale entries, the artifact's identity and the opt-in findings not shown.
    private func summary(
        of run: ProjectCheckResult, inventory: ProjectInventory, report: Report, elapsed: Duration,
        artifactFacts: ArtifactFacts?
    ) -> [String] {
        let counted = { (count: Int, one: String, many: String) in "\(count) \(count == 1 ? one : many)" }
        var note =
            "checked \(counted(inventory.ninePatchFiles.count, "NinePatch", "NinePatches")), "
            + "\(counted(inventory.buildFiles.count, "build file", "build files")) "
            + "(\(counted(run.releaseVariantCount, "release variant", "release variants"))\(run.builds.inSummary)) and "
            + "\(counted(run.listings.count, "listing", "listings")) in "
            + elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow))
        if let suppressed = report.baseline?.suppressed, suppressed > 0 {
            note += "; \(suppressed) known problems ignored (baseline)"
        }
        var lines =
            ["playprep: \(note)"] + run.builds.lines.map { "playprep: \($0)" }
            + run.listings.map { "playprep: listing \($0)" }
            + run.unread.map { "playprep: not read: \($0)" } + run.unusedSettings.map { "playprep: \($0)" }
        if !run.listings.isEmpty {
            lines.append(
                "playprep: a tree is judged by Play's rules only where the repository shows its upload "
                    + "(\(counted(run.ciFiles.count, "CI file", "CI files")) read); "
                    + "see `playprep plan` for why")
        }
        if let use = report.baseline {
            if use.version < Baseline.currentVersion {
                lines.append(
                    "playprep: \(use.file) is a version \(use.version) baseline; --write-baseline rewrites it as version "
                        + "\(Baseline.currentVersion), whose entries survive moved pixels and lines")
            }
            if let stale = use.staleLine { lines.append("playprep: \(stale)") }
        }
        if let artifact, let artifactFacts {
            lines.append("playprep: artifact \(artifact): \(artifactFacts.identityLine)")
        }
        if !run.withheld.isEmpty {
            let rules = run.withheld.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            let count = run.withheld.values.reduce(0, +)
            lines.append(
                "playprep: \(counted(count, "finding", "findings")) of opt-in rules not shown "
                    + "(\(rules.joined(separator: ", "))); --enable RULE shows them")
        }
        return lines
    }

    /// The release at `reference` (`--since`, `since:`), read from git into a temporary folder; a reference git
    /// cannot give is the run's one-line error.
    static func release(at reference: String, of projectDirectory: String) throws(ProjectCheckError) -> GitRelease {
        do {
            return try GitRelease.read(
                reference, projectDirectory: projectDirectory, use: ProjectDiscovery.releaseFileUses)
        } catch {
            throw .invalid(error.description)
        }
    }

    /// What `--since` compared with: the reference (and that `last-tag` chose it), its commit, and the files left
    /// out for their size.
    static func comparisonLines(_ release: GitRelease) -> [String] {
        [
            "playprep: compared with \(release.reference) (commit \(release.shortCommit)"
                + (release.isLastTag ? ", the newest version tag reachable from HEAD)" : ")")
        ]
            + release.skipped.map { "playprep: at \(release.reference), \($0) is over playprep's size limit: not read" }
    }

    /// Refuses, before anything is written, a report output or `writeBaseline` that would replace a file this run
    /// reads: the project's build, fastlane and listing files and NinePatches, the configuration, the artifact and
    /// the baseline (which `writeBaseline` may update in place); then one a symbolic link is on the way to
    /// (`OutputTarget.link`: a repository's committed `playprep.sarif -> ../elsewhere` is never written through).
    private func refuseOutputsOverInputs(_ inventory: ProjectInventory, listingRoots: [String])
        throws(ProjectCheckError)
    {
        // Most runs write neither: then the project's files are not sorted into inputs at all (8% of a `check`).
        guard writeBaseline != nil || reportOutput != nil else { return }
        var inputs = inventory.readFiles(listingRoots: listingRoots)
        if let path = configurationPath { inputs.append(InputFile(path, role: .configuration)) }
        if let artifact { inputs.append(InputFile(artifact, role: .artifact)) }
        if let previousArtifact { inputs.append(InputFile(previousArtifact, role: .artifact)) }
        do {
            if let writeBaseline {
                try OutputTarget(path: writeBaseline).refuse(overwriting: inputs, option: "--write-baseline")
            }
            if let baseline { inputs.append(InputFile(baseline, role: .baseline)) }
            if let reportOutput { try OutputTarget(path: reportOutput).refuse(overwriting: inputs, option: "--output") }
        } catch {
            throw .invalid(error.description)
        }
        for output in [writeBaseline, reportOutput].compactMap({ $0 }) {
            do {
                try OutputTarget(path: output).refuseLink()
            } catch {
                throw .invalid("\(output): cannot be written: \(error)")
            }
        }
    }
}
