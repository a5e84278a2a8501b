import FileAccess
import PlayListingKit

/// A listing tree as an upload sends it: the committed files of its layers, plus the files a step copies into it
/// first (each read from the project file it copies, and reported there: what is sent is what is judged).
struct SentListingSource: ListingFileSource {
    var committed: LayeredFileSource
    /// Path in the tree → the full path of the project file copied there.
    var copies: [String: String]
    var reader = FileReader(maxBytes: DirectoryFileSource.defaultMaxFileBytes)

    func filePaths() throws(ListingReadError) -> [String] {
        // The committed paths are sorted and distinct already; most trees copy nothing in.
        copies.isEmpty ? committed.filePaths() : Array(Set(committed.filePaths()).union(copies.keys)).sorted()
    }

    func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        guard let source = copies[path] else { return try committed.contents(of: path) }
        do throws(FileReadError) {
            return try reader.read(source)
        } catch {
            throw .unreadable(source, reason: error.description)
        }
    }

    /// A copied file by its source; a locale folder that only one copied file makes (a `whatsnew-fr` sent as
    /// `fr/changelogs/default.txt`) by that file too, since no such folder exists.
    func displayPath(of path: String, displayRoot: String) -> String {
        if let source = copies[path] { return source }
        let inside = copies.filter { $0.key.hasPrefix(path + "/") }
        if inside.count == 1, let only = inside.first,
            !committed.filePaths().contains(where: { $0.hasPrefix(path + "/") })
        {
            return only.value
        }
        return committed.displayPath(of: path, displayRoot: displayRoot)
    }
}
