#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a path given on the command line cannot be used as the folder or file a command expects: each cause its
/// own words, so a user learns what is wrong instead of "no such file" for a file that exists.
public enum PathProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(String)
    /// A part of the path before its last name is a file (`notes.txt/res`).
    case notAFolder(String, file: String)
    case permissionDenied(String)
    /// A file where a folder is expected.
    case isFile(String)
    /// A folder where a file is expected.
    case isFolder(String)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file or folder"
        case .notAFolder(let path, let file): "\(path): not a folder (\(file) is a file)"
        case .permissionDenied(let path): "\(path): permission denied"
        case .isFile(let path): "\(path): is a file, not a folder"
        case .isFolder(let path): "\(path): is a folder, not a file"
        }
    }

    /// What stops `path` from being a folder whose entries can be listed; `nil` when nothing does.
    public static func asFolder(_ path: String) -> PathProblem? {
        var info = stat()
        guard stat(path, &info) == 0 else { return cause(errno, path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return .isFile(path) }
        guard let stream = opendir(path) else { return cause(errno, path) }
        closedir(stream)
        return nil
    }

    /// What stops `path` from being a file that can be read; `nil` when nothing does.
    public static func asFile(_ path: String) -> PathProblem? {
        var info = stat()
        guard stat(path, &info) == 0 else { return cause(errno, path) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { return .isFolder(path) }
        guard access(path, R_OK) == 0 else { return cause(errno, path) }
        return nil
    }

    /// The problem an `errno` from `stat`, `opendir` or `access` on `path` means.
    private static func cause(_ code: Int32, _ path: String) -> PathProblem {
        switch code {
        case EACCES, EPERM: return .permissionDenied(path)
        case ENOTDIR: return .notAFolder(path, file: firstFile(on: path) ?? path)
        default: return .missing(path)
        }
    }

    /// The first prefix of `path` that exists and is not a folder.
    private static func firstFile(on path: String) -> String? {
        var prefix = path.hasPrefix("/") ? "" : nil as String?
        for part in path.split(separator: "/") {
            let next = prefix.map { $0 + "/" + part } ?? String(part)
            var info = stat()
            if stat(next, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR { return next }
            prefix = next
        }
        return nil
    }
}
