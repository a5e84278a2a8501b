import AndroidBuild
import Diagnostics

/// PRJ002's check: the release applicationIds a rule needs but playprep cannot evaluate, and the versionCodes
/// whose value would change which changelog is judged, each cause said once (one expression, one property, one
/// convention plugin) naming the modules it leaves unknown, where it is set (or in the build file that sets none),
/// with what supplies it; and `--expect` when the release ids it must be compared with cannot be read. Every other
/// unknown value is in `playprep plan`'s modules.
struct UnresolvedBuildValues: Sendable {
    /// The applicationId already on Play (`--expect`), compared by PKG013 when the release ids can be read.
    var expected: String?

    /// What leaves values of several modules unknown alike: the same expression for the same reason, or, where
    /// the build files set nothing, the same convention plugin.
    private struct Cause: Hashable {
        var expression: UnresolvedExpression?
        var setBy: String?
    }

    /// The notes on the release applicationIds and on `--expect`: what `playprep package check FILE` adds to
    /// the package-name findings.
    func applicationIDNotes(for build: AndroidBuildModel, _ finding: RuleOutput) -> [Diagnostic] {
        var unknown = [(module: AndroidModule, expression: UnresolvedExpression)]()
        for module in build.applications {
            for case .unknown(let expression) in module.releaseVariants.map(\.applicationID)
            where !unknown.contains(where: { $0.module == module && $0.expression == expression }) {
                unknown.append((module, expression))
            }
        }
        var notes = Self.grouped(unknown.map { ($0.module, $0.expression) }).compactMap { group in
            group.first.map { expression in
                finding.diagnostic(
                    file: expression.location.file,
                    at: .text(line: expression.location.line, column: expression.location.column),
                    Self.unevaluatedApplicationID(expression, modules: group.modules))
            }
        }
        if let expectation = expectationNotCompared(build, finding) { notes.append(expectation) }
        return notes
    }

    /// A note for each cause that leaves the release versionCode of application modules unknown where it decides
    /// which changelog is judged: no release variant of the module has a known versionCode (else that one's
    /// changelog is judged) and a fastlane tree the module may own, among `changelogTrees` (the trees holding a
    /// numbered changelog), would be judged by another file (with only `default.txt`, the same file is judged).
    func versionCodeNotes(for build: AndroidBuildModel, changelogTrees: [String], _ finding: RuleOutput)
        -> [Diagnostic]
    {
        let apps = build.applications.filter { $0.gradlePath != ":" }
        var unknown = [(module: AndroidModule, expression: UnresolvedExpression?)]()
        for module in build.applications {
            let variants = module.releaseVariants
            guard !variants.isEmpty, !variants.contains(where: { $0.versionCode?.value != nil }) else { continue }
            // A tree inside another application module's folder is that module's.
            let owns = changelogTrees.contains { tree in
                !apps.contains { $0 != module && tree.hasPrefix($0.directory + "/") }
            }
            guard owns else { continue }
            var expressions = [UnresolvedExpression?]()
            for variant in variants {
                let expression: UnresolvedExpression? =
                    if case .unknown(let expression)? = variant.versionCode { expression } else { nil }
                if !expressions.contains(expression) { expressions.append(expression) }
            }
            unknown += expressions.map { (module, $0) }
        }
        return Self.grouped(unknown).map { group in
            let modules = group.modules
            let names = Self.list(modules.map(\.name))
            let supply =
                "give it with --version-code, or in playprep.yml (\(Self.modulesKey(modules[0].name, "versionCode")))"
            let consequence =
                "so the release notes are chosen without it (the run's listing line and `playprep plan` say which)"
            guard let expression = group.first else {
                return finding.diagnostic(
                    file: modules[0].buildFile ?? modules[0].directory, at: .text(line: 1, column: 1),
                    "versionCode of \(names) is not set in \(modules.count == 1 ? "its build file" : "their build files")"
                        + (group.cause.setBy.map {
                            "; the convention plugin \($0) sets it where playprep does not read"
                        }
                            ?? "; a plugin or the manifest sets it where playprep does not read")
                        + ", \(consequence); \(supply)")
            }
            return finding.diagnostic(
                file: expression.location.file,
                at: .text(line: expression.location.line, column: expression.location.column),
                "versionCode of \(names) is `\(Excerpt.of(expression.expression))`, "
                    + Self.unknownVersionCode(expression.reason) + ", \(consequence); \(supply)")
        }
    }

