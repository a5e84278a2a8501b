import AndroidBuild
import ArtifactKit
import Diagnostics
import FileAccess

/// Without an artifact, the App content declarations each release variant may need: its source manifests
/// (`src/<set>/AndroidManifest.xml` of the variant's source sets) merged as the manifest merger merges them
/// (`tools:node="remove"` honoured), at the build's targetSdk, or the manifest merger's report of the variant when a
/// build left one (`build/outputs/logs/manifest-merger-<variant>-report.txt`, which the walk skips), which also
/// names the library that added each permission. Only the artifact's merged manifest decides; `--artifact` reads
/// it. `check` says how many forms that is in one DCL001 note (the list is `playprep plan`'s), or, with a
/// `declarations:` record, only the forms the record contradicts or does not list, as warnings.
struct SourceDeclarations {
    /// A source manifest is a few KB; a merger report of a large app a few MB.
    static let maxBytes = 16 << 20

    /// Each source manifest file read, parsed or with the reason it cannot be.
    private typealias ParsedManifests = [String: Result<SourceManifest, ArtifactParseError>]

    /// One checklist per group of release variants that need the same forms, module by module: what `playprep
    /// plan` lists.
    func checklists(build: AndroidBuildModel, inventory: ProjectInventory) -> [DeclarationChecklist] {
        moduleChecklists(
            build: build, inventory: inventory, manifests: sourceManifests(build: build, inventory: inventory)
        )
        .map(\.checklist)
    }

    /// The checklists with the module and the release variants each belongs to, its artifact named `:app
    /// playRelease, fdroidRelease by the source manifests …`.
    private func moduleChecklists(
        build: AndroidBuildModel, inventory: ProjectInventory, manifests: ParsedManifests
    ) -> [(
        module: AndroidModule, variants: [String], checklist: DeclarationChecklist
    )] {
        let manifests = manifests.compactMapValues { try? $0.get() }
        let buildFiles = Set(inventory.buildFiles)
        var merged = [MergeKey: DeclarationFacts]()
        return build.applications.flatMap { module in
            var groups = [(variants: [String], checklist: DeclarationChecklist)]()
            for variant in module.releaseVariants {
                guard
                    let checklist = checklist(
                        of: variant, in: module, inventory: inventory, buildFiles: buildFiles, manifests: manifests,
                        merged: &merged)
                else { continue }
                if let index = groups.firstIndex(where: { $0.checklist.needs == checklist.needs }) {
                    groups[index].variants.append(variant.name)
                } else {
                    groups.append(([variant.name], checklist))
                }
            }
            return groups.map { group in
                var checklist = group.checklist
                checklist.artifact =
                    "\(module.gradlePath) \(group.variants.joined(separator: ", ")) by \(checklist.artifact)"
                return (module, group.variants, checklist)
            }
        }
    }

    /// The DCL findings of `check` without an artifact: without a `record`, a `previous` release or a
    /// `previousArtifact`, none (a count of forms repeated on every run that nobody can act on; `plan` lists them);
    /// else each form the record contradicts or does not list, or the release at `--since REF` (`previous`: its
    /// build and inventory, read the same way), else the previous release's artifact (`--previous`), did not need,
    /// at most a warning (the source manifests are not the artifact that Play judges).
    func diagnostics(
        build: AndroidBuildModel, inventory: ProjectInventory, record: DeclarationRecord?,
        previous: (reference: String, build: AndroidBuildModel, inventory: ProjectInventory)? = nil,
        previousArtifact: DeclarationChecklist? = nil
    ) -> [Diagnostic] {
        let manifests = sourceManifests(build: build, inventory: inventory)
        let unreadable = unreadableManifests(manifests)
        let all = moduleChecklists(build: build, inventory: inventory, manifests: manifests).filter {
            !$0.checklist.needs.isEmpty
        }
        guard !all.isEmpty else { return unreadable }
        let before = previous.map { previous in
            moduleChecklists(
                build: previous.build, inventory: previous.inventory,
                manifests: sourceManifests(build: previous.build, inventory: previous.inventory)
            ).map { module, variants, checklist in
                var checklist = checklist
                checklist.artifact = "at \(previous.reference), \(checklist.artifact)"
                return (module: module, variants: variants, checklist: checklist)
            }
        }
        // Without a comparison, whether a form is filed cannot be known: `plan` lists the forms, `check` says nothing.
        guard record != nil || before != nil || previousArtifact != nil else { return unreadable }
        // One finding per message, naming the release variants whose source manifests make it.
        let buildFiles = Set(inventory.buildFiles)
        let previousByModule = Dictionary(grouping: before ?? [], by: \.module.name)
        var found = [(diagnostic: Diagnostic, variants: [String])]()
        for (module, variants, checklist) in all {
            // The same variant at the reference: what it needed is not new (none: everything is).
            let previousChecklist =
                before.map { _ in
                    previousByModule[module.name, default: []].first { $0.variants.contains(variants[0]) }?
                        .checklist
                        ?? DeclarationChecklist(
                            artifact: "at \(previous?.reference ?? ""), none", facts: DeclarationFacts(targetSdk: nil))
                } ?? previousArtifact
            let main = module.directory + "/src/main/AndroidManifest.xml"
            let file = record?.source ?? (buildFiles.contains(main) ? main : module.buildFile ?? module.directory)
            for var diagnostic in DeclarationRules.findings(
                checklist, evidence: DeclarationEvidence(record: record, previous: previousChecklist), file: file)
            {
                if diagnostic.severity == .error { diagnostic.severity = .warning }
                let names = variants.map { "\(module.gradlePath) \($0)" }
                if let index = found.firstIndex(where: { $0.diagnostic == diagnostic }) {
                    found[index].variants += names
                } else {
                    found.append((diagnostic, names))
                }
            }
        }
        return unreadable
            + found.map { diagnostic, variants in
                var diagnostic = diagnostic
                diagnostic.message =
                    "by the source manifests of \(variants.joined(separator: ", ")): " + diagnostic.message
                return diagnostic
            }
    }

