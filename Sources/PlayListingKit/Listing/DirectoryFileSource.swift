public import FileAccess
public import Foundation

/// The files of a folder on disk.
public struct DirectoryFileSource: ListingFileSource {
    public let root: URL
    /// Files larger than this are refused unread (``ListingReadError/unreadable(_:reason:)``). Every byte limit a
    /// finding depends on is far below it: the IMG rules' 1 MiB icon, 8 MiB screenshot and 15 MiB feature graphic,
    /// and PNGKit's own 256 MiB file limit, so no finding changes; the cap only keeps a huge file out of memory.
    public var maxFileBytes: Int
    /// Operating-system clutter that is never part of a listing (hidden files are left out anyway).
    static let clutter: Set<String> = ["Thumbs.db", "desktop.ini"]

    /// The cap unless the caller sets one (`check` passes `--max-file-bytes`).
    public static let defaultMaxFileBytes = 512 << 20

    /// `root.path`, worked out once: a listing's files are read one by one through it.
    private let folder: String

    public init(root: URL, maxFileBytes: Int = Self.defaultMaxFileBytes) {
        self.root = root
        self.maxFileBytes = maxFileBytes
        folder = root.path
    }

    /// Links to folders inside the folder are followed, each target once; a broken link, or one to a folder
    /// already walked, is left out, and so is a link that leads out of the folder (a locale linked to `/usr`):
    /// never followed or read, it is one of ``leavingLinks()``.
    public func filePaths() throws(ListingReadError) -> [String] {
        let prefix = folder.count + 1
        // A link is listed only when it leads to a file (not a folder, not nowhere).
        return try walk().files.filter { $0.isRegularFile || PathKind(path: $0.path) == .file }
            .map { String($0.path.dropFirst(prefix)) }.sorted()
    }

    /// The symbolic links of the folder that lead out of it, relative to it, with their targets as written: none
    /// is read, so a caller can name each (PRJ001).
    public func leavingLinks() throws(ListingReadError) -> [LeavingLink] {
        try walk().leaving
    }

    private func walk() throws(ListingReadError) -> (files: [FoundFile], leaving: [LeavingLink]) {
        switch PathKind(path: folder) {
        case .missing: throw .notFound(folder)
        case .file: throw .notAFolder(folder)
        case .folder: break
        }
        let walker = FolderWalker(skippedFolderNames: Self.clutter, followedLinks: .withinRoot)
        var leaving = [LeavingLink]()
        do {
            let files = try walker.allFiles(
                under: folder, where: { !Self.clutter.contains($0) && !$0.hasPrefix(".") },
                leaving: { leaving.append($0) })
            return (files, leaving)
        } catch {
            throw .unreadable(error.path, reason: error.reason.description)
        }
    }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        try Self.contents(of: path, in: folder, maxFileBytes: maxFileBytes, within: ProjectBoundary(root: folder))
    }

    /// The file at `path` in `folder` (a folder URL's `path`), as `root.appendingPathComponent(path).path`
    /// names it, without a URL for each file: a listing's files are read one by one. With `boundary`, a file
    /// that a link takes out of it is refused unread.
    static func contents(
        of path: String, in folder: String, maxFileBytes: Int, within boundary: ProjectBoundary? = nil
    ) throws(ListingReadError) -> [UInt8] {
        let file = folder.hasSuffix("/") ? folder + path : folder + "/" + path
        do {
            return try FileReader(maxBytes: maxFileBytes, within: boundary).read(file)
        } catch {
            throw .unreadable(file, reason: error.description)
        }
    }
}
