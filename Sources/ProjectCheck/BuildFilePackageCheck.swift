import AndroidBuild
import Diagnostics
import FileAccess

/// `playprep package check FILE`: the package names one build file or manifest declares, judged as a project
/// check judges them. The project around the file (the nearest folder above it with a settings file) is read,
/// so gradle.properties, version catalogs and the module's kind resolve as they do for `playprep check`.
struct BuildFilePackageCheck: Sendable {
    /// The applicationId already on Play (PKG013).
    var expected: String?
    var gradleProperties: [String: String]

    init(expected: String? = nil, gradleProperties: [String: String] = [:]) {
        self.expected = expected
        self.gradleProperties = gradleProperties
    }

    /// Findings made in the file at `path` (a build file or manifest, named as the user named it).
    func diagnostics(forFileAt path: String) -> [Diagnostic] {
        let (root, relative) = Self.project(around: path)
        let inventory = ProjectDiscovery().inventory(of: root)
        let build = AndroidBuildReader(propertyOverrides: gradleProperties).read(
            root: inventory.root, files: inventory.files)
        // A note of several modules is placed in the first one's file: the module of this build file gets its own.
        let own = build.modules.filter { $0.buildFile.map(inventory.relative) == relative }
        let unresolved = UnresolvedBuildValues(expected: expected).applicationIDNotes(
            for: own.isEmpty ? build : AndroidBuildModel(root: build.root, modules: own),
            RuleOutput(rule: ProjectRules.unresolvedBuildValue.rule))
        return (PackageNameJudge(expected: expected).diagnostics(for: build) + unresolved)
            .filter { inventory.relative($0.file) == relative }
            .map { diagnostic in
                var named = diagnostic
                named.file = path
                return named
            }
    }

    /// The project folder holding `path` and the path relative to it: the nearest folder above with a
    /// settings.gradle(.kts), else the file's own folder.
    static func project(around path: String) -> (root: String, relative: String) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = components.removeLast()
        var folders = components
        var inside = [name]
        while true {
            let folder = folders.isEmpty ? "." : folders.joined(separator: "/")
            let hasSettings = ["settings.gradle", "settings.gradle.kts"].contains {
                PathKind(path: (folder.isEmpty ? "/" : folder) + "/" + $0) == .file
            }
            if hasSettings || folders.isEmpty || folders == [""] {
                guard hasSettings else { break }
                return (folder.isEmpty ? "/" : folder, inside.joined(separator: "/"))
            }
            inside.insert(folders.removeLast(), at: 0)
        }
        let folder = components.isEmpty ? "." : components.joined(separator: "/")
        return (folder.isEmpty ? "/" : folder, name)
    }
}