    /// The source manifests merged for one variant: variants with the same manifests and targetSdk share them.
    private struct MergeKey: Hashable {
        var files: [String]
        var targetSdk: Int?
    }

    /// The checklist of `variant`, its artifact naming the files it was read from, or `nil` when no manifest of its
    /// source sets can be read. `manifests` are the parsed source manifests; `merged` keeps each merge once.
    private func checklist(
        of variant: BuildVariant, in module: AndroidModule, inventory: ProjectInventory, buildFiles: Set<String>,
        manifests: [String: SourceManifest], merged: inout [MergeKey: DeclarationFacts]
    ) -> DeclarationChecklist? {
        let targetSdk = variant.targetSdk?.value
        let files = variant.sourceSets.map { module.directory + "/src/\($0)/AndroidManifest.xml" }.filter(
            buildFiles.contains)
        let key = MergeKey(files: files, targetSdk: targetSdk)
        let sources =
            merged[key]
            ?? SourceManifest.merged(files.compactMap { manifests[$0] }, targetSdk: targetSdk)
        merged[key] = sources
        let report = module.directory + "/build/outputs/logs/manifest-merger-\(variant.name)-report.txt"
        if PathKind(path: report) == .file, let text = read(report) {
            // The report holds the merged permissions (libraries' included); the services come from the sources.
            let merger = ManifestMergerReport(text)
            var facts = merger.facts
            facts.targetSdk = targetSdk
            facts.services = sources.services
            var checklist = DeclarationChecklist(
                artifact: "the merger report " + inventory.relative(report), facts: facts)
            checklist.needs = Self.sourceNeeds(checklist.needs).map { need in
                var need = need
                need.triggers = need.triggers.map { trigger in
                    let origin = merger.permissions.first { trigger.contains("\"\($0)\"") }.flatMap(merger.origin(of:))
                    return origin.map { "\(trigger) from \($0)" } ?? trigger
                }
                return need
            }
            return checklist
        }
        guard !files.isEmpty else { return nil }
        var checklist = DeclarationChecklist(
            artifact: "the source manifests " + files.map(inventory.relative).joined(separator: ", "), facts: sources)
        checklist.needs = Self.sourceNeeds(checklist.needs)
        return checklist
    }

    /// One DCL001 note for each source manifest of a release variant that is not XML: the declarations it may
    /// need were not looked for, which is said rather than passed over.
    private func unreadableManifests(_ manifests: ParsedManifests) -> [Diagnostic] {
        manifests.sorted { $0.key < $1.key }.compactMap { file, manifest in
            guard case .failure(let error) = manifest else { return nil }
            return DeclarationRules.checklist.rule.diagnostic(
                file: file,
                "cannot read this manifest as XML (\(error)): the App content declarations it may need were not "
                    + "looked for")
        }
    }

    /// The source manifests of every release variant that can be read as files, each parsed once however many
    /// variants share it (a build may have hundreds of release variants).
    private func sourceManifests(build: AndroidBuildModel, inventory: ProjectInventory) -> ParsedManifests {
        let files = Set(
            build.applications.flatMap { module in
                module.releaseVariants.flatMap(\.sourceSets).map { module.directory + "/src/\($0)/AndroidManifest.xml" }
            }
        ).intersection(inventory.buildFiles)
        var manifests = ParsedManifests()
        for file in files {
            guard let text = read(file) else { continue }
            manifests[file] = Result { () throws(ArtifactParseError) in try SourceManifest(text) }
        }
        return manifests
    }

    /// The needs sources can show: the Advertising ID answer only when AD_ID is there (every app targeting API 33+
    /// owes the form, and files it once for all its releases).
    private static func sourceNeeds(_ needs: [DeclarationNeed]) -> [DeclarationNeed] {
        needs.filter { $0.advertisingID != .notUsed }
    }

    private func read(_ file: String) -> String? {
        (try? FileReader(maxBytes: Self.maxBytes).read(file)).map { String(decoding: $0, as: UTF8.self) }
    }
}
