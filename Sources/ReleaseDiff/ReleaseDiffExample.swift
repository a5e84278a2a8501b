import AndroidBuild
public import Diagnostics
import FileAccess

/// Two releases of a small project in playprep's repository, `TestImages/since/<before>` (the release at the
/// reference) and `TestImages/since/<after>` (the working tree), compared as `check --since` compares them; a
/// `fastlane/metadata/android` tree in them is taken as one Play receives, and so is every release variant (a check
/// asks the upload wiring for both).
public struct ReleaseDiffExample: RuleExample {
    /// The two project folders, from the repository's root.
    public var before: String
    public var after: String

    /// The release `TestImages/since/<before>` followed by `TestImages/since/<after>`.
    public static func releases(_ before: String, then after: String) -> ReleaseDiffExample {
        ReleaseDiffExample(before: "TestImages/since/" + before, after: "TestImages/since/" + after)
    }

    public var title: String { Self.fixtureName(before) + " → " + Self.fixtureName(after) }

    public var howToCheck: String? {
        Self.fixturesNote(
            "commit the first folder in a git repository, replace it with the second and run "
                + "`playprep check --since HEAD`.")
    }

    public func reportedRuleIDs(repository: String) throws -> Set<String> {
        let read = { (folder: String) in
            let root = repository + "/" + folder
            return (root, AndroidBuildReader().read(root: root, files: FolderWalker().files(under: root) { _ in true }))
        }
        let (previousRoot, previous) = read(before)
        let (currentRoot, current) = read(after)
        // The example's fastlane tree is taken as one Play receives (a check asks the upload wiring).
        let tree = "/fastlane/metadata/android"
        let listing = { (root: String) in
            FolderWalker().files(under: root + tree) { _ in true }.map {
                String($0.dropFirst(root.count + tree.count + 1))
            }
        }
        let deliveries = current.applications.flatMap { module in
            module.releaseVariants.map { variant in
                ReleaseComparison.Delivery(
                    module: module.name, variant: variant.name, severity: .error,
                    proof: "Play receives it: the example's upload")
            }
        }
        let releases = ReleaseComparison(
            reference: ReleaseComparison.Reference(name: "before", build: previous, root: previousRoot),
            current: current,
            listings: [
                ListingTreeFiles(
                    folder: currentRoot + tree, layout: .fastlane, previous: listing(previousRoot),
                    current: listing(currentRoot))
            ], deliveries: deliveries)
        return Set(ReleaseRules.diagnostics(releases).map(\.ruleID))
    }
}
