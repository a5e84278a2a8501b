public import FileAccess

/// Why a path named on the command line cannot be searched.
public enum NinePatchFinderError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        }
    }
}

/// Finds NinePatch candidates: named files as they are, folders searched recursively for names ending in
/// `.9.png` in any letter case (so mis-cased ones can be warned about). Hidden folders and `build` folders are
/// skipped. Folder results are sorted, so reports are deterministic. A link in a searched folder that leads out
/// of it is found with `FoundFile.leaving` set, so it is reported unread.
public struct NinePatchFinder: Sendable {
    public init() {}

    /// Calls `visit` with each candidate, in report order (the named paths in turn, each folder's files sorted),
    /// as the folders are read, so checking can start before the walk ends. Every named path is looked up first,
    /// so a missing one throws before any candidate is visited.
    public func forEachFile(in paths: [String], _ visit: (String) -> Void) throws(NinePatchFinderError) {
        try forEachFoundFile(in: paths) { visit($0.path) }
    }

    /// `forEachFile(in:_:)` with what the walk saw of each file, so checking can open the regular files
    /// without looking their paths up again (`FileReader.read(_:)`).
    public func forEachFoundFile(in paths: [String], _ visit: (FoundFile) -> Void) throws(NinePatchFinderError) {
        let kinds = paths.map { PathKind(path: $0) }
        if let missing = zip(paths, kinds).first(where: { $0.1 == .missing }) {
            throw .notFound(missing.0)
        }
        let walker = FolderWalker(skippedFolderNames: ["build"])
        for (path, kind) in zip(paths, kinds) {
            switch kind {
            case .missing:
                break
            case .file:
                visit(FoundFile(named: path))
            case .folder:
                let boundary = ProjectBoundary(root: path)
                walker.visitFoundFiles(under: path, where: { NinePatchSourceKind(path: $0) != .other }) { file in
                    guard !file.isRegularFile, let leaving = boundary?.escape(of: file.path) else { return visit(file) }
                    visit(FoundFile(path: file.path, leaving: leaving))
                }
            }
        }
    }
}
