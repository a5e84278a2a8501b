/// Why the files of a listing could not be listed or read (the command cannot run: exit 2).
public enum ListingReadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case notAFolder(String)
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file or folder"
        case .notAFolder(let path): "\(path): not a folder"
        case let .unreadable(path, reason): "\(path): cannot be read: \(reason)"
        }
    }
}

/// Where the checker gets a listing's files from: a folder on disk, or memory in tests and rule examples.
public protocol ListingFileSource: Sendable {
    /// Every regular file under the root as a `/`-separated relative path, sorted. Hidden folders are left out
    /// (supply skips them); hidden files are kept so that stray names like `changelogs/.txt` can be reported.
    func filePaths() throws(ListingReadError) -> [String]
    /// The bytes of one file named by a path from ``filePaths()``.
    func contents(of path: String) throws(ListingReadError) -> [UInt8]
}

/// Files held in memory, keyed by relative path.
public struct MemoryFileSource: ListingFileSource {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    public func filePaths() -> [String] {
        files.keys.filter { path in !path.split(separator: "/").dropLast().contains { $0.hasPrefix(".") } }.sorted()
    }

    public func contents(of path: String) throws(ListingReadError) -> [UInt8] {
        guard let bytes = files[path] else { throw .notFound(path) }
        return bytes
    }
}
