#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a run reads, and what it is to the run, so a refused output can name both.
public struct InputFile: Sendable, Hashable {
    /// What the run reads the file as.
    public enum Role: String, Sendable, Hashable {
        case buildFile = "a build file"
        case fastlaneFile = "a fastlane file"
        case listingFile = "a listing file"
        case ninePatch = "a NinePatch"
        case artifact = "an artifact"
        case configuration = "the configuration"
        case baseline = "the baseline"
        case input = "an input file"
    }

    public var path: String
    public var role: Role

    public init(_ path: String, role: Role) {
        self.path = path
        self.role = role
    }
}

/// An output that would replace a file the same run reads: refused before anything is written.
public struct OutputRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option that named the output (`--output`, `-o`, `--write-baseline`).
    public var option: String
    public var output: String
    public var input: InputFile

    public var description: String {
        "\(option) \(output) is \(input.role.rawValue) this run reads; choose another path"
    }
}

/// Where a command writes one output, decided the way Unix tools do: `-` is standard output; `/dev/stdout`,
/// `/dev/stderr` and `/dev/fd/N` are the process's own descriptors; a FIFO, a character device or a socket is
/// opened and written, never replaced; anything else is a regular file, reached through its symbolic links (the
/// links stay) and replaced atomically with the permission bits it had.
public struct OutputTarget: Sendable, Hashable {
    /// How the bytes get there.
    public enum Destination: Sendable, Hashable {
        /// An open descriptor of this process (1 for `-`).
        case descriptor(Int32)
        /// A FIFO, device or socket, opened for writing.
        case stream(String)
        /// A regular file (existing or not) at its real path, replaced atomically; `permissions` are the
        /// existing file's.
        case file(String, permissions: UInt32?)
    }

    /// The path as the user gave it.
    public let path: String
    public let destination: Destination

    public init(path: String) {
        self.path = path
        destination = Self.destination(of: path)
    }

    /// Whether the bytes go to this process's standard output.
    public var isStandardOutput: Bool { destination == .descriptor(1) }

    /// The first of `inputs` that writing here would replace (same real path, or the same file through a hard
    /// link); streams and descriptors replace nothing.
    public func replaced(among inputs: [InputFile]) -> InputFile? {
        guard case .file(let resolved, _) = destination else { return nil }
        let target = AtomicFile(path: resolved)
        return inputs.first { target.wouldReplace($0.path) }
    }

    /// Refuses (naming `option` and the input's role) a target that would replace one of `inputs`.
    public func refuse(overwriting inputs: [InputFile], option: String) throws(OutputRefusal) {
        if let input = replaced(among: inputs) {
            throw OutputRefusal(option: option, output: path, input: input)
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileWriteError) {
        switch destination {
        case .descriptor(let descriptor):
            let failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
            if failure != 0 { throw .system(String(cString: strerror(failure))) }
        case .stream(let path):
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .system(String(cString: strerror(errno))) }
            var failure = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
            if close(descriptor) != 0 && failure == 0 { failure = errno }
            if failure != 0 { throw .system(String(cString: strerror(failure))) }
        case .file(let path, let permissions):
            var info = stat()
            if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw .isFolder }
            try AtomicFile(path: path, permissions: permissions).write(bytes)
        }
    }

    /// Writes UTF-8 text.
    public func write(_ text: String) throws(FileWriteError) {
        try write(Array(text.utf8))
    }

    private static func destination(of path: String) -> Destination {
        if path == "-" || path == "/dev/stdout" { return .descriptor(1) }
        if path == "/dev/stderr" { return .descriptor(2) }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            if let descriptor = Int32(path.dropFirst(prefix.count)) { return .descriptor(descriptor) }
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type != S_IFREG && type != S_IFDIR { return .stream(path) }
            if type == S_IFREG { return .file(realPath(path) ?? path, permissions: UInt32(info.st_mode & 0o7777)) }
        }
        return .file(linkTarget(path), permissions: nil)
    }

    /// Where a path that does not exist yet will be created: through a dangling symbolic link to its target
    /// (so the link stays), else the path itself.
    private static func linkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                current = target
            } else {
                let slash = current.lastIndex(of: "/")
                current = slash.map { String(current[...$0]) + target } ?? target
            }
        }
        return current
    }

}
