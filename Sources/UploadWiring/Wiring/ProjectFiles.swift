internal import FileAccess

/// The project as the upload readers see it: its folder, the files the walk found, and text reads within a size
/// limit through the CI readers' own decoding (`WiringText`: byte-order marks, UTF-16, CRLF and CR).
public struct ProjectFiles: Sendable {
    /// The project folder, as the caller named it.
    public var root: String
    /// Every walked file (full paths under `root`).
    public var walked: Set<String>
    var disk: DiskRepository
    var maxBytes: Int

    public init(root: String, walked: [String], maxBytes: Int) {
        self.root = root
        self.walked = Set(walked)
        disk = DiskRepository(root: root, walked: walked)
        self.maxBytes = maxBytes
    }

    /// `path` relative to the project (`""` for the root itself).
    public func relative(_ path: String) -> String {
        if path == root { return "" }
        return path.droppingPrefix(root + "/").map(String.init) ?? path
    }

    /// The full path of a project-relative one.
    public func path(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Whether the project-relative `relative` is a folder.
    public func hasFolder(_ relative: String) -> Bool {
        disk.kind(of: relative) == .folder
    }

    /// The text of the project-relative file `relative`, or why it cannot be read.
    func text(_ relative: String) -> Result<String, UnreadWiring.Reason> {
        WiringText.read(relative, in: disk, maxBytes: maxBytes)
    }

    /// The folders (relative to the project) that hold walked files and fit `pattern`, whose `$NAME` and
    /// `${NAME}` segments each stand for one folder name.
    func folders(fitting pattern: String) -> [String] {
        let depth = pattern.split(separator: "/", omittingEmptySubsequences: false).count
        var found = Set<String>()
        for file in walked {
            let segments = relative(file).split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count > depth else { continue }
            let folder = segments.prefix(depth).joined(separator: "/")
            if Self.fits(folder, pattern: pattern) { found.insert(folder) }
        }
        return found.sorted()
    }

    /// Whether `path` is `pattern` with each `$NAME`/`${NAME}` segment standing for one folder name.
    static func fits(_ path: String, pattern: String) -> Bool {
        guard pattern.contains("$") else { return path == pattern }
        let names = path.split(separator: "/", omittingEmptySubsequences: false)
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false)
        return names.count == segments.count
            && zip(names, segments).allSatisfy { name, segment in segment == name || segment.hasPrefix("$") }
    }

    /// `folder/path` with `.` and `..` resolved; `nil` when it climbs above the project.
    static func joined(_ folder: String, _ path: String) -> String? {
        let joined = ShellReader.normalized(folder.isEmpty ? path : folder + "/" + path)
        return joined == ".." || joined.hasPrefix("../") ? nil : joined
    }
}
