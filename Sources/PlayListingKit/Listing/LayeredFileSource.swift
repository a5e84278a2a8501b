import Foundation

/// Several listing folders merged the way Gradle Play Publisher merges a variant's source sets: every file of
/// every folder, the one in the most specific folder winning (`src/main/play` < `src/prod/play` <
/// `src/prodRelease/play`). Reports name each file in the folder it comes from.
public struct LayeredFileSource: ListingFileSource {
    /// The folders, least specific first, as the user would name them.
    public let layers: [String]
    /// For each relative path, the index of the layer it is read from.
    private let owner: [String: Int]

    /// The layers (least specific first) holding the given files: paths as a folder walk found them, each
    /// starting with its layer's folder; files outside every layer, and hidden ones, are left out.
    public init(layers: [String], files: some Sequence<String>) {
        self.layers = layers
        var owner = [String: Int]()
        let prefixes = layers.map { $0 + "/" }
        for file in files {
            for (index, prefix) in prefixes.enumerated().reversed() where file.hasPrefix(prefix) {
                let path = String(file.dropFirst(prefix.count))
                if !isHidden(path), (owner[path] ?? -1) < index { owner[path] = index }
                break
            }
        }
        self.owner = owner
    }

    /// Reads the file lists of `layers` (least specific first); a layer that does not exist is skipped.
    public init(layers: [String]) throws(ListingReadError) {
        self.layers = layers
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
    }

    public func filePaths() -> [String] { owner.keys.sorted() }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        guard let index = owner[path] else { throw .notFound(path) }
        return try DirectoryFileSource(root: URL(fileURLWithPath: layers[index])).contents(of: path)
    }

    /// The file in the folder it is read from; a folder in the most specific layer that holds any of its files.
    public func displayPath(of path: String, displayRoot: String) -> String {
        let index = owner[path] ?? owner.filter { $0.key.hasPrefix(path + "/") }.map(\.value).max() ?? layers.count - 1
        guard layers.indices.contains(index) else { return path }
        return path.isEmpty ? layers[index] : layers[index] + "/" + path
    }
}
