import AndroidBuild
import ArtifactKit
import Diagnostics
import UploadWiring

/// The build's target API level against Play's requirement on the day of the run (`TargetAPIPolicy`, the table
/// ART003 reads): each release variant's targetSdk, judged as strongly as the repository shows that variant
/// reaching Play (``VariantUpload``).
enum TargetSdkRules {
    static let all = [belowRequirement, belowNextRequirement, unresolved]

    static let belowRequirement = ProjectRule(
        .project(
            "TGT001", "target-sdk-below-requirement", .error,
            "A release variant's targetSdk is below Play's target API level requirement on the day of the check (the "
                + "dated table ART003 reads; artifact.targetSdk in playprep.yml pins it; Wear OS, TV and Automotive "
                + "modules get their lower level): an error where the repository shows the variant reaching Play, a "
                + "warning where that is only partly shown, a note where nothing sends it.",
            why: "Play refuses the upload.", releaseBound: true,
            passing: [ProjectFileExample(project: "TestImages/releases/target-sdk-current")],
            failing: [ProjectFileExample(project: "TestImages/releases/target-sdk-old", file: "app/build.gradle")])
    ) { project, finding in
        TargetSdkJudge(project).findings(finding, upcoming: false)
    }

    static let belowNextRequirement = ProjectRule(
        .project(
            "TGT002", "target-sdk-below-next-requirement", .warning,
            "A release variant's targetSdk meets today's requirement but not the one of Play's next deadline within "
                + "\(TargetSdkJudge.horizonDays) days (a note where nothing sends the variant to Play).",
            why: "Play will refuse updates from that date: the next release after it needs the higher level.",
            releaseBound: true,
            passing: [ProjectFileExample(project: "TestImages/releases/target-sdk-current")],
            failing: [
                ProjectFileExample(
                    project: "TestImages/releases/target-sdk-next-deadline", file: "app/build.gradle",
                    date: "2026-06-01")
            ])
    ) { project, finding in
        TargetSdkJudge(project).findings(finding, upcoming: true)
    }

    static let unresolved = ProjectRule(
        .project(
            "TGT003", "target-sdk-unresolved", .note,
            "A release variant's targetSdk is an expression playprep cannot evaluate, so TGT001 cannot judge it: "
                + "one note per Gradle build, where reading stopped and why.",
            why: "Nothing is known to be wrong: the note says which level was not judged.",
            passing: [ProjectFileExample(project: "TestImages/releases/target-sdk-current")],
            failing: [
                ProjectFileExample(project: "TestImages/releases/target-sdk-unresolved", file: "app/build.gradle")
            ])
    ) { project, finding in
        TargetSdkJudge(project).unresolvedNotes(finding)
    }
}

/// TGT's judgement of one project: every release variant's targetSdk with the strongest upload that sends it.
struct TargetSdkJudge {
    /// How far ahead a deadline is announced (TGT002).
    static let horizonDays = 120

    var project: ProjectContext

    init(_ project: ProjectContext) { self.project = project }

    /// TGT001's findings (`upcoming`: TGT002's), one per module, targetSdk declaration and proof, naming the
    /// variants.
    func findings(_ finding: RuleOutput, upcoming: Bool) -> [Diagnostic] {
        var found = [Diagnostic]()
        for module in project.build.applications {
            let otherFormFactor = module.otherFormFactorFeature != nil
            // Variants sharing a declaration and an upload are one finding.
            var groups = [(key: String, variants: [String], upload: VariantUpload?, diagnostic: Diagnostic)]()
            for variant in module.releaseVariants {
                guard case .known(let level, let location)? = variant.targetSdk,
                    let judged = judgement(level, otherFormFactor: otherFormFactor, upcoming: upcoming)
                else { continue }
                let upload = project.variantUploads.first { $0.module == module.name && $0.variant == variant.name }
                let proof = upload?.proof ?? .none
                let key = "\(location.map(\.description) ?? "") \(proof) \(upload?.evidence.first?.description ?? "")"
                if let index = groups.firstIndex(where: { $0.key == key }) {
                    groups[index].variants.append(variant.name)
                    continue
                }
                var diagnostic = finding.diagnostic(
                    file: location?.file ?? module.buildFile ?? module.directory,
                    severity: severity(proof, upcoming: upcoming),
                    at: location.map { .text(line: $0.line, column: $0.column) }, judged.message + formFactor(module),
                    hint: judged.hint)
                diagnostic.related = upload?.relatedLocations(root: project.inventory.root) ?? []
                groups.append((key, [variant.name], upload, diagnostic))
            }
            for group in groups {
                var diagnostic = group.diagnostic
                diagnostic.message =
                    "\(module.name) \(group.variants.joined(separator: ", ")): " + diagnostic.message + "; "
                    + (group.upload?.sentence ?? "nothing in the repository sends it to Play")
                found.append(diagnostic)
            }
        }
        return found
    }

    /// TGT003: per Gradle build, the first targetSdk expression of a release variant that cannot be evaluated.
    func unresolvedNotes(_ finding: RuleOutput) -> [Diagnostic] {
        var byBuild = [String: (expression: UnresolvedExpression, modules: [String])]()
        var order = [String]()
        for module in project.build.applications {
            for case .unknown(let expression)? in module.releaseVariants.map(\.targetSdk) {
                if byBuild[module.build] == nil {
                    byBuild[module.build] = (expression, [])
                    order.append(module.build)
                }
                if byBuild[module.build]?.modules.contains(module.name) == false {
                    byBuild[module.build]?.modules.append(module.name)
                }
            }
        }
        return order.compactMap { build in
            guard let (expression, modules) = byBuild[build] else { return nil }
            return finding.diagnostic(
                file: expression.location.file,
                at: .text(line: expression.location.line, column: expression.location.column),
                "targetSdk `\(expression.expression)` of \(modules.joined(separator: ", ")) cannot be evaluated "
                    + "(\(expression.reason)): Play's target API level requirement was not judged",
                hint: "set targetSdk to a literal, or run playprep check --artifact on the release build")
        }
    }

    /// TGT001's refusal of `level` today, or (`upcoming`) TGT002's next deadline for a level that meets today's.
    private func judgement(_ level: Int, otherFormFactor: Bool, upcoming: Bool) -> (
        level: Int, message: String, hint: String
    )? {
        let policy = project.targetAPIPolicy
        let declared = "targetSdk is \(level)"
        let refusal = policy.refusal(of: level, declared: declared, on: project.date, otherFormFactor: otherFormFactor)
        guard upcoming else { return refusal }
        guard refusal == nil else { return nil }
        return policy.upcoming(
            level, declared: declared, on: project.date, within: Self.horizonDays, otherFormFactor: otherFormFactor)
    }

    /// As the proof is strong (``PlayProof/findingSeverity``), a note where nothing sends it; TGT002 is a
    /// warning at best.
    private func severity(_ proof: PlayProof, upcoming: Bool) -> Severity {
        let severity = proof.findingSeverity ?? .note
        return upcoming && severity == .error ? .warning : severity
    }

    private func formFactor(_ module: AndroidModule) -> String {
        guard case .known(let feature, _)? = module.otherFormFactorFeature else { return "" }
        return " (the manifest requires \(feature))"
    }
}
