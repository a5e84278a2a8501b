import AndroidBuild
public import Diagnostics
import FileAccess

/// Two releases of a small project in playprep's repository, `TestImages/since/<name>/before` (the release at
/// the reference) and `…/after` (the working tree), compared as `check --since` compares them; a
/// `fastlane/metadata/android` tree in them is taken as one Play receives.
public struct ReleaseDiffExample: RuleExample {
    /// The pair's folder, from the repository's root.
    public var folder: String

    /// The pair `TestImages/since/<name>`.
    public static func pair(_ name: String) -> ReleaseDiffExample {
        ReleaseDiffExample(folder: "TestImages/since/" + name)
    }

    public var title: String { Self.fixtureName(folder) + ": before → after" }

    public var howToCheck: String? {
        Self.fixturesNote(
            "commit `before` in a git repository, replace it with `after` and run `playprep check --since HEAD`.")
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        let read = { (side: String) in
            let root = repository + "/" + folder + "/" + side
            return (root, AndroidBuildReader().read(root: root, files: FolderWalker().files(under: root) { _ in true }))
        }
        let (previousRoot, previous) = read("before")
        let (currentRoot, current) = read("after")
        // The example's fastlane tree is taken as one Play receives (a check asks the upload wiring).
        let tree = "/fastlane/metadata/android"
        let listing = { (root: String) in
            FolderWalker().files(under: root + tree) { _ in true }.map {
                String($0.dropFirst(root.count + tree.count + 1))
            }
        }
        let releases = ReleaseComparison(
            reference: "before", previous: previous, previousRoot: previousRoot, current: current,
            listings: [
                ListingTreeFiles(
                    folder: currentRoot + tree, layout: .fastlane, previous: listing(previousRoot),
                    current: listing(currentRoot))
            ])
        return Set(ReleaseRules.diagnostics(releases).map(\.ruleID))
    }
}
