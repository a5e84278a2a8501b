import AndroidBuild
import ArtifactKit
import Diagnostics
import Foundation
import NinePatchKit
import PackageNameKit
import PlayListingKit
import ReleaseDiff
import UploadWiring

/// What one `playprep check` found, with the rule selection applied.
struct ProjectCheckResult: Sendable, Hashable {
    var report: Report
    /// Findings of opt-in rules nobody turned on, counted per rule id.
    var withheld: [String: Int]
    /// One line per listing: its folder and who receives it.
    var listings: [String]
    /// Application modules and their release variants, for the run's summary.
    var releaseVariantCount: Int
    /// The Gradle builds read and not read, and the modules not read, for the run's summary.
    var builds: BuildSummary
    /// One line per release variant, `:app proRelease: com.example.app, versionCode 12`, for report headers.
    var releaseVariants: [String] = []
    /// The CI configurations read to find who uploads each listing.
    var ciFiles: [String]
    /// What the upload readers could not read (Fastfile imports from other repositories, …), one line each.
    var unread: [String] = []
    /// `playprep.yml` entries that matched nothing in the project, one line each.
    var unusedSettings: [String] = []
    /// With `--since REF`: the release compared with (reference and commit), then one line per release variant
    /// there, as `releaseVariants`.
    var comparedRelease: [String] = []
}

/// Runs every NinePatch, resource, package-name and listing rule over a discovered project, judging what the
/// build and the stores actually receive: each NinePatch (in parallel) and the cross-file lints, the
/// applicationIds of the variants the build model finds, and each listing as its store reads it.
struct ProjectChecker: Sendable {
    var configuration: ProjectConfiguration
    var ninePatchChecker: NinePatchChecker
    var jobs: Int

    /// A checker for `configuration`; a NinePatch checker without a bad-patch threshold gets the configured one
    /// (or the default), so the project check always runs NP107 as `playprep check` does.
    init(configuration: ProjectConfiguration, ninePatchChecker: NinePatchChecker = NinePatchChecker(), jobs: Int) {
        self.configuration = configuration
        self.ninePatchChecker = ninePatchChecker
        if ninePatchChecker.parser.badPatchTolerance == nil {
            self.ninePatchChecker.parser.badPatchTolerance =
                configuration.badPatchTolerance ?? NinePatchLints.defaultBadPatchTolerance
        }
        self.jobs = jobs
    }

