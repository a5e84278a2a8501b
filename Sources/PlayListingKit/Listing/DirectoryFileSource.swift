import FileAccess
public import Foundation

/// The files of a folder on disk.
public struct DirectoryFileSource: ListingFileSource {
    public var root: URL
    /// Files larger than this are refused unread (``ListingReadError/unreadable(_:reason:)``). Every byte limit a
    /// finding depends on is far below it: the IMG rules' 1 MiB icon, 8 MiB screenshot and 15 MiB feature graphic,
    /// and PNGKit's own 256 MiB file limit, so no finding changes; the cap only keeps a huge file out of memory.
    public var maxFileBytes: Int
    /// Operating-system clutter that is never part of a listing (hidden files are left out anyway).
    static let clutter: Set<String> = ["Thumbs.db", "desktop.ini"]

    /// The cap unless the caller sets one (`check` passes `--max-file-bytes`).
    public static let defaultMaxFileBytes = 512 << 20

    public init(root: URL, maxFileBytes: Int = Self.defaultMaxFileBytes) {
        self.root = root
        self.maxFileBytes = maxFileBytes
    }

    /// Links to folders are followed wherever they point, each target once; a broken link, or one to a folder
    /// already walked, is left out.
    public func filePaths() throws(ListingReadError) -> [String] {
        switch PathKind(path: root.path) {
        case .missing: throw .notFound(root.path)
        case .file: throw .notAFolder(root.path)
        case .folder: break
        }
        let walker = FolderWalker(skippedFolderNames: Self.clutter, followedLinks: .anywhere)
        let paths: [String]
        do {
            paths = try walker.allFiles(under: root.path) { !Self.clutter.contains($0) && !$0.hasPrefix(".") }
        } catch {
            throw .unreadable(error.path, reason: error.reason.description)
        }
        let prefix = root.path.count + 1
        return paths.filter { PathKind(path: $0) == .file }.map { String($0.dropFirst(prefix)) }.sorted()
    }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        let url = root.appendingPathComponent(path)
        do {
            return try FileReader(maxBytes: maxFileBytes).read(url.path)
        } catch {
            throw .unreadable(url.path, reason: error.description)
        }
    }
}
