import AndroidBuild
import ArtifactKit
import Diagnostics

/// Whether `--artifact` is a release of the build being checked (PRJ003): its applicationId against the release
/// variants' ids, and its versionCode against theirs. An artifact of another app must not stand for this
/// release: its versionCode does not pick the release notes.
struct ArtifactOfTheBuild: Sendable {
    /// The build's release variants whose applicationId is the artifact's, `nil` when the artifact is another
    /// app's (every release applicationId is known, and none is its own). When some id cannot be read, or the
    /// artifact names none, it is taken as this build's: PRJ002 names what is unknown.
    static func variants(of manifest: AppManifest, in build: AndroidBuildModel) -> [BuildVariant]? {
        let variants = build.applications.flatMap(\.releaseVariants)
        guard let package = manifest.package else { return [] }
        let matching = variants.filter { $0.applicationID.value == package }
        guard matching.isEmpty else { return matching }
        let decided = !variants.isEmpty && variants.allSatisfy { $0.applicationID.value != nil }
        return decided ? nil : []
    }

    /// An error when `artifact` is another app's, a note when its versionCode is none of its variants' (all
    /// known): the release notes judged are then the artifact's.
    func diagnostics(
        _ artifact: ArtifactCheck, build: AndroidBuildModel, relative: (String) -> String, _ finding: RuleOutput
    ) -> [Diagnostic] {
        let file = artifact.files.first?.file ?? ""
        let manifest = artifact.manifest
        guard let variants = Self.variants(of: manifest, in: build) else {
            let ids = Set(build.applications.flatMap(\.releaseVariants).compactMap(\.applicationID.value)).sorted()
            return [
                finding.diagnostic(
                    file: file,
                    "the artifact is '\(manifest.package ?? "")', none of the build's release applicationIds "
                        + "(\(ids.joined(separator: ", "))): it is another app's, so it was not taken for this "
                        + "release (its versionCode picks no release notes)",
                    hint: "give the APK or AAB this project builds (its release variant's output), or check that "
                        + "artifact on its own with `playprep artifact check`")
            ]
        }
        guard let code = manifest.versionCode, !variants.isEmpty,
            variants.allSatisfy({ $0.versionCode?.value != nil }),
            !variants.contains(where: { $0.versionCode?.value == code })
        else { return [] }
        let built = variants.compactMap { variant in
            variant.versionCode.map { value in
                "\(variant.name) \(value.value ?? 0)"
                    + (value.location.map { " at \(relative($0.file)):\($0.line)" } ?? "")
            }
        }
        return [
            finding.diagnostic(
                file: file, severity: .note,
                "the artifact's versionCode \(code) is not the build's (\(built.joined(separator: ", "))): the release "
                    + "notes judged are those of \(code), the artifact's",
                hint: "nothing to do when CI sets the versionCode; otherwise check that this is the artifact to release"
            )
        ]
    }
}
