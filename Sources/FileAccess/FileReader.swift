#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#endif

/// Why a file could not be read, in words fit to follow its name.
public enum FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound
    case isFolder
    /// A FIFO, socket or device: never opened, since reading one can block forever or never end.
    case notRegularFile(kind: String)
    case tooLarge(bytes: Int, limit: Int)
    /// The operating system refused: permission denied, I/O error, … (`strerror` text).
    case system(String)
    /// A symbolic link on the path leads out of the reader's ``ProjectBoundary``: never opened.
    case leavesProject(LeavingLink)

    public var description: String {
        switch self {
        case .notFound: "no such file"
        case .isFolder: "is a folder, not a file"
        case .notRegularFile(let kind): "not a regular file (a \(kind))"
        case .tooLarge(let bytes, let limit): "file is \(bytes) bytes, over the limit of \(limit) bytes"
        case .system(let reason): reason
        case .leavesProject(let link): link.description
        }
    }

    static func fromErrno(_ code: Int32) -> FileReadError {
        code == ENOENT || code == ENOTDIR ? .notFound : .system(String(cString: strerror(code)))
    }
}

/// What a path names.
public enum PathKind: Sendable, Hashable {
    case file
    case folder
    case missing

    /// Follows symbolic links, as opening the path would.
    public init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        self = (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }
}

/// The absolute path of `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`); `nil` when it
/// does not exist.
public func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Reads whole files with plain POSIX calls: fast on hot paths (checking thousands of small drawables) and
/// with the operating system's own reason when it fails.
public struct FileReader: Sendable {
    /// Files larger than this are refused before any byte is read.
    public var maxBytes: Int
    /// When set, a path that resolves outside it (through a symbolic link) is refused unopened
    /// (``FileReadError/leavesProject(_:)``): a repository's link must not make playprep read, and quote, a file
    /// of the machine it runs on.
    public var boundary: ProjectBoundary?

    public init(maxBytes: Int, within boundary: ProjectBoundary? = nil) {
        self.maxBytes = maxBytes
        self.boundary = boundary
    }

    /// Only regular files (or links to them) are read: a FIFO, socket or device is refused before it is opened,
    /// and opening never waits (`O_NONBLOCK`), so one swapped in after the check is refused too.
    public func read(_ path: String) throws(FileReadError) -> [UInt8] {
        try read(FoundFile(named: path))
    }

    /// `read(_:)` for a file a folder walk found. One it saw as a regular file is opened without looking its
    /// path up first (one system call and one path walk fewer on each of thousands of drawables; ``boundary`` is not
    /// asked again, since the walk entered only the folders its link policy admits): the walk saw
    /// no FIFO or device there, a link put there since is not followed (`O_NOFOLLOW`: it is read as `read(_:)`
    /// reads a path), and what is opened is still refused unless it is a regular file.
    public func read(_ file: FoundFile) throws(FileReadError) -> [UInt8] {
        let (descriptor, size) = try open(file)
        defer { close(descriptor) }
        var failure: FileReadError?
        // Only the bytes read are kept: nothing is zeroed first.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, filled in
            while filled < size {
                let count = systemRead(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = .fromErrno(errno)
                    return
                }
                if count == 0 { break }  // the file shrank while we read it
                filled += count
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// The file at `path`, refused as `read(_:)` refuses it, mapped into memory read-only instead of read: only
    /// the pages used are ever loaded, so a large archive whose directory and a few entries are read costs those
    /// pages, not its size. The file must not shrink while it is mapped (a page past its new end cannot be read).
    public func map(_ path: String) throws(FileReadError) -> MappedFile {
        let (descriptor, size) = try open(FoundFile(named: path))
        defer { close(descriptor) }
        return try MappedFile(descriptor: descriptor, size: size)
    }

    /// `file` opened for reading, with its size: a regular file within ``maxBytes`` and ``boundary``.
    private func open(_ file: FoundFile) throws(FileReadError) -> (descriptor: Int32, size: Int) {
        if let leaving = file.leaving { throw .leavesProject(leaving) }
        let path = file.path
        var info = stat()
        let descriptor: Int32
        if file.isRegularFile {
            descriptor = Self.openFound(file, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
            if descriptor < 0 && errno == ELOOP { return try open(FoundFile(named: path)) }
        } else {
            if let leaving = boundary?.escape(of: path) { throw .leavesProject(leaving) }
            guard stat(path, &info) == 0 else { throw .fromErrno(errno) }
            try Self.requireRegular(info)
            descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        }
        guard descriptor >= 0 else { throw .fromErrno(errno) }
        do throws(FileReadError) {
            guard fstat(descriptor, &info) == 0 else { throw .fromErrno(errno) }
            try Self.requireRegular(info)
            let size = Int(info.st_size)
            if size > maxBytes { throw .tooLarge(bytes: size, limit: maxBytes) }
            return (descriptor, size)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Opens a found file by its name in its open folder when the walk kept one, else by its path.
    private static func openFound(_ file: FoundFile, flags: Int32) -> Int32 {
        guard let folder = file.folder else { return systemOpen(file.path, flags) }
        var path = file.path
        // The walk made the path as `folder + "/" + name`; the name is what follows the last slash.
        let nameStart = path.withUTF8 { ($0.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1 }
        return path.withCString { openat(folder.descriptor, $0 + nameStart, flags) }
    }

    /// Throws unless `info` describes a regular file.
    private static func requireRegular(_ info: stat) throws(FileReadError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .isFolder
        case S_IFIFO: throw .notRegularFile(kind: "FIFO")
        case S_IFSOCK: throw .notRegularFile(kind: "socket")
        case S_IFCHR: throw .notRegularFile(kind: "character device")
        case S_IFBLK: throw .notRegularFile(kind: "block device")
        default: throw .notRegularFile(kind: "special file")
        }
    }
}

/// A file mapped into memory read-only (``FileReader/map(_:)``), unmapped when the last reference goes.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes; never written (the pages are mapped read-only).
    private let bytes: UnsafeRawBufferPointer

    /// The file's size in bytes.
    public var count: Int { bytes.count }

    /// Runs `body` on the file's bytes, which stay mapped while it runs; a pointer kept past it must keep this
    /// object alive as long (as a `Data` whose deallocator holds it does).
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(bytes)
    }

    init(descriptor: Int32, size: Int) throws(FileReadError) {
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw .fromErrno(errno)
        }
        bytes = UnsafeRawBufferPointer(start: start, count: size)
    }

    deinit {
        if let start = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), bytes.count) }
    }
}
