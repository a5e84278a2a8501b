import FileAccess

/// Where a project's Gradle builds are: every folder below the project root holding a `settings.gradle(.kts)`
/// (a Flutter or React Native app's `android/`, a `project/` folder, each app of a monorepo), outermost first.
/// Builds under sample or test folders are set aside, since nothing releases them. Which of the others are
/// builds of their own, and which are included builds or modules of an outer one, the reader decides from
/// the outer build's settings.
struct GradleRoots {
    /// A folder with a settings file, relative to the project root ("" for the root itself).
    struct Candidate {
        var folder: String
        /// `settings.gradle`, else `settings.gradle.kts`, root-prefixed.
        var settingsFile: String
    }

    /// Outermost first, then by path.
    private(set) var candidates: [Candidate] = []
    private(set) var notRead: [GradleBuildNotRead] = []

    /// Folder names (in any letter case) whose builds are demonstrations of a library (a Flutter plugin's `example/android`).
    private static let sampleFolders: Set<String> = ["example", "examples", "sample", "samples", "demo", "demos"]
    /// Folder names whose builds are projects a test builds (`src/test/fixtures/app`, `testdata/`).
    private static let fixtureFolders: Set<String> = [
        "src", "test", "tests", "testdata", "test-data", "fixtures", "test-fixtures", "testfixtures",
    ]

    /// Finds the settings files among `files` (root-prefixed paths of the walk), outside `buildSrc`.
    init(root: String, files: [String]) {
        let prefix = root + "/"
        var settings: [String: String] = [:]
        for file in files {
            guard let relative = file.droppingPrefix(prefix) else { continue }
            let slash = relative.lastSlashIndex
            let name = slash.map { relative[relative.utf8.index(after: $0)...] } ?? relative
            guard name == "settings.gradle" || name == "settings.gradle.kts" else { continue }
            let folder = String(slash.map { relative[..<$0] } ?? "")
            if folder == "buildSrc" || folder.hasSuffix("/buildSrc") { continue }
            if settings[folder] == nil || name == "settings.gradle" { settings[folder] = file }
        }
        let depth = { (folder: String) in folder.isEmpty ? 0 : folder.split(separator: "/").count }
        for folder in settings.keys.sorted(by: { (depth($0), $0) < (depth($1), $1) }) {
            let components = folder.lowercased().split(separator: "/").map(String.init)
            if components.contains(where: Self.fixtureFolders.contains) {
                notRead.append(GradleBuildNotRead(folder: folder, reason: .testFixture))
            } else if components.contains(where: Self.sampleFolders.contains) {
                notRead.append(GradleBuildNotRead(folder: folder, reason: .sample))
            } else if let file = settings[folder] {
                candidates.append(Candidate(folder: folder, settingsFile: file))
            }
        }
    }

    /// The nearest of `folders` that holds `folder` (relative folders, "" the root): `folder` itself unless
    /// `strictly`, else its parents from the nearest up. Walks the parents, so a check costs the folder's depth
    /// whatever the number of folders.
    static func nearest(_ folder: String, in folders: Set<String>, strictly: Bool = false) -> String? {
        if !strictly && folders.contains(folder) { return folder }
        var current = Substring(folder)
        while !current.isEmpty {
            current = current.lastSlashIndex.map { current[..<$0] } ?? ""
            if folders.contains(String(current)) { return String(current) }
        }
        return nil
    }
}