    /// The modules one cause leaves unknown, and the first expression met of it (where its note is placed).
    private struct Group {
        var cause: Cause
        var modules: [AndroidModule]
        var first: UnresolvedExpression?
    }

    /// The groups of `unknown` by cause, in the order the causes are first met: one expression for one reason
    /// (the same property or function call wherever it is written, else the same text at the same place), or,
    /// where a build file sets nothing, the convention plugin that sets the value.
    private static func grouped(_ unknown: [(module: AndroidModule, expression: UnresolvedExpression?)]) -> [Group] {
        var groups = [Group]()
        for (module, expression) in unknown {
            var cause = Cause(expression: nil, setBy: setBy(module))
            if var key = expression, key.reason != .notInBuildFile {
                if key.reason.property != nil || key.reason == .callsFunction {
                    key.location = SourceLocation(file: "", line: 0, column: 0)
                }
                cause = Cause(expression: key, setBy: nil)
            }
            if let index = groups.firstIndex(where: { $0.cause == cause }) {
                if !groups[index].modules.contains(module) { groups[index].modules.append(module) }
            } else {
                groups.append(Group(cause: cause, modules: [module], first: expression))
            }
        }
        return groups
    }

    /// `:a`, `:a and :b`, `:a, :b and :c`.
    private static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// A note for every limit the build reader reached (variants per module, names in a project path, …): what
    /// lies past it was not read.
    func readLimitNotes(for build: AndroidBuildModel, _ finding: RuleOutput) -> [Diagnostic] {
        build.limitsReached.map { limit in
            finding.diagnostic(
                file: limit.location.file, at: .text(line: limit.location.line, column: limit.location.column),
                limit.message, hint: limit.hint)
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
            "--expect '\(Excerpt.of(expected))' was not compared: \(why)",
            hint: "supply the values the build reads (-P NAME=VALUE or gradle: properties: in playprep.yml), or "
                + "the release applicationId (modules: in playprep.yml), or check the built artifact with --artifact")
    }

    /// The words for an applicationId (or the suffix added to it) playprep cannot evaluate in `modules`, with the
    /// `playprep.yml` key that supplies what is missing.
    private static func unevaluatedApplicationID(_ expression: UnresolvedExpression, modules: [AndroidModule])
        -> String
    {
        let name = list(modules.map(\.name))
        let key = modulesKey(modules[0].name, "applicationId")
        if expression.reason == .notInBuildFile {
            // Nothing in the build file: a convention plugin (or one playprep does not know) sets it.
            return
                "applicationId of \(name) is not set in \(modules.count == 1 ? "its build file" : "their build files")"
                + (setBy(modules[0]).map { "; the convention plugin \($0) sets it where playprep does not read" }
                    ?? "; a plugin playprep does not read sets it")
                + ", so Play's package-name rules did not check it; check the id it builds with "
                + "`playprep package check ID` or `check --artifact`, or give it in playprep.yml (\(key))"
        }
        let what =
            expression.suffixOf.map { "an applicationIdSuffix of \(name) (added to '\(Excerpt.of($0))')" }
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
                + "or the release applicationId (\(key))"
        default:
            supply =
                "give the release applicationId in playprep.yml (\(key)) or check the id it builds with "
                + "`playprep package check ID`"
        }
        return
            "\(what) is `\(Excerpt.of(expression.expression))`, which playprep cannot evaluate (\(expression.reason)), so "
            + unchecked + "; " + supply
    }

    /// The convention plugin that applies `com.android.application` to `module`, which then sets what its build
    /// file does not.
    private static func setBy(_ module: AndroidModule) -> String? {
        module.plugins.first { $0.id == "com.android.application" }?.via
    }

    /// The `playprep.yml` key that supplies a module's `value`: `modules: {':app': {applicationId: …}}`.
    static func modulesKey(_ module: String, _ value: String) -> String {
        "modules: {'\(module)': {\(value): …}}"
    }
}
