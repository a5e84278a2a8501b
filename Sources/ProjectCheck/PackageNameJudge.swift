import AndroidBuild
import Diagnostics
import PackageNameKit

/// Judges the package names of a build as the layers that see them do: every applicationId of a release variant
/// by Play, aapt2 and the installer; a debuggable variant's by aapt2 and the installer only; namespaces and
/// manifest `package` attributes only by the build (a valid Java package). Each distinct name is judged once, at
/// the declaration that produced it. An applicationId that cannot be evaluated becomes one note naming it.
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
                switch variant.applicationID {
                case .known(let id, let location?):
                    let role: PackageNameRole = variant.isDebuggable ? .debugApplicationID : .applicationID
                    let namespace = module.namespace?.value
                    for finding in checker.check(PackageNameCase(id, role: role, namespace: namespace)) {
                        add(Self.diagnostic(finding, name: id, role: role, at: location))
                    }
                case .known(_, nil):
                    continue
                case .unknown(let expression) where !variant.isDebuggable && expression.reason == .notInBuildFile:
                    // Nothing in the build file: a convention plugin (or one playprep does not know) sets it.
                    let setter = module.plugins.first { $0.id == "com.android.application" }?.via
                    add(
                        ProjectRules.unresolvedBuildValue.diagnostic(
                            file: expression.location.file,
                            at: .text(line: expression.location.line, column: expression.location.column),
                            "applicationId of \(module.gradlePath) is not set in its build file"
                                + (setter.map { "; the convention plugin \($0) sets it where playprep does not read" }
                                    ?? "; a plugin playprep does not read sets it")
                                + ", so Play's package-name rules did not check it; check the id it builds with "
                                + "`playprep package check ID` or `check --artifact`, or give it in playprep.yml "
                                + "(\(Self.modulesKey(module.gradlePath, "applicationId")))"))
                case .unknown(let expression) where !variant.isDebuggable:
                    add(
                        ProjectRules.unresolvedBuildValue.diagnostic(
                            file: expression.location.file,
                            at: .text(line: expression.location.line, column: expression.location.column),
                            Self.unevaluated(expression, module: module.gradlePath)))
                case .unknown:
                    continue
                }
            }
        }
        if let identity = identity(build) { add(identity) }
        return found
    }

    /// PKG013: the published applicationId must still be built by some release variant. When playprep cannot
    /// read the release ids, a PRJ002 note says the comparison was not made (never a silent pass).
    private func identity(_ build: AndroidBuildModel) -> Diagnostic? {
        guard let expected else { return nil }
        let variants = build.applications.flatMap(\.releaseVariants)
        let ids = variants.compactMap(\.applicationID.value)
        if ids.count < variants.count || variants.isEmpty, !ids.contains(expected) {
            let file = build.applications.first?.buildFile ?? build.modules.first?.buildFile ?? build.root
            let why =
                variants.isEmpty
                ? "playprep found no release variant (no module it can read applies com.android.application or sets "
                    + "applicationId)"
                : "\(variants.count - ids.count) of \(variants.count) release variants have an applicationId playprep "
                    + "cannot evaluate"
                    + (ids.isEmpty ? "" : " and the others build " + Set(ids).sorted().joined(separator: ", "))
            return ProjectRules.unresolvedBuildValue.diagnostic(
                file: file,
                "--expect '\(expected)' was not compared: \(why)",
                hint: "supply the values the build reads (-P NAME=VALUE or gradle: properties: in playprep.yml), or "
                    + "the release applicationId (modules: in playprep.yml), or check the built artifact with --artifact"
            )
        }
        guard !variants.isEmpty, ids.count == variants.count, !ids.contains(expected),
            let first = variants.first, case .known(_, let location?) = first.applicationID
        else { return nil }
        let built = Array(Set(ids)).sorted().map { "'\($0)'" }.joined(separator: ", ")
        return PackageNameRules.identityChanged.rule.diagnostic(
            file: location.file, at: .text(line: location.line, column: location.column),
            "no release build has the published applicationId '\(expected)' (they build \(built)): Play treats "
                + "an upload as a new app and fails with 'Package not found'",
            hint: "restore '\(expected)': a package name can never change after the first release")
    }

    /// PRJ002's words for an applicationId (or the suffix added to it) playprep cannot evaluate, with the
    /// `playprep.yml` key that supplies what is missing.
    private static func unevaluated(_ expression: UnresolvedExpression, module: String) -> String {
        let what =
            expression.suffixOf.map { "an applicationIdSuffix of \(module) (added to '\($0)')" }
            ?? "applicationId of \(module)"
        let unchecked =
            expression.suffixOf == nil
            ? "Play's package-name rules did not check it"
            : "Play's package-name rules did not check the release applicationId it makes"
        let supply: String
        switch expression.reason {
        case .noSuchProperty(let name):
            supply = "give the property with -P \(name)=VALUE or in playprep.yml (gradle: properties: {\(name): …})"
        case .setInAnotherScript(let name, _):
            supply =
                "give the property with -P \(name)=VALUE or in playprep.yml (gradle: properties: {\(name): …}), or "
                + "the release applicationId (\(modulesKey(module, "applicationId")))"
        default:
            supply =
                "give the release applicationId in playprep.yml (\(modulesKey(module, "applicationId"))) or check the "
                + "id it builds with `playprep package check ID`"
        }
        return "\(what) is `\(expression.expression)`, which playprep cannot evaluate (\(expression.reason)), so "
            + unchecked + "; " + supply
    }

    /// The `playprep.yml` key that supplies a module's `value`: `modules: {':app': {applicationId: …}}`.
    static func modulesKey(_ module: String, _ value: String) -> String {
        "modules: {'\(module)': {\(value): …}}"
    }

    private static func diagnostic(_ finding: Finding, name: String, role: PackageNameRole, at location: SourceLocation)
        -> Diagnostic
    {
        var described = finding
        described.message = "\(role.rawValue) '\(name)': " + finding.message
        return described.diagnostic(file: location.file, location: .text(line: location.line, column: location.column))
    }
}
