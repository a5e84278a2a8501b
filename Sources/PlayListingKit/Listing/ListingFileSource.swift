import FileAccess

/// Why the files of a listing could not be listed or read (the command cannot run: exit 2).
public enum ListingReadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case notAFolder(String)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        case .notAFolder(let path): "\(path): not a folder"
        case .unreadable(let path, let reason): "\(path): cannot be read: \(reason)"
        }
    }

    /// Why, without the path: what a report of the file says.
    public var reason: String {
        switch self {
        case .notFound: "no such file"
        case .notAFolder: "not a file"
        case .unreadable(_, let reason): reason
        }
    }
}

/// Where the checker gets a listing's files from: a folder on disk, several folders merged, or memory in tests
/// and rule examples.
public protocol ListingFileSource: Sendable {
    /// Every regular file under the root as a `/`-separated relative path, sorted. Hidden files and folders are
    /// left out: supply never globs them and GPP excludes `**/.*`.
    func filePaths() throws(ListingReadError) -> [String]
    /// The bytes of one file named by a path from ``filePaths()``.
    func contents(of path: String) throws(ListingReadError) -> [UInt8]
    /// How reports name `path` (a file, or a folder such as a locale), given how the user named the root.
    func displayPath(of path: String, displayRoot: String) -> String
}

extension ListingFileSource {
    public func displayPath(of path: String, displayRoot: String) -> String {
        displayRoot.isEmpty ? path : path.isEmpty ? displayRoot : displayRoot + "/" + path
    }
}

/// Whether a relative path names a hidden file or lies in a hidden folder.
func isHidden(_ path: String) -> Bool {
    path.hasHiddenComponent
}

/// Files held in memory, keyed by relative path: a rule example's tree.
struct MemoryFileSource: ListingFileSource {
    var files: [String: [UInt8]]

    func filePaths() -> [String] {
        files.keys.filter { !isHidden($0) }.sorted()
    }

    func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        guard let bytes = files[path] else { throw .notFound(path) }
        return bytes
    }
}
