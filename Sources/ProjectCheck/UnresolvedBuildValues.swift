import AndroidBuild
import Diagnostics

/// PRJ002's check: every release applicationId and versionCode a rule needs but playprep cannot evaluate, each
/// named once where it is set (or in the build file that sets none), with what supplies it; and `--expect`
/// when the release ids it must be compared with cannot be read. No module is passed over in silence.
struct UnresolvedBuildValues: Sendable {
    /// The applicationId already on Play (`--expect`), compared by PKG013 when the release ids can be read.
    var expected: String?

    /// The notes on the release applicationIds and on `--expect`: what `playprep package check FILE` adds to
    /// the package-name findings.
    func applicationIDNotes(for build: AndroidBuildModel, _ finding: RuleOutput) -> [Diagnostic] {
        var notes = [Diagnostic]()
        for module in build.modules {
            for variant in module.variants where variant.isRelease {
                guard case .unknown(let expression) = variant.applicationID else { continue }
                let note = finding.diagnostic(
                    file: expression.location.file,
                    at: .text(line: expression.location.line, column: expression.location.column),
                    Self.unevaluatedApplicationID(expression, module: module))
                if !notes.contains(note) { notes.append(note) }
            }
        }
        if let expectation = expectationNotCompared(build, finding) { notes.append(expectation) }
        return notes
    }

    /// A note for every application module whose release versionCode cannot be read, whether or not a
    /// changelog is read.
    func versionCodeNotes(for build: AndroidBuildModel, _ finding: RuleOutput) -> [Diagnostic] {
        build.applications.flatMap { module -> [Diagnostic] in
            let variants = module.releaseVariants
            // Where another release variant's versionCode is known, its changelog is the one judged.
            let known = Set(variants.compactMap { $0.versionCode?.value }).sorted()
            let consequence =
                known.isEmpty
                ? "so the release notes are chosen without it (the run's listing line and `playprep plan` say which)"
                : "so only " + known.map { "changelogs/\($0).txt" }.joined(separator: ", ")
                    + (known.count == 1 ? ", of the known versionCode, is" : ", of the known versionCodes, are")
                    + " judged for this module (`playprep plan` says which)"
            let supply =
                "give it with --version-code, or in playprep.yml (\(Self.modulesKey(module.name, "versionCode")))"
            var unknown = [UnresolvedExpression]()
            for case .unknown(let expression)? in variants.map(\.versionCode) where !unknown.contains(expression) {
                unknown.append(expression)
            }
            var notes = unknown.map { expression in
                finding.diagnostic(
                    file: expression.location.file,
                    at: .text(line: expression.location.line, column: expression.location.column),
                    "versionCode of \(module.name) is `\(expression.expression)`, "
                        + Self.unknownVersionCode(expression.reason) + ", \(consequence); \(supply)")
            }
            if !variants.isEmpty, variants.allSatisfy({ $0.versionCode == nil }) {
                notes.append(
                    finding.diagnostic(
                        file: module.buildFile ?? module.directory, at: .text(line: 1, column: 1),
                        "versionCode of \(module.name) is not set in its build file"
                            + Self.setBy(
                                module, otherwise: "; a plugin or the manifest sets it where playprep does not read")
                            + ", \(consequence); \(supply)"))
            }
            return notes
        }
    }

    /// Why a versionCode is not known: a floor an environment variable raises is said as one.
    private static func unknownVersionCode(_ reason: UnresolvedReason) -> String {
        if case .atLeast(let floor) = reason {
            return "at least \(floor) (an environment variable read at build time may raise it)"
        }
        return "which playprep cannot evaluate (\(reason))"
    }

    /// `--expect` cannot be compared when some release applicationId cannot be read and none of the readable
    /// ones is the expected id (PKG013 judges the rest).
    private func expectationNotCompared(_ build: AndroidBuildModel, _ finding: RuleOutput) -> Diagnostic? {
        guard let expected else { return nil }
        let variants = build.applications.flatMap(\.releaseVariants)
        let ids = variants.compactMap(\.applicationID.value)
        guard ids.count < variants.count || variants.isEmpty, !ids.contains(expected) else { return nil }
        let file = build.applications.first?.buildFile ?? build.modules.first?.buildFile ?? build.root
        let why =
            variants.isEmpty
            ? "playprep found no release variant (no module it can read applies com.android.application or sets "
                + "applicationId)"
            : "\(variants.count - ids.count) of \(variants.count) release variants have an applicationId playprep "
                + "cannot evaluate"
                + (ids.isEmpty ? "" : " and the others build " + Set(ids).sorted().joined(separator: ", "))
        return finding.diagnostic(
            file: file,
            "--expect '\(expected)' was not compared: \(why)",
            hint: "supply the values the build reads (-P NAME=VALUE or gradle: properties: in playprep.yml), or "
                + "the release applicationId (modules: in playprep.yml), or check the built artifact with --artifact")
    }

    /// The words for an applicationId (or the suffix added to it) playprep cannot evaluate, with the
    /// `playprep.yml` key that supplies what is missing.
    private static func unevaluatedApplicationID(_ expression: UnresolvedExpression, module: AndroidModule) -> String {
        let name = module.name
        if expression.reason == .notInBuildFile {
            // Nothing in the build file: a convention plugin (or one playprep does not know) sets it.
            return "applicationId of \(name) is not set in its build file"
                + setBy(module, otherwise: "; a plugin playprep does not read sets it")
                + ", so Play's package-name rules did not check it; check the id it builds with "
                + "`playprep package check ID` or `check --artifact`, or give it in playprep.yml "
                + "(\(modulesKey(name, "applicationId")))"
        }
        let what =
            expression.suffixOf.map { "an applicationIdSuffix of \(name) (added to '\($0)')" }
            ?? "applicationId of \(name)"
        let unchecked =
            expression.suffixOf == nil
            ? "Play's package-name rules did not check it"
            : "Play's package-name rules did not check the release applicationId it makes"
        let supply: String
        switch expression.reason {
        case .noSuchProperty(let property):
            supply =
                "give the property with -P \(property)=VALUE or in playprep.yml (gradle: properties: {\(property): …})"
        case .setInAnotherScript(let property, _):
            supply =
                "give the property with -P \(property)=VALUE or in playprep.yml (gradle: properties: {\(property): …}), "
                + "or the release applicationId (\(modulesKey(name, "applicationId")))"
        default:
            supply =
                "give the release applicationId in playprep.yml (\(modulesKey(name, "applicationId"))) or check the "
                + "id it builds with `playprep package check ID`"
        }
        return "\(what) is `\(expression.expression)`, which playprep cannot evaluate (\(expression.reason)), so "
            + unchecked + "; " + supply
    }

    /// Who sets a value the build file does not: the convention plugin that applies `com.android.application`,
    /// else `otherwise`.
    private static func setBy(_ module: AndroidModule, otherwise: String) -> String {
        module.plugins.first { $0.id == "com.android.application" }?.via
            .map { "; the convention plugin \($0) sets it where playprep does not read" } ?? otherwise
    }

    /// The `playprep.yml` key that supplies a module's `value`: `modules: {':app': {applicationId: …}}`.
    static func modulesKey(_ module: String, _ value: String) -> String {
        "modules: {'\(module)': {\(value): …}}"
    }
}
