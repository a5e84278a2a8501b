import FileAccess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The private folder (made by `mkdtemp`, mode 0700) the files at a reference are written into. Files are
/// created new (`O_EXCL`, never through a link) and written without `fsync`: the folder is read once and deleted,
/// so a crash loses nothing worth keeping, and syncing each of thousands of small files cost seconds (issue 49).
struct ReleaseFolder {
    /// One file being written.
    struct File {
        fileprivate var descriptor: Int32
        fileprivate var path: String

        /// Appends `bytes`.
        func write(_ bytes: UnsafeRawBufferPointer) throws(ReleaseReadError) {
            let failure = writeAll(bytes, to: descriptor)
            guard failure == 0 else { throw .gitFailed("cannot write \(path): \(String(cString: strerror(failure)))") }
        }

        func close() { _ = systemClose(descriptor) }
    }

    /// The folder itself.
    var root: String
    /// Folders made so far, each made once.
    private var made = Set<String>()

    init(root: String) {
        self.root = root
    }

    /// Makes `path` (absolute) and the folders above it inside ``root``.
    mutating func create(_ path: String) throws(ReleaseReadError) {
        guard !made.contains(path) else { return }
        if path != root, let slash = path.lastIndex(of: "/") { try create(String(path[..<slash])) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw .gitFailed("cannot make \(path): \(String(cString: strerror(errno)))")
        }
        made.insert(path)
    }

    /// Creates the file at `relativePath` (and its folders), open for writing.
    mutating func create(file relativePath: String) throws(ReleaseReadError) -> File {
        let path = root + "/" + relativePath
        if let slash = path.lastIndex(of: "/") { try create(String(path[..<slash])) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .gitFailed("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return File(descriptor: descriptor, path: path)
    }

    /// Creates the file at `relativePath` empty.
    mutating func createEmpty(_ relativePath: String) throws(ReleaseReadError) {
        try create(file: relativePath).close()
    }
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
