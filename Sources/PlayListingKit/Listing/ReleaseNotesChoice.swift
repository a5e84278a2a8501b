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
        // Read as an array: the look at each of a tree's thousands of paths is compiled for it, not run through
        // the sequence's generic witnesses.
        if let newest = Self.newestNumberedChangelog(in: Array(files), tree: tree) {
            versionCodes = [newest]
            description =
                "changelogs/\(newest).txt (else default.txt): the newest numbered changelog, as no versionCode is known"
        } else {
            versionCodes = []
            description = "changelogs/default.txt: no numbered changelog and no known versionCode"
        }
    }

    /// The highest `<n>` of the tree's `<locale>/changelogs/<n>.txt`.
    static func newestNumberedChangelog(in files: [String], tree: String) -> Int? {
        let prefix = tree.isEmpty ? "" : tree + "/"
        var newest: Int?
        for path in files {
            guard let number = path.droppingPrefix(prefix).flatMap(changelogNumber) else { continue }
            newest = max(newest ?? number, number)
        }
        return newest
    }

    /// `n` of `<locale>/changelogs/<n>.txt`; a tree holds thousands of changelogs, so an ASCII path is read by its
    /// bytes in one pass (the same parts as by characters: `split(separator: "/")`, empty parts left out).
    private static func changelogNumber(_ path: Substring) -> Int? {
        let bytes = path.utf8
        guard let stem = bytes.withContiguousStorageIfAvailable(changelogStem) ?? nil else {
            let parts = path.split(separator: "/")
            guard parts.count == 3, parts[1] == "changelogs", parts[2].hasSuffix(".txt") else { return nil }
            return Int(parts[2].dropLast(4))
        }
        guard let stem else { return nil }
        let start = bytes.index(bytes.startIndex, offsetBy: stem.lowerBound)
        return Int(path[start..<bytes.index(start, offsetBy: stem.count)])
    }

    /// The byte range of `<n>` in an ASCII `<locale>/changelogs/<n>.txt` (`.some(nil)`: another path; `nil`: not
    /// ASCII, for the character-level reading).
    private static func changelogStem(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>?? {
        var parts = 0
        var folder = 0..<0
        var name = 0..<0
        var start = 0
        for offset in 0...bytes.count {
            let byte = offset < bytes.count ? bytes[offset] : UInt8(ascii: "/")
            if byte >= 0x80 { return nil }
            guard byte == UInt8(ascii: "/") else { continue }
            if offset > start {
                parts += 1
                if parts == 2 { folder = start..<offset } else if parts == 3 { name = start..<offset }
            }
            start = offset + 1
        }
        let suffix = ".txt".utf8
        guard parts == 3, UnsafeBufferPointer(rebasing: bytes[folder]).elementsEqual("changelogs".utf8),
            name.count >= suffix.count,
            UnsafeBufferPointer(rebasing: bytes[(name.upperBound - suffix.count)..<name.upperBound]).elementsEqual(
                suffix)
        else { return .some(nil) }
        return .some(name.lowerBound..<(name.upperBound - suffix.count))
    }
}
