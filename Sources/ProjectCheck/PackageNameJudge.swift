import AndroidBuild
import Diagnostics
import PackageNameKit

/// Judges the package names of a build as the layers that see them do: every applicationId of a release variant
/// by Play, aapt2 and the installer; another variant's (debuggable, or a build type that does not ship) by aapt2
/// and the installer only; namespaces and
/// manifest `package` attributes only by the build (a valid Java package). Each distinct name is judged once, at
/// the declaration that produced it. An applicationId that cannot be evaluated is PRJ002's
/// (``UnresolvedBuildValues``).
struct PackageNameJudge: Sendable {
    var checker = PackageNameChecker()
    /// The applicationId already on Play (PKG013).
    var expected: String?

    func diagnostics(for build: AndroidBuildModel) -> [Diagnostic] {
        var found = [Diagnostic]()
        var seen = Set<Diagnostic>()
        func add(_ diagnostic: Diagnostic) {
            if seen.insert(diagnostic).inserted { found.append(diagnostic) }
        }
        for module in build.modules {
            for declared in module.declaredNames {
                let role: PackageNameRole = declared.kind == .namespace ? .namespace : .manifestPackage
                for finding in checker.check(PackageNameCase(declared.value, role: role)) {
                    add(Self.diagnostic(finding, name: declared.value, role: role, at: declared.location))
                }
            }
            for variant in module.variants {
                guard case .known(let id, let location?) = variant.applicationID else { continue }
                let role: PackageNameRole = variant.isRelease ? .applicationID : .debugApplicationID
                for finding in checker.check(PackageNameCase(id, role: role, namespace: module.namespace?.value)) {
                    add(Self.diagnostic(finding, name: id, role: role, at: location))
                }
            }
        }
        if let identity = identity(build) { add(identity) }
        return found
    }

    /// PKG013: the published applicationId must still be built by some release variant. When playprep cannot
    /// read every release id, PRJ002 (``UnresolvedBuildValues``) says the comparison was not made.
    private func identity(_ build: AndroidBuildModel) -> Diagnostic? {
        guard let expected else { return nil }
        let variants = build.applications.flatMap(\.releaseVariants)
        let ids = variants.compactMap(\.applicationID.value)
        guard !variants.isEmpty, ids.count == variants.count, !ids.contains(expected),
            let first = variants.first, case .known(_, let location?) = first.applicationID
        else { return nil }
        let built = Array(Set(ids)).sorted().map { "'\(Excerpt.of($0))'" }.joined(separator: ", ")
        return PackageNameRules.identityChanged.rule.diagnostic(
            file: location.file, at: .text(line: location.line, column: location.column),
            "no release build has the published applicationId '\(Excerpt.of(expected))' (they build \(built)): Play treats "
                + "an upload as a new app and fails with 'Package not found'",
            hint: "restore '\(Excerpt.of(expected))': a package name can never change after the first release")
    }

    private static func diagnostic(_ finding: Finding, name: String, role: PackageNameRole, at location: SourceLocation)
        -> Diagnostic
    {
        var described = finding
        described.message = "\(role.rawValue) '\(Excerpt.of(name))': " + finding.message
        return described.diagnostic(file: location.file, location: .text(line: location.line, column: location.column))
    }
}
