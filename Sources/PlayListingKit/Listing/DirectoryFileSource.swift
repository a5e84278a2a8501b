import FileAccess
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

    /// Links to folders are followed wherever they point, each target once; a broken link, or one to a folder
    /// already walked, is left out.
    public func filePaths() throws(ListingReadError) -> [String] {
        switch PathKind(path: folder) {
        case .missing: throw .notFound(folder)
        case .file: throw .notAFolder(folder)
        case .folder: break
        }
        let walker = FolderWalker(skippedFolderNames: Self.clutter, followedLinks: .anywhere)
        let found: [FoundFile]
        do {
            found = try walker.allFiles(under: folder) { !Self.clutter.contains($0) && !$0.hasPrefix(".") }
        } catch {
            throw .unreadable(error.path, reason: error.reason.description)
        }
        let prefix = folder.count + 1
        // A link is listed only when it leads to a file (not a folder, not nowhere).
        return found.filter { $0.isRegularFile || PathKind(path: $0.path) == .file }
            .map { String($0.path.dropFirst(prefix)) }.sorted()
    }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        try Self.contents(of: path, in: folder, maxFileBytes: maxFileBytes)
    }

    /// The file at `path` in `folder` (a folder URL's `path`), as `root.appendingPathComponent(path).path`
    /// names it, without a URL for each file: a listing's files are read one by one.
    static func contents(of path: String, in folder: String, maxFileBytes: Int) throws(ListingReadError) -> [UInt8] {
        let file = folder.hasSuffix("/") ? folder + path : folder + "/" + path
        do {
            return try FileReader(maxBytes: maxFileBytes).read(file)
        } catch {
            throw .unreadable(file, reason: error.description)
        }
    }
}