    /// The findings for `inventory`, with the configuration's rule selection applied.
    func check(_ inventory: ProjectInventory, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Report {
        run(inventory, progress: progress).report
    }

    /// Everything the run found and how it read the project. `progress` gets the number of NinePatches done and
    /// their total. With an `artifact`, its findings join the report and the listing is judged for the release
    /// it is: the release notes of the artifact's versionCode must exist and fit (instead of the build's).
    /// With `since` (the release at `--since REF`, read into a folder), REL findings compare the two builds and
    /// the declaration rules report only the forms new since then; with `previousArtifact` (`--previous`), REL
    /// findings compare this release's versionCode and applicationId with that artifact's (and without `since`,
    /// the declaration rules report only the forms it did not need).
    func run(
        _ inventory: ProjectInventory, artifact: ArtifactCheck? = nil, previousArtifact: ArtifactCheck? = nil,
        since: GitRelease? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> ProjectCheckResult {
        let total = inventory.ninePatchFiles.count
        let checks = ninePatchChecker.checks(forFilesAt: inventory.ninePatchFiles, jobs: jobs) { progress?($0, total) }
        let (configuration, build, ci, listingPlan) = readRelease(inventory, artifact: artifact)
        let targets = listingPlan.targets
        let (listingFiles, outcomes) = listingReports(targets, files: inventory.files, root: inventory.root)
        let (previous, releaseFindings) = compare(
            since: since, artifact: artifact, previousArtifact: previousArtifact, with: build,
            configuration: configuration, inventory: inventory, targets: targets,
            uploads: listingPlan.variantUploads)
        // A finding on this release's artifact joins its report; the others, the build files'.
        let artifactFile = artifact.map(ArtifactRelease.init)?.file
        let (onArtifact, onBuild) = (
            releaseFindings.filter { $0.file == artifactFile }, releaseFindings.filter { $0.file != artifactFile }
        )
        let project = ProjectContext(
            inventory: inventory, ninePatches: checks, build: build,
            expectedApplicationID: configuration.expectedApplicationID,
            versionCodeGiven: !configuration.listingOptions.versionCodes.isEmpty, artifact: artifact,
            listings: outcomes, variantUploads: listingPlan.variantUploads,
            targetAPIPolicy: configuration.targetAPIPolicy, date: configuration.date ?? ArtifactChecker.todayUTC,
            densityOutliers: DensityConsistency(threshold: Double(configuration.densityThreshold)).outliers(in: checks))
        var extra = [String: [Diagnostic]]()
        for diagnostic in ProjectRules.resourceEntries.flatMap({ $0.findings(on: project) }) {
            extra[diagnostic.file, default: []].append(diagnostic)
        }
        let aapt1 = configuration.aapt1Compatibility || configuration.rules.isTurnedOn(NinePatchRules.aapt1Rejects.id)
        // NP107's smear never shows on a NinePatch the project only draws at its own size.
        let neverStretched = DrawableUses(files: inventory.files).drawnAtOwnSize(
            checks.filter { $0.diagnostics.contains { $0.ruleID == NinePatchRules.badPatch.id } }.map(\.file))
        var ninePatchReports = checks.map { check in
            var diagnostics = check.diagnostics + (extra.removeValue(forKey: check.file) ?? [])
            if neverStretched.contains(check.file) {
                diagnostics.removeAll { $0.ruleID == NinePatchRules.badPatch.id }
            }
            if aapt1, let model = check.ninePatch {
                diagnostics += NinePatchLints.aapt1Compatibility(model, file: check.file)
            }
            return FileReport(file: check.file, diagnostics: diagnostics)
        }
        ninePatchReports += extra.keys.sorted().map { FileReport(file: $0, diagnostics: extra[$0] ?? []) }
        let packageFindings = PackageNameJudge(expected: configuration.expectedApplicationID).diagnostics(for: build)
        let declarationNotes =
            artifact == nil
            ? SourceDeclarations().diagnostics(
                build: build, inventory: inventory, record: configuration.declarationRecord,
                previous: previous.map { ($0.release.reference, $0.build, $0.inventory) },
                previousArtifact: previousArtifact?.declarations) : []
        let report = Report(
            files: Self.artifactReports(
                artifact?.files ?? [], ProjectRules.artifactOfAnotherApp.findings(on: project) + onArtifact)
                + buildFileReports(
                    inventory,
                    ProjectRules.unreadable.findings(on: project) + packageFindings
                        + ProjectRules.unresolvedBuildValue.findings(on: project)
                        + TargetSdkRules.all.flatMap { $0.findings(on: project) } + onBuild
                        + declarationNotes)
                + ninePatchReports
                + Self.merging(listingFiles, ProjectRules.uploadEntries.flatMap { $0.findings(on: project) }))
        var rules = configuration.rules
        if configuration.aapt1Compatibility { rules.enable([NinePatchRules.aapt1Rejects.id]) }
        let (selected, withheld) = rules.apply(to: report, catalog: .playprep)
        return ProjectCheckResult(
            report: selected, withheld: withheld, listings: targets.map(\.summary) + listingPlan.unjudged,
            releaseVariantCount: build.applications.map(\.releaseVariants.count).reduce(0, +),
            builds: BuildSummary(build, relative: inventory.relative),
            releaseVariants: Self.variantLines(build), ciFiles: ci.files, unread: listingPlan.unread.map(\.description),
            unusedSettings: SuppliedBuildValues(modules: configuration.suppliedModules).unmatchedEntries(in: build),
            comparedRelease: previous?.lines ?? [])
    }

    /// The release at `--since REF` as read from its folder.
    struct PreviousRelease {
        var release: GitRelease
        var inventory: ProjectInventory
        var build: AndroidBuildModel

        /// The reference and its commit, then one line per release variant there.
        var lines: [String] {
            ["\(release.reference) (commit \(release.shortCommit))"] + ProjectChecker.variantLines(build)
        }
    }

    /// Reads the release at `since` as the working tree is read (the same walk and build reader, without the
    /// values `playprep.yml` supplies for today's release), and compares this release with it and with the
    /// previous release's artifact (`--previous`): the REL findings. A versionCode given for this release (the
    /// artifact's, `--version-code`, `listing.versionCode`) is the one compared: Play receives it.
    private func compare(
        since release: GitRelease?, artifact: ArtifactCheck?, previousArtifact: ArtifactCheck?,
        with build: AndroidBuildModel, configuration: ProjectConfiguration, inventory: ProjectInventory,
        targets: [ListingTarget], uploads: [VariantUpload]
    ) -> (PreviousRelease?, [Diagnostic]) {
        let artifactRelease = artifact.map(ArtifactRelease.init)
        let given = configuration.listingOptions.versionCode.map { code in
            (
                code,
                self.configuration.listingOptions.versionCode == code
                    ? "given with --version-code or listing.versionCode"
                    : "--artifact \(artifactRelease?.place ?? "")"
            )
        }
        var comparison = ReleaseComparison(
            reference: nil, current: build, releasedVersionCode: given, artifact: artifactRelease,
            previousArtifact: previousArtifact.map(ArtifactRelease.init),
            deliveries: uploads.compactMap { $0.delivery(root: inventory.root) })
        guard let release else { return (nil, ReleaseRules.diagnostics(comparison)) }
        let previousInventory = ProjectDiscovery(excludes: configuration.excludes).inventory(of: release.root)
        // Each folder of a tree the repository shows is uploaded to Play, with its files then and now.
        var folders = [String]()
        comparison.listings = targets.filter { $0.readers.store == .play && $0.readers.proof == .shown }.flatMap {
            target in
            target.layers.compactMap { layer -> ListingTreeFiles? in
                guard !folders.contains(layer) else { return nil }
                folders.append(layer)
                let below = { (root: String, files: [String]) in
                    let prefix = root + "/"
                    return files.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
                }
                return ListingTreeFiles(
                    folder: layer, layout: target.options.layout == .gpp ? .gpp : .fastlane,
                    previous: below(release.root + "/" + inventory.relative(layer), previousInventory.files),
                    current: below(layer, inventory.files))
            }
        }
        let previousBuild = readBuild(previousInventory, supplied: false)
        comparison.reference = ReleaseComparison.Reference(
            name: release.reference, build: previousBuild, root: release.root)
        return (
            PreviousRelease(release: release, inventory: previousInventory, build: previousBuild),
            ReleaseRules.diagnostics(comparison)
        )
    }

    /// One line per release variant, `:app proRelease: com.example.app, versionCode 12`.
    static func variantLines(_ build: AndroidBuildModel) -> [String] {
        build.applications.flatMap { module in
            module.releaseVariants.map { variant in
                "\(module.name) \(variant.name): \(variant.applicationID.value ?? "applicationId unknown"), "
                    + (variant.versionCode?.value.map { "versionCode \($0)" } ?? "versionCode unknown")
            }
        }
    }

    /// The listing findings for the trees at, inside or around `folder` (relative to the inventory's root; empty for
    /// the root itself), judged exactly as `check` judges them: by the store that reads each tree and with its
    /// upload's proof, with the configuration's rule selection. `nil` when no listing the project reads is there.
    func listingReport(_ inventory: ProjectInventory, at folder: String) -> (report: Report, listings: [String])? {
        let (configuration, build, _, plan) = readRelease(inventory, artifact: nil)
        let chosen = plan.targets.filter { target in
            target.layers.map(inventory.relative).contains { layer in
                folder.isEmpty || layer == folder || layer.hasPrefix(folder + "/") || folder.hasPrefix(layer + "/")
            }
        }
        guard !chosen.isEmpty else { return nil }
        let (files, outcomes) = listingReports(chosen, files: inventory.files, root: inventory.root)
        // The upload rules (UPL001, UPL002) judge these trees as `check` does.
        let project = ProjectContext(
            inventory: inventory, ninePatches: [], build: build,
            expectedApplicationID: configuration.expectedApplicationID,
            versionCodeGiven: !configuration.listingOptions.versionCodes.isEmpty, listings: outcomes)
        let (selected, _) = configuration.rules.apply(
            to: Report(files: Self.merging(files, ProjectRules.uploadEntries.flatMap { $0.findings(on: project) })),
            catalog: .playprep)
        return (selected, chosen.map(\.summary))
    }

    /// The configuration for the release, the build (with the values `playprep.yml` supplies), the CI
    /// configurations and the listing plan: what both `check` and `plan` read. The `artifact`'s versionCode
    /// names the release notes, which must then exist, unless it is another app's (PRJ003).
    private func readRelease(_ inventory: ProjectInventory, artifact: ArtifactCheck?) -> (
        ProjectConfiguration, AndroidBuildModel, ContinuousIntegration, ListingPlan
    ) {
        var configuration = configuration
        let build = readBuild(inventory)
        if let manifest = artifact?.manifest, let versionCode = manifest.versionCode,
            ArtifactOfTheBuild.variants(of: manifest, in: build) != nil
        {
            configuration.listingOptions.versionCode = versionCode
            configuration.listingOptions.requiresReleaseNotes = true
        }
        let ci = ContinuousIntegration(root: inventory.root, walked: inventory.files)
        let plan = ListingPlanner(configuration: configuration).plan(for: inventory, build: build, ci: ci)
        return (configuration, build, ci, plan)
    }

    /// The build of `inventory`, with the values `playprep.yml` supplies unless `supplied` is false (the release
    /// at `--since REF`: today's supplied versionCode is not the one it had).
    private func readBuild(_ inventory: ProjectInventory, supplied: Bool = true) -> AndroidBuildModel {
        let build = AndroidBuildReader(
            propertyOverrides: configuration.gradleProperties, releaseBuildTypes: configuration.releaseBuildTypes,
            maximumVariants: configuration.maximumVariants
        ).read(root: inventory.root, files: inventory.files)
        return supplied ? SuppliedBuildValues(modules: configuration.suppliedModules).applied(to: build) : build
    }

    /// The artifact's reports with its findings against the build (PRJ003) first in its own.
    private static func artifactReports(_ reports: [FileReport], _ diagnostics: [Diagnostic]) -> [FileReport] {
        reports.map { report in
            var report = report
            report.diagnostics.insert(contentsOf: diagnostics.filter { $0.file == report.file }, at: 0)
            return report
        }
    }

    /// The release as playprep reads it, before judging (`playprep plan`): application modules and their release
    /// variants, each listing tree with its readers and evidence, the files each store receives, and with the
    /// release's `artifact` its versionCode's notes and the Play Console declarations it needs.
    func plan(_ inventory: ProjectInventory, artifact: ArtifactCheck? = nil, since: GitRelease? = nil) -> ReleasePlan {
        let (configuration, build, ci, listingPlan) = readRelease(inventory, artifact: artifact)
        let targets = listingPlan.targets
        let relative = inventory.relative
        let locate = { (location: SourceLocation?) in
            location.map { "\(relative($0.file)):\($0.line)" } ?? "default"
        }
        let fact = { (value: BuildValue<String>?) -> ReleasePlan.BuildFact in
            switch value {
            case .known(let known, let location)?: ReleasePlan.BuildFact(value: known, source: locate(location))
            case .unknown(let expression)?:
                if case .atLeast(let floor) = expression.reason {
                    ReleasePlan.BuildFact(
                        value: nil, atLeast: floor,
                        source: "`\(Excerpt.of(expression.expression))` at \(locate(expression.location)): an "
                            + "environment variable read at build time may raise it")
                } else {
                    ReleasePlan.BuildFact(
                        value: nil,
                        source: (expression.expression.isEmpty ? "" : "`\(Excerpt.of(expression.expression))` ")
                            + "at \(locate(expression.location)): \(expression.reason)")
                }
            case nil: ReleasePlan.BuildFact(value: nil, source: "not set in the build files")
            }
        }
        let modules = build.applications.map { module in
            ReleasePlan.Module(
                name: module.name, gradlePath: module.gradlePath, buildFile: module.buildFile.map(relative),
                plugins: module.plugins.filter { $0.id.hasPrefix("com.android.") || $0.id == "com.github.triplet.play" }
                    .reduce(into: [AppliedPlugin]()) { unique, plugin in
                        if !unique.contains(where: { $0.id == plugin.id }) { unique.append(plugin) }
                    }
                    .map { plugin in
                        let published = module.releaseVariants.filter(\.isPublishedByGPP).map(\.name)
                        let only =
                            plugin.id == "com.github.triplet.play" && published.count < module.releaseVariants.count
                            ? "; publishes "
                                + (published.isEmpty
                                    ? "no release variant" : published.joined(separator: ", ") + " only")
                            : ""
                        return
                            "\(plugin.id) (\(locate(plugin.location))\(plugin.via.map { ", via " + $0 } ?? "")\(only))"
                    },
                releaseVariants: module.releaseVariants.map { variant in
                    let number = { (value: BuildValue<Int>?) -> BuildValue<String>? in
                        switch value {
                        case .known(let value, let location)?: .known(String(value), at: location)
                        case .unknown(let expression)?: .unknown(expression)
                        case nil: nil
                        }
                    }
                    return ReleasePlan.Variant(
                        name: variant.name, applicationId: fact(variant.applicationID),
                        versionCode: fact(number(variant.versionCode)), targetSdk: fact(number(variant.targetSdk)))
                })
        }
        let checker = ListingChecker(limits: configuration.listingLimits, decoder: ninePatchChecker.decoder)
        let walked = ListingFileIndex(inventory.files)
        // The planner says "(configured)" of any versionCode it is given; the artifact's is named as such.
        let artifactGaveCode =
            self.configuration.listingOptions.versionCodes.isEmpty
            && !configuration.listingOptions.versionCodes.isEmpty
        let fromArtifact = artifact.flatMap { $0.files.first?.file }.map {
            ": the versionCode of the artifact \(relative($0))"
        }
        let listings = listingPlan.targets.map { target in
            let source = target.source(in: walked)
            let delivery = (try? checker.delivery(source, options: target.options, displayRoot: target.displayRoot))
                .flatMap { $0 }
                .map { delivery in
                    var delivery = delivery
                    delivery.renamePaths(relative)
                    return delivery
                }
            return ReleasePlan.Listing(
                folders: target.layers.map(relative),
                layout: delivery?.layout ?? target.options.layout?.rawValue ?? "fastlane",
                store: target.readers.store.rawValue, proof: target.readers.proof, readers: target.readers.reason,
                evidence: target.readers.evidence, senders: target.readers.senders,
                releaseNotes: artifactGaveCode
                    ? target.releaseNotes.replacingOccurrences(
                        of: ": the version being released (configured)", with: fromArtifact ?? "")
                    : target.releaseNotes,
                receives: delivery?.files ?? [], delivery: delivery)
        }
        var plan = ReleasePlan(
            ciFiles: ci.files, builds: BuildSummary(build, relative: relative), fastfiles: listingPlan.fastfiles,
            unread: listingPlan.unread.map(\.description), modules: modules, listings: listings)
        plan.unjudged = listingPlan.unjudged
        let (previous, findings) = compare(
            since: since, artifact: artifact, previousArtifact: nil, with: build, configuration: configuration,
            inventory: inventory, targets: targets, uploads: listingPlan.variantUploads)
        if let previous {
            plan.comparison = ReleasePlan.Comparison(
                release: previous.lines[0], variants: Array(previous.lines.dropFirst()),
                findings: findings.map { "\($0.ruleID) \($0.severity.rawValue): \($0.message)" })
        }
        plan.declarations = artifact?.declarations
        if artifact == nil {
            plan.sourceDeclarations = SourceDeclarations().checklists(build: build, inventory: inventory)
        }
        if !modules.isEmpty || artifact != nil { plan.appLevelForms = AppLevelForm.play2026 }
        return plan
    }

    /// One report per build file and manifest, holding the package-name findings and build notes made there.
    private func buildFileReports(_ inventory: ProjectInventory, _ diagnostics: [Diagnostic]) -> [FileReport] {
        var byFile = Dictionary(grouping: diagnostics, by: \.file)
        var reports = inventory.buildFiles.map { file in
            FileReport(file: file, diagnostics: byFile.removeValue(forKey: file) ?? [])
        }
        reports += byFile.keys.sorted().map { FileReport(file: $0, diagnostics: byFile[$0] ?? []) }
        return reports
    }

    /// Each listing as its store reads it, from the files the walk found (so excludes apply); a file several
    /// variants share is reported once. Of a tree whose upload is undecided for some parts, Play's refusals on
    /// those parts are set apart (the tree's one UPL001 warning lists them), and its other findings say that they
    /// hold if the tree is uploaded. Each error on a tree whose upload is shown or live names that proof.
    private func listingReports(_ targets: [ListingTarget], files walked: [String], root: String) -> (
        [FileReport], [ListingOutcome]
    ) {
        let checker = ListingChecker(limits: configuration.listingLimits, decoder: ninePatchChecker.decoder)
        var order = [String]()
        var byFile = [String: [Diagnostic]]()
        var outcomes = [ListingOutcome]()
        var unreadable = [String: String]()
        // Listing files share the NinePatches' size limit (`--max-file-bytes`): a larger one is refused unread.
        let maxFileBytes = ninePatchChecker.decoder.limits.maxFileBytes
        let index = ListingFileIndex(walked)
        for target in targets {
            var files: [FileReport]
            var refusals = [Diagnostic]()
            do {
                files = try checker.check(
                    target.source(in: index, maxFileBytes: maxFileBytes), options: target.options,
                    displayRoot: target.displayRoot
                ).files
                if target.isPartlyUndecided {
                    var provenOptions = target.options
                    provenOptions.uploads = target.readers.provenParts
                    let shown =
                        provenOptions.uploads.isEmpty
                        ? [:]
                        : Dictionary(
                            try checker.check(
                                target.source(in: index, proven: true, maxFileBytes: maxFileBytes),
                                options: provenOptions,
                                displayRoot: target.displayRoot
                            ).files.map { ($0.file, $0.diagnostics) }, uniquingKeysWith: +)
                    for fileIndex in files.indices {
                        let kept = shown[files[fileIndex].file] ?? []
                        var diagnostics = [Diagnostic]()
                        for diagnostic in files[fileIndex].diagnostics {
                            if kept.contains(diagnostic) {
                                diagnostics.append(diagnostic)
                            } else if diagnostic.severity == .error {
                                refusals.append(diagnostic)
                            } else {
                                diagnostics.append(Self.ifUploaded(diagnostic, readers: target.readers))
                            }
                        }
                        files[fileIndex].diagnostics = diagnostics
                    }
                    // The tree's UPL001 lists only the refusals of rules the configuration keeps as errors.
                    refusals = configuration.rules.apply(
                        to: Report(files: [FileReport(file: target.displayRoot, diagnostics: refusals)]),
                        catalog: .playprep
                    ).0.diagnostics.filter { $0.severity == .error }
                }
                files = files.map { $0.withUnreadableListingFile() }
            } catch {
                files = [
                    FileReport(
                        file: target.displayRoot,
                        diagnostics: [
                            ProjectRules.unreadable.rule.diagnostic(
                                file: target.displayRoot, "cannot read the listing: \(error)")
                        ])
                ]
            }
            if let proof = Self.proof(of: target.readers, root: root) {
                for fileIndex in files.indices {
                    files[fileIndex].diagnostics = files[fileIndex].diagnostics.map { diagnostic in
                        guard diagnostic.severity == .error, !diagnostic.related.contains(proof) else {
                            return diagnostic
                        }
                        var proven = diagnostic
                        proven.related.append(proof)
                        return proven
                    }
                }
            }
            outcomes.append(ListingOutcome(target: target, undecidedRefusals: refusals))
            for file in files {
                if byFile[file.file] == nil { order.append(file.file) }
                if let reason = file.unreadable { unreadable[file.file] = reason }
                for diagnostic in file.diagnostics where !(byFile[file.file] ?? []).contains(diagnostic) {
                    byFile[file.file, default: []].append(diagnostic)
                }
                if byFile[file.file] == nil { byFile[file.file] = [] }
            }
        }
        return (
            order.map { FileReport(file: $0, diagnostics: byFile[$0] ?? [], unreadable: unreadable[$0]) }, outcomes
        )
    }

    /// The line that proves a Play tree's upload, as a place of each of its errors: the first line of the
    /// strongest upload (the CI step, the live lane, the applied plugin) and who sends it, so an error names why
    /// Play receives the file.
    private static func proof(of readers: ListingReaders, root: String) -> RelatedLocation? {
        guard readers.store == .play, readers.proof == .shown || readers.proof == .live else { return nil }
        let sender = readers.senders.first { $0.proof == readers.proof }
        guard let line = sender?.evidence.first ?? readers.evidence.first else { return nil }
        let what = sender.map { "Play receives it: \($0.what)" } ?? "Play receives it: \(readers.reason)"
        // A hand-run upload names why it is live, each sign with its line (the guard that applies GPP, the Appfile).
        let signs = sender?.liveness?.signs.map(\.description) ?? []
        let live =
            readers.proof != .live ? "" : signs.isEmpty ? " (live)" : " (live: " + signs.joined(separator: ", ") + ")"
        return RelatedLocation(
            file: root + "/" + line.file, location: .text(line: line.line), message: what + live + " `\(line.quote)`")
    }

    /// A finding on a part whose upload is undecided: it says so and names the evidence.
    private static func ifUploaded(_ diagnostic: Diagnostic, readers: ListingReaders) -> Diagnostic {
        var diagnostic = diagnostic
        let evidence = readers.evidence.map(\.description).joined(separator: "; ")
        diagnostic.message = "if this tree is uploaded to Play as committed: " + diagnostic.message
        diagnostic.hint = (diagnostic.hint.map { $0 + "; " } ?? "") + "upload evidence: \(readers.reason) (\(evidence))"
        return diagnostic
    }

    /// The listing reports with the upload rules' findings on their trees (a tree's report when it has one).
    private static func merging(_ reports: [FileReport], _ findings: [Diagnostic]) -> [FileReport] {
        var reports = reports
        for finding in findings {
            if let index = reports.firstIndex(where: { $0.file == finding.file }) {
                reports[index].diagnostics.insert(finding, at: 0)
            } else {
                reports.append(FileReport(file: finding.file, diagnostics: [finding]))
            }
        }
        return reports
    }
}
