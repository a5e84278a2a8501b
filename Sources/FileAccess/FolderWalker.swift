#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files below a folder, recursively, in sorted order. Symbolic links to folders are not followed,
/// unless `followsLinksWithinRoot` is set: then a link whose target lies inside the walked folder is walked under
/// the link's own name, each target once; a link to one of its own ancestors is not followed, so none can loop.
public struct FolderWalker: Sendable {
    /// Folder names not to descend into (e.g. `build`); hidden folders (`.git`, `.gradle`) are always skipped.
    public var skippedFolderNames: Set<String>
    /// Follow links to folders inside the walked folder (a project's `metadata -> app-metadata/<id>`).
    public var followsLinksWithinRoot: Bool

    public init(skippedFolderNames: Set<String> = [], followsLinksWithinRoot: Bool = false) {
        self.skippedFolderNames = skippedFolderNames
        self.followsLinksWithinRoot = followsLinksWithinRoot
    }

    /// Paths of the files below `folder` whose name satisfies `include`, each as `folder/relative/path`.
    public func files(under folder: String, where include: (String) -> Bool) -> [String] {
        var found = [String]()
        visitFiles(under: folder, where: include) { found.append($0) }
        return found
    }

    /// Calls `visit` with each path `files(under:where:)` would return, in the same order, as soon as its folder
    /// has been read, so a caller can start on the first files while the walk goes on.
    public func visitFiles(under folder: String, where include: (String) -> Bool, _ visit: (String) -> Void) {
        let start = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var links = followsLinksWithinRoot ? LinkedFolders(root: Self.realPath(start)) : nil
        walk(start, include: include, visit: visit, links: &links)
    }

    /// The targets of followed links, so each is walked once.
    private struct LinkedFolders {
        var root: String?
        var visited = Set<String>()
    }

    private func walk(_ folder: String, include: (String) -> Bool, visit: (String) -> Void, links: inout LinkedFolders?) {
        guard let stream = opendir(folder) else { return }
        var entries = [(name: String, isFolder: Bool)]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            let type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                let path = folder + "/" + name
                if lstat(path, &info) == 0 {
                    isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                    if (info.st_mode & S_IFMT) == S_IFLNK, links != nil { isFolder = follow(path, in: folder, links: &links) }
                }
            }
            entries.append((name, isFolder))
        }
        closedir(stream)
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                if !entry.name.hasPrefix(".") && !skippedFolderNames.contains(entry.name) {
                    walk(path, include: include, visit: visit, links: &links)
                }
            } else if include(entry.name) {
                visit(path)
            }
        }
    }

    /// Whether the link at `path`, in `folder`, is a folder inside the root that is not an ancestor of the link
    /// (which would loop) and was not walked through another link before.
    private func follow(_ path: String, in folder: String, links: inout LinkedFolders?) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let root = links?.root,
            let target = Self.realPath(path), target.hasPrefix(root + "/"), let here = Self.realPath(folder),
            here != target, !here.hasPrefix(target + "/")
        else { return false }
        return links?.visited.insert(target).inserted ?? false
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
