import AndroidBuild
import ArtifactKit
import Diagnostics
import FileAccess

/// Without an artifact, the App content declarations a release *may* need (DCL001 notes): from each source
/// manifest of an application module (`src/*/AndroidManifest.xml`), and from the manifest merger's report when
/// a build left one (`build/outputs/logs/manifest-merger-*-report.txt`, which the walk skips), naming the library
/// that added each permission. Only the merged manifest of the artifact decides; `--artifact` reads it.
struct SourceDeclarations {
    /// A source manifest is a few KB; a merger report of a large app a few MB.
    static let maxBytes = 16 << 20

    func diagnostics(build: AndroidBuildModel, inventory: ProjectInventory) -> [Diagnostic] {
        var found = [Diagnostic]()
        for module in build.applications {
            let manifests = inventory.buildFiles.filter {
                $0.hasPrefix(module.directory + "/src/") && $0.hasSuffix("/AndroidManifest.xml")
            }
            for file in manifests.sorted() {
                guard let text = read(file) else { continue }
                do {
                    let manifest = try SourceManifest(text)
                    found += note(Self.needs(manifest.facts), file: file, source: "this manifest") { _ in nil }
                } catch {
                    found.append(
                        DeclarationRules.checklist.rule.diagnostic(
                            file: file,
                            "cannot read this manifest as XML (\(error)): the App content declarations it may need "
                                + "were not looked for"))
                }
            }
            let logs = module.directory + "/build/outputs/logs"
            let reports = FolderWalker().files(under: logs) { path in
                let name = path.split(separator: "/").last ?? ""
                return name.hasPrefix("manifest-merger-") && name.hasSuffix("-report.txt")
            }
            for file in reports.sorted() {
                guard let text = read(file) else { continue }
                let report = ManifestMergerReport(text)
                found += note(Self.needs(report.facts), file: file, source: "this merger report") { trigger in
                    report.permissions.first { trigger.contains("\"\($0)\"") }.flatMap(report.origin(of:))
                }
            }
        }
        return found
    }

    /// The needs of a source: the Advertising ID answer only when AD_ID is there (every app targeting API 33+
    /// owes it, which the artifact's target decides).
    static func needs(_ facts: DeclarationFacts) -> [DeclarationNeed] {
        DeclarationRules.needs(facts).filter { $0.advertisingID != .notUsed }
    }

    private func read(_ file: String) -> String? {
        (try? FileReader(maxBytes: Self.maxBytes).read(file)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// DCL001's "may need" note for `needs` found in `file`; `origin` names where a trigger came from.
    private func note(
        _ needs: [DeclarationNeed], file: String, source: String, origin: (String) -> String?
    ) -> [Diagnostic] {
        guard !needs.isEmpty else { return [] }
        let listed = needs.map { need in
            let triggers = need.triggers.map { trigger in origin(trigger).map { "\(trigger) from \($0)" } ?? trigger }
            let types = need.foregroundServiceTypes.map { " (\($0.joined(separator: ", ")))" } ?? ""
            return "[\(need.refusesCommit ? "commit" : "review")] \(need.form)\(types) — "
                + triggers.joined(separator: ", ")
                + (need.gate.hasPrefix("if ") ? " (\(need.gate))" : "")
        }
        let line = needs.compactMap(\.line).min()
        return [
            DeclarationRules.checklist.rule.diagnostic(
                file: file, at: line.map { Location(line: $0) },
                "may need \(needs.count) App content declaration\(needs.count == 1 ? "" : "s") by what \(source) "
                    + "holds: " + listed.joined(separator: "; ")
                    + "; the merged manifest decides (libraries add permissions, tools:node=\"remove\" takes them "
                    + "out)",
                hint: "run playprep check --artifact with the release APK or AAB to know; " + DeclarationRules.waysOut)
        ]
    }
}
