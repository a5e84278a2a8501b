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

/// A symbolic link where an output would be written: the output's own name, or a folder on the way to it.
public struct OutputLink: Sendable, Hashable {
    /// The link's path, as the output path names it.
    public var path: String
    /// Its target as written in it.
    public var target: String
    /// Whether the link is the output's own name (which `--force` replaces), not a folder on the way.
    public var isOutput: Bool

    public init(path: String, target: String, isOutput: Bool) {
        self.path = path
        self.target = target
        self.isOutput = isOutput
    }
}

/// Where a command writes one output, decided the way Unix tools do: `-` is standard output; `/dev/stdout`,
/// `/dev/stderr` and `/dev/fd/N` are the process's own descriptors; a FIFO, a character device or a socket is
/// opened and written, never replaced; anything else is a regular file, replaced atomically with the permission
/// bits it had. A symbolic link is never written through (a repository can commit `playprep.sarif ->
/// ../elsewhere`): one at the output's name, existing or dangling, is refused, or replaced itself when the caller
/// says so; one among the folders on the way below `linksCheckedBelow` (the working folder unless told) is
/// always refused. Folders above it are the user's own and resolved as they are.
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
    /// The first symbolic link on the way to a file destination, if any: writing is refused because of it.
    public let link: OutputLink?

    /// `linksCheckedBelow`: the folder below which every folder of the path must be a real folder, not a link
    /// (a project or resource folder the output goes into); the working folder when `nil`.
    public init(path: String, linksCheckedBelow base: String? = nil) {
        self.path = path
        destination = Self.destination(of: path)
        if case .file = destination {
            link = Self.outputLink(path) ?? Self.folderLink(on: path, below: base)
        } else {
            link = nil
        }
    }

    /// Throws unless the bytes can go here without following a link; with `replacingLink`, a link at the output's
    /// own name is allowed (the write replaces the link itself, never its target).
    public func refuseLink(replacingLink: Bool = false) throws(FileWriteError) {
        guard let link, !(replacingLink && link.isOutput) else { return }
        throw .throughLink(link)
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

    /// Writes `bytes`; refused (`FileWriteError.throughLink`) when ``link`` is set, unless `replacingLink` and
    /// the link is the output's own name: then the link is replaced by the new file.
    public func write(_ bytes: [UInt8], replacingLink: Bool = false) throws(FileWriteError) {
        try refuseLink(replacingLink: replacingLink)
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
            if lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw .isFolder }
            try AtomicFile(path: path, permissions: permissions).write(bytes)
        }
    }

    /// Writes UTF-8 text.
    public func write(_ text: String, replacingLink: Bool = false) throws(FileWriteError) {
        try write(Array(text.utf8), replacingLink: replacingLink)
    }

    private static func destination(of path: String) -> Destination {
        if path == "-" || path == "/dev/stdout" { return .descriptor(1) }
        if path == "/dev/stderr" { return .descriptor(2) }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            if let descriptor = Int32(path.dropFirst(prefix.count)) { return .descriptor(descriptor) }
        }
        // The name itself, never what a link there points to: the file goes in the folder's real path.
        let placed = AtomicFile(path: path).inRealFolder ?? path
        var info = stat()
        guard lstat(path, &info) == 0 else { return .file(placed, permissions: nil) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(placed, permissions: UInt32(info.st_mode & 0o7777))
        case S_IFDIR, S_IFLNK: return .file(placed, permissions: nil)
        default: return .stream(path)
        }
    }

    /// The output's own name when it is a symbolic link (dangling or not).
    private static func outputLink(_ path: String) -> OutputLink? {
        linkText(path).map { OutputLink(path: path, target: $0, isOutput: true) }
    }

    /// The first folder of `path` that is a symbolic link: every folder of a relative path; of an absolute one,
    /// those below `base` (the working folder when `nil`), none when it lies elsewhere. Up to a `..`, which leaves
    /// the checked part.
    private static func folderLink(on path: String, below base: String?) -> OutputLink? {
        let parts = path.split(separator: "/")
        var checked = parts[...]
        var folder: String?
        if path.hasPrefix("/") {
            guard let base = base.flatMap(absolute) ?? currentFolder() else { return nil }
            let baseParts = base.split(separator: "/")
            guard parts.count > baseParts.count, zip(parts, baseParts).allSatisfy({ $0 == $1 }) else { return nil }
            checked = parts[baseParts.count...]
            folder = "/" + baseParts.joined(separator: "/")
        }
        for part in checked.dropLast() {
            if part == ".." { return nil }
            let next = folder.map { $0.hasSuffix("/") ? $0 + part : $0 + "/" + part } ?? String(part)
            folder = next
            if part != ".", let target = linkText(next) {
                return OutputLink(path: next, target: target, isOutput: false)
            }
        }
        return nil
    }

    /// `path` made absolute against the working folder, not resolved.
    private static func absolute(_ path: String) -> String? {
        path.hasPrefix("/") ? path : currentFolder().map { $0 + "/" + path }
    }

    private static func currentFolder() -> String? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return String(cString: folder)
    }

}
