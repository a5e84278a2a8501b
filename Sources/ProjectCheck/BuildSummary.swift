import AndroidBuild

/// What the run's summary on standard error and `plan` say about the Gradle builds read: each build's root when
/// one is not the project root's, the builds found but not read, and the modules whose plugins could not be
/// read, so no build or module is passed over in silence.
struct BuildSummary: Sendable, Hashable, Codable {
    /// `android/ (Flutter)`, …; empty when the only build is the project root's own.
    var builds: [String]
    /// `example/android/ (a sample)`, …
    var notRead: [String]
    /// One sentence per module whose kind is unknown and that launches an activity: what it applies and why that
    /// could not be read.
    var unreadModules: [String]
    /// How many modules whose plugins could not be read launch no activity (taken for libraries).
    var unreadLibraries: Int

    init(_ build: AndroidBuildModel, relative: (String) -> String) {
        let named = build.builds.map { $0.displayName + ($0.framework.map { " (\($0.rawValue))" } ?? "") }
        builds = build.builds.map(\.folder) == [""] ? [] : named
        notRead = build.buildsNotRead.map { "\($0.folder)/ (\($0.reason.rawValue))" }
        unreadModules = build.unreadModules.map { module in
            let plugins = module.unreadPlugins.map { plugin in
                "`\(plugin.expression)` (\(relative(plugin.location.file)):\(plugin.location.line): \(plugin.reason))"
            }
            return "\(module.name) applies " + plugins.joined(separator: ", ")
                + ", so playprep cannot tell whether it is an app; if it is, give its release values in playprep.yml ("
                + UnresolvedBuildValues.modulesKey(module.name, "applicationId") + ")"
        }
        unreadLibraries = build.unreadLibraries.count
    }

    /// What follows the release-variant count in the summary: `; Gradle builds android/ (Flutter), wear/` (the
    /// first few; `plan` lists them all).
    var inSummary: String {
        guard !builds.isEmpty else { return "" }
        let shown = builds.prefix(Self.namedInSummary).joined(separator: ", ")
        let more = builds.count > Self.namedInSummary ? " and \(builds.count - Self.namedInSummary) more" : ""
        return "; Gradle " + (builds.count == 1 ? "build " : "builds ") + shown + more
    }

    /// How many builds the summary line names.
    private static let namedInSummary = 6

    /// The lines after the summary: builds not read, modules not read.
    var lines: [String] {
        (notRead.isEmpty
            ? [] : ["Gradle builds not read: " + notRead.joined(separator: ", ")])
            + unreadModules.map { "module not read: " + $0 }
            + (unreadLibraries == 0
                ? []
                : [
                    "\(unreadLibraries) more \(unreadLibraries == 1 ? "module applies" : "modules apply") plugins playprep "
                        + "cannot read and \(unreadLibraries == 1 ? "launches" : "launch") no activity: taken for libraries"
                ])
    }
}
