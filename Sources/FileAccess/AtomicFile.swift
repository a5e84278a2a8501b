#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Writes every byte of `buffer` to `descriptor`, retrying partial and interrupted writes. Returns 0, or the
/// `errno` of the write that failed.
public func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
    var written = 0
    while written < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
            if errno == EINTR { continue }
            return errno
        }
        written += count
    }
    return 0
}

/// Why an output file could not be written.
public enum FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operating system refused (`strerror` text).
    case system(String)
    /// The path names a folder.
    case isFolder
    /// A symbolic link is on the way (``OutputTarget/link``): never written through.
    case throughLink(OutputLink)

    public var description: String {
        switch self {
        case .system(let reason): reason
        case .isFolder: "is a folder"
        case .throughLink(let link):
            "\(link.path) is a symbolic link (to \(link.target)); playprep never writes through a link"
                + (link.isOutput ? "" : " (make it a folder of its own)")
        }
    }
}

/// Writes a whole file atomically: the bytes go to a temporary file in the same folder (created with
/// `O_EXCL|O_NOFOLLOW`, so nothing planted at its name is followed), which is flushed and then renamed over the
/// target (a symbolic link at the target's name is replaced, never written through), so readers see the old
/// file or the complete new one, never a partial file;
/// on failure the temporary file is removed and the target is untouched. On Linux the bytes are first written
/// to an unnamed file (`O_TMPFILE`) that only gets a name once complete, so even a process killed mid-write
/// leaves nothing behind.
public struct AtomicFile: Sendable {
    public let path: String
    /// The permission bits the new file gets (those of the file it replaces); `nil`: 0644 less the umask.
    public var permissions: UInt32?

    public init(path: String, permissions: UInt32? = nil) {
        self.path = path
        self.permissions = permissions
    }

    public func write(_ bytes: [UInt8]) throws(FileWriteError) {
        try write { stream in stream.write(bytes) }
    }

    /// Writes what `produce` writes to the stream it is given, piece by piece (nothing held whole), with the
    /// same guarantee: the target is replaced only once every piece is written; ``DescriptorStream/abandon()``
    /// leaves it untouched.
    public func write(producing produce: (inout DescriptorStream) -> Void) throws(FileWriteError) {
        let temporary = temporaryPath()
        let unnamed = openUnnamed()
        let descriptor = unnamed ?? open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
        var stream = DescriptorStream(descriptor)
        produce(&stream)
        var failure = stream.finish()
        if failure == 0, let permissions, fchmod(descriptor, mode_t(permissions)) != 0 { failure = errno }
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if failure == 0, unnamed != nil, !giveName(temporary, to: descriptor) { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .system(String(cString: strerror(failure)))
        }
    }

    /// Writes UTF-8 text.
    public func write(_ text: String) throws(FileWriteError) {
        try write(Array(text.utf8))
    }

    /// An unnamed file in the target's folder (Linux `O_TMPFILE`), or `nil` where the file system lacks it.
    private func openUnnamed() -> Int32? {
        #if os(Linux)
            let unnamedFileFlag: Int32 = 0o2000_0000 | O_DIRECTORY
            let descriptor = open(folder, O_WRONLY | O_CLOEXEC | unnamedFileFlag, 0o644)
            return descriptor >= 0 ? descriptor : nil
        #else
            return nil
        #endif
    }

    /// Links the finished unnamed file into the folder as `name`, ready to be renamed over the target.
    private func giveName(_ name: String, to descriptor: Int32) -> Bool {
        linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0
    }

    /// Whether writing here would replace the file at `input`: both paths resolve (symbolic links, `.` and `..`)
    /// to the same real path, or they name one file through a hard link. A target that does not exist yet is
    /// resolved through its folder.
    public func wouldReplace(_ input: String) -> Bool {
        guard let inputPath = realPath(input) else { return false }
        if let targetPath = realPath(path) ?? inRealFolder,
            targetPath == inputPath
        {
            return true
        }
        var inputInfo = stat()
        var targetInfo = stat()
        return stat(input, &inputInfo) == 0 && stat(path, &targetInfo) == 0
            && inputInfo.st_dev == targetInfo.st_dev && inputInfo.st_ino == targetInfo.st_ino
    }

    /// The name in its folder's real path (the name itself not resolved); `nil` when the folder does not exist.
    var inRealFolder: String? {
        realPath(folder).map { ($0 == "/" ? "" : $0) + "/" + name }
    }

    /// The folder part of the path (`.` for a bare name) and the name after the last slash.
    private var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private var name: String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `folder/.name.playprep-PID-N.tmp`: hidden, unique per process and call, beside the target.
    private func temporaryPath() -> String {
        "\(folder)/.\(name).playprep-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    }
}
