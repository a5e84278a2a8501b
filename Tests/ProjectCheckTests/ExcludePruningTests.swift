import TestSupport
import Testing

@testable import ProjectCheck

/// Excludes pruned at the walk: a folder is not entered when an exclude matches every file below it.
@Suite struct ExcludePruningTests {
    @Test(arguments: [
        ("**/raw/**", "app/src/main/res/raw", true),
        ("**/raw/**", "raw", true),
        ("legacy/", "legacy", true),
        ("legacy/", "legacyx", false),
        ("**", "anything/at/all", true),
        ("app/*.png", "app", false),
        ("**/*.txt", "docs", false),
        ("src/**/gen/**", "src/main/gen", true),
    ])
    func globsPruneOnlyFoldersWhoseEveryFileTheyMatch(pattern: String, folder: String, pruned: Bool) {
        #expect(Glob(pattern).matchesEverything(under: folder) == pruned)
        if pruned { #expect(Glob(pattern).matches(folder + "/any/file.txt")) }
    }

    @Test func prunedFoldersLeaveTheInventoryAsFilteringDid() {
        let root = Fixtures.testImage("BrokenApp").path
        let excludes = [Glob("**/raw/**"), Glob("fastlane/"), Glob("app/src/main/res/drawable/*.png")]
        let pruned = ProjectDiscovery(excludes: excludes).inventory(of: root)
        let everything = ProjectDiscovery().inventory(of: root)
        let filtered = everything.files.filter { path in !excludes.contains { $0.matches(everything.relative(path)) } }
        #expect(pruned.files == filtered)
        #expect(pruned.files.count < everything.files.count)
    }
}
