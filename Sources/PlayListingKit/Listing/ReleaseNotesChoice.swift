/// Which changelogs of a fastlane tree are judged when the versionCode being released is not known: the newest
/// numbered one (`changelogs/<n>.txt` with the highest `n` in any locale) stands for the coming release, and a
/// locale without it is judged by its `default.txt`, which supply sends instead. `playprep check` and
/// `playprep listing check` both decide it here, so they judge the same file.
public struct ReleaseNotesChoice: Sendable, Hashable {
    /// The versionCodes whose changelogs are judged; empty: only `default.txt`.
    public var versionCodes: [Int]
    /// Which files and why, for the run's listing line: `changelogs/5.txt (else default.txt): the newest numbered
    /// changelog, as no versionCode is known`.
    public var description: String

    /// The choice for the fastlane tree at `tree` among `files`, paths that start with `tree` and `/` (`tree`
    /// empty: paths relative to the tree).
    public init(withoutVersionCodeIn files: some Sequence<String>, tree: String) {
        if let newest = Self.newestNumberedChangelog(in: files, tree: tree) {
            versionCodes = [newest]
            description =
                "changelogs/\(newest).txt (else default.txt): the newest numbered changelog, as no versionCode is known"
        } else {
            versionCodes = []
            description = "changelogs/default.txt: no numbered changelog and no known versionCode"
        }
    }

    /// The highest `<n>` of the tree's `<locale>/changelogs/<n>.txt`.
    static func newestNumberedChangelog(in files: some Sequence<String>, tree: String) -> Int? {
        let prefix = tree.isEmpty ? "" : tree + "/"
        return files.compactMap { path -> Int? in
            guard path.hasPrefix(prefix) else { return nil }
            let parts = path.dropFirst(prefix.count).split(separator: "/")
            guard parts.count == 3, parts[1] == "changelogs", parts[2].hasSuffix(".txt") else { return nil }
            return Int(parts[2].dropLast(4))
        }.max()
    }
}
