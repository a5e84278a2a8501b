internal import FileAccess

/// The repository as the wiring readers see it: files by path relative to its root. The disk is one source; tests
/// and the CI systems' examples use files held in memory, through the same readers.
protocol RepositoryFiles: Sendable {
    /// The bytes of `path` (relative to the root), refused past `maxBytes`.
    func bytes(of path: String, maxBytes: Int) throws(FileReadError) -> [UInt8]
    /// Whether `path` is a file, a folder or nothing.
    func kind(of path: String) -> PathKind
    /// Every file below `folder` (relative; `""` for the root), hidden folders inside it skipped, sorted.
    func files(under folder: String) -> [String]
    /// The project walk's files, relative (hidden folders, `build/` and excluded paths left out), for CI files and
    /// scripts that may sit anywhere (`ci/Jenkinsfile`).
    var walked: [String] { get }
}

/// The text of a repository file as the readers use it, or why it is unread.
enum WiringText {
    /// Reads `path` as text: the size limit (`maxBytes`), a UTF-8 or UTF-16 byte order mark, NUL bytes of a binary, and CRLF or
    /// CR line endings turned into LF (line numbers stay those of the file).
    static func read(_ path: String, in repository: any RepositoryFiles, maxBytes: Int)
        -> Result<String, UnreadWiring.Reason>
    {
        let bytes: [UInt8]
        do {
            bytes = try repository.bytes(of: path, maxBytes: maxBytes)
        } catch {
            if case .notFound = error { return .failure(.missing) }
            if case .tooLarge(let size, let limit) = error { return .failure(.tooLarge(bytes: size, limit: limit)) }
            return .failure(.unreadable(error.description))
        }
        return decode(bytes)
    }

    /// `bytes` as text (see `read`).
    static func decode(_ bytes: [UInt8]) -> Result<String, UnreadWiring.Reason> {
        if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
            return .failure(.encoding("UTF-32"))
        }
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let bigEndian = bytes[0] == 0xFE
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index -> UInt16 in
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                return UInt16(high) << 8 | UInt16(low)
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            if bytes.contains(0) { return .failure(.binary) }
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            text = String(decoding: body, as: UTF8.self)
        }
        return .success(unixLineEndings(text))
    }

    /// CRLF and lone CR as LF.
    static func unixLineEndings(_ text: String) -> String {
        guard text.utf8.contains(13) else { return text }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == 13 {
                out.append(10)
            } else if !(byte == 10 && previousWasCR) {
                out.append(byte)
            }
            previousWasCR = byte == 13
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The repository on disk below `root`.
struct DiskRepository: RepositoryFiles {
    var root: String
    var walked: [String]
    /// A file a link takes out of the repository is never read.
    private let boundary: ProjectBoundary?

    /// `walked` holds the project walk's paths (absolute or relative to `root`).
    init(root: String, walked: [String]) {
        self.root = root
        boundary = ProjectBoundary(root: root)
        let prefix = root + "/"
        self.walked = walked.map { $0.droppingPrefix(prefix).map(String.init) ?? $0 }
    }

    private func absolute(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }

    func bytes(of path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        try FileReader(maxBytes: maxBytes, within: boundary).read(absolute(path))
    }

    func kind(of path: String) -> PathKind { PathKind(path: absolute(path)) }

    func files(under folder: String) -> [String] {
        guard kind(of: folder) == .folder else { return [] }
        let prefix = root.count + 1
        return FolderWalker(skippedFolderNames: [], followedLinks: .none).files(
            under: absolute(folder), where: { _ in true }
        ).map { String($0.dropFirst(prefix)) }
    }
}

/// A repository held in memory: a CI system's examples and the tests.
struct MemoryRepository: RepositoryFiles {
    var contents: [String: [UInt8]]

    init(_ files: [String: String]) {
        contents = files.mapValues { Array($0.utf8) }
    }

    init(bytes: [String: [UInt8]]) {
        contents = bytes
    }

    var walked: [String] {
        contents.keys.filter { !$0.split(separator: "/").dropLast().contains { $0.hasPrefix(".") } }.sorted()
    }

    func bytes(of path: String, maxBytes: Int) throws(FileReadError) -> [UInt8] {
        guard let bytes = contents[path] else {
            throw kind(of: path) == .folder ? .isFolder : .notFound
        }
        if bytes.count > maxBytes { throw .tooLarge(bytes: bytes.count, limit: maxBytes) }
        return bytes
    }

    func kind(of path: String) -> PathKind {
        if contents[path] != nil { return .file }
        return path.isEmpty || contents.keys.contains(where: { $0.hasPrefix(path + "/") }) ? .folder : .missing
    }

    func files(under folder: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return contents.keys.filter {
            $0.hasPrefix(prefix)
                && !$0.dropFirst(prefix.count).split(separator: "/").dropLast().contains {
                    $0.hasPrefix(".")
                }
        }.sorted()
    }
}
