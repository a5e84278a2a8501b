#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files below a folder, recursively, in sorted order, without following symbolic links to folders.
public struct FolderWalker: Sendable {
    /// Folder names not to descend into (e.g. `build`); hidden folders (`.git`, `.gradle`) are always skipped.
    public var skippedFolderNames: Set<String>

    public init(skippedFolderNames: Set<String> = []) {
        self.skippedFolderNames = skippedFolderNames
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
        walk(folder.hasSuffix("/") ? String(folder.dropLast()) : folder, include: include, visit: visit)
    }

    private func walk(_ folder: String, include: (String) -> Bool, visit: (String) -> Void) {
        guard let stream = opendir(folder) else { return }
        var entries = [(name: String, isFolder: Bool)]()
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) || Int32(entry.pointee.d_type) == Int32(DT_LNK) {
                var info = stat()
                isFolder = lstat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        closedir(stream)
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            let path = folder + "/" + entry.name
            if entry.isFolder {
                if !entry.name.hasPrefix(".") && !skippedFolderNames.contains(entry.name) {
                    walk(path, include: include, visit: visit)
                }
            } else if include(entry.name) {
                visit(path)
            }
        }
    }
}
