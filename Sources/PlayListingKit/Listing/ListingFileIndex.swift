import FileAccess

/// A project's walked files sorted once, so each listing target finds the files under its folders by a binary
/// search instead of scanning every file of the project again.
public struct ListingFileIndex: Sendable {
    /// The files in UTF-8 byte order, in which the paths under one folder are neighbours.
    private let files: [String]

    public init(_ files: some Sequence<String>) {
        // Sorted as an array of strings, so the sort is compiled for it rather than run through the sequence's
        // generic witnesses (a project's every file is sorted once a run).
        self.files = Array(files).sorted { $0.precedesInByteOrder($1) }
    }

    /// The files under `folder` (their paths start with `folder/`), in byte order: one run of the sorted files,
    /// from the first not below `folder/` to the first not below `folder/` + 0xFF (a byte UTF-8 never holds).
    public func files(under folder: String) -> [String] {
        let prefix = Array((folder + "/").utf8)
        let start = firstIndex(notBelow: prefix, from: 0)
        return Array(files[start..<firstIndex(notBelow: prefix + [0xFF], from: start)])
    }

    /// The first position from `start` whose path is not below `bytes` in byte order (binary search).
    private func firstIndex(notBelow bytes: [UInt8], from start: Int) -> Int {
        var low = start
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].utf8.lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
