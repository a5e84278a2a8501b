import FileAccess

/// A project's walked files sorted once, so each listing target finds the files under its folders by a binary
/// search instead of scanning every file of the project again.
public struct ListingFileIndex: Sendable {
    /// The files in UTF-8 byte order, in which the paths under one folder are neighbours.
    private let files: [String]

    public init(_ files: some Sequence<String>) {
        self.files = files.sorted { $0.precedesInByteOrder($1) }
    }

    /// The files under `folder` (their paths start with `folder/`), in byte order.
    public func files(under folder: String) -> [String] {
        let prefix = Array((folder + "/").utf8)
        var low = 0
        var high = files.count
        while low < high {
            let middle = (low + high) / 2
            if files[middle].utf8.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < files.count, files[end].utf8.starts(with: prefix) { end += 1 }
        return Array(files[low..<end])
    }
}
