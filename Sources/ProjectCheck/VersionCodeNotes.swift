import AndroidBuild
import Diagnostics

/// PRJ002 for every application module whose release versionCode playprep cannot read, whether or not a
/// changelog is read: no module is passed over in silence. Each note names the expression (or that the build
/// file sets none) and what supplies the value.
struct VersionCodeNotes: Sendable {
    func diagnostics(for build: AndroidBuildModel) -> [Diagnostic] {
        build.applications.flatMap { module -> [Diagnostic] in
            let variants = module.releaseVariants
            let consequence =
                "so the release notes are chosen without it (the run's listing line and `playprep plan` say which)"
            let supply =
                "give it with --version-code, or in playprep.yml (\(PackageNameJudge.modulesKey(module.gradlePath, "versionCode")))"
            var unknown = [UnresolvedExpression]()
            for case .unknown(let expression)? in variants.map(\.versionCode) where !unknown.contains(expression) {
                unknown.append(expression)
            }
            var notes = unknown.map { expression in
                ProjectRules.unresolvedBuildValue.diagnostic(
                    file: expression.location.file,
                    at: .text(line: expression.location.line, column: expression.location.column),
                    "versionCode of \(module.gradlePath) is `\(expression.expression)`, which playprep cannot evaluate "
                        + "(\(expression.reason)), \(consequence); \(supply)")
            }
            if !variants.isEmpty, variants.allSatisfy({ $0.versionCode == nil }) {
                let setter = module.plugins.first { $0.id == "com.android.application" }?.via
                notes.append(
                    ProjectRules.unresolvedBuildValue.diagnostic(
                        file: module.buildFile ?? module.directory, at: .text(line: 1, column: 1),
                        "versionCode of \(module.gradlePath) is not set in its build file"
                            + (setter.map { "; the convention plugin \($0) sets it where playprep does not read" }
                                ?? "; a plugin or the manifest sets it where playprep does not read")
                            + ", \(consequence); \(supply)"))
            }
            return notes
        }
    }
}
