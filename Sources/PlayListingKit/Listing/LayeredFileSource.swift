import FileAccess
import Foundation

/// Several listing folders merged the way Gradle Play Publisher merges a variant's source sets: every file of
/// every folder, the one in the most specific folder winning (`src/main/play` < `src/prod/play` <
/// `src/prodRelease/play`). Reports name each file in the folder it comes from.
public struct LayeredFileSource: ListingFileSource {
    /// The folders, least specific first, as the user would name them.
    public let layers: [String]
    /// Each layer as an absolute, standardised path (its file URL's `path`), as files are read and named.
    private let folders: [String]
    /// For each relative path, the index of the layer it is read from.
    private let owner: [String: Int]
    /// The keys of `owner`, sorted: the files under a folder are one run of them.
    private let sortedPaths: [String]
    /// Files larger than this are refused unread (``DirectoryFileSource/maxFileBytes``).
    public var maxFileBytes = DirectoryFileSource.defaultMaxFileBytes

    /// The layers (least specific first) holding the given files: paths as a folder walk found them, each
    /// starting with its layer's folder; files outside every layer, and hidden ones, are left out.
    public init(
        layers: [String], files: some Sequence<String>, maxFileBytes: Int = DirectoryFileSource.defaultMaxFileBytes
    ) {
        self.layers = layers
        folders = layers.map { URL(fileURLWithPath: $0).path }
        self.maxFileBytes = maxFileBytes
        var owner = [String: Int]()
        let prefixes = layers.map { $0 + "/" }
        for file in files {
            for index in prefixes.indices.reversed() {
                guard let rest = file.droppingPrefix(prefixes[index]) else { continue }
                let path = String(rest)
                if !isHidden(path), (owner[path] ?? -1) < index { owner[path] = index }
                break
            }
        }
        self.owner = owner
        sortedPaths = owner.keys.sorted()
    }

    /// Reads the file lists of `layers` (least specific first); a layer that does not exist is skipped.
    public init(layers: [String]) throws(ListingReadError) {
        self.layers = layers
        folders = layers.map { URL(fileURLWithPath: $0).path }
        var owner = [String: Int]()
        for (index, layer) in layers.enumerated() {
            let paths: [String]
            do {
                paths = try DirectoryFileSource(root: URL(fileURLWithPath: layer)).filePaths()
            } catch .notFound {
                continue
            }
            for path in paths { owner[path] = index }
        }
        self.owner = owner
        sortedPaths = owner.keys.sorted()
    }

    public func filePaths() -> [String] { sortedPaths }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        guard let index = owner[path] else { throw .notFound(path) }
        return try DirectoryFileSource.contents(of: path, in: folders[index], maxFileBytes: maxFileBytes)
    }

    /// The file in the folder it is read from; a folder in the most specific layer that holds any of its files
    /// (found by binary search among the sorted paths, so a finding per folder does not go through every file).
    public func displayPath(of path: String, displayRoot: String) -> String {
        let index = owner[path] ?? filesInFolder(path).compactMap { owner[$0] }.max() ?? layers.count - 1
        guard layers.indices.contains(index) else { return path }
        return path.isEmpty ? layers[index] : layers[index] + "/" + path
    }

    /// The paths below `folder`: the run of sorted paths starting with `folder/`.
    private func filesInFolder(_ folder: String) -> ArraySlice<String> {
        let prefix = folder + "/"
        var low = 0
        var high = sortedPaths.count
        while low < high {
            let middle = (low + high) / 2
            if sortedPaths[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sortedPaths.count && sortedPaths[end].hasPrefix(prefix) { end += 1 }
        return sortedPaths[low..<end]
    }
}
