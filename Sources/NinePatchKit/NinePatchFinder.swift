import FileAccess

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
/// skipped. Folder results are sorted, so reports are deterministic.
public struct NinePatchFinder: Sendable {
    public init() {}

    public func files(in paths: [String]) throws(NinePatchFinderError) -> [String] {
        let walker = FolderWalker(skippedFolderNames: ["build"])
        var found = [String]()
        for path in paths {
            switch PathKind(path: path) {
            case .missing:
                throw .notFound(path)
            case .file:
                found.append(path)
            case .folder:
                found += walker.files(under: path) { NinePatchSourceKind(path: $0) != .other }
            }
        }
        return found
    }
}
