import FileAccess

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
        return files.compactMap { path in path.droppingPrefix(prefix).flatMap(changelogNumber) }.max()
    }

    /// `n` of `<locale>/changelogs/<n>.txt`; a tree holds thousands of changelogs, so an ASCII path is read by its
    /// bytes (the same parts as by characters).
    private static func changelogNumber(_ path: Substring) -> Int? {
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
            let parts = path.split(separator: "/")
            guard parts.count == 3, parts[1] == "changelogs", parts[2].hasSuffix(".txt") else { return nil }
            return Int(parts[2].dropLast(4))
        }
        let parts = path.utf8.split(separator: UInt8(ascii: "/"))
        guard parts.count == 3, parts[1].elementsEqual("changelogs".utf8), parts[2].count >= 4,
            parts[2].suffix(4).elementsEqual(".txt".utf8)
        else { return nil }
        return Int(Substring(parts[2].dropLast(4)))
    }
}
