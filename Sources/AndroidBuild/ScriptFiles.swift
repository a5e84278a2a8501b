import FileAccess

/// The files of the project that build scripts read while Gradle configures them: the scripts they apply
/// (`apply from:`) and the `.properties` files they load. Only files of the folder walk are read (so excludes
/// apply), each size-limited; files a build's own tool writes before Gradle runs (Flutter's `local.properties`)
/// are stood in for by `generated`.
struct ScriptFiles: Sendable {
    /// The walk's root: paths are worked out below it.
    let root: String
    private let walked: Set<String>
    private let reader: FileReader
    /// Properties files written before the build runs, by path: their keys win over a committed file's.
    var generated: [String: [String: String]] = [:]

    init(root: String, walked: Set<String>, reader: FileReader) {
        self.root = root
        self.walked = walked
        self.reader = reader
    }

    /// The file's bytes as a script source, when the walk found it and it can be read.
    func source(_ path: String) -> ScriptSource? {
        let path = normalized(path)
        guard walked.contains(path), let bytes = try? reader.read(path) else { return nil }
        return ScriptSource(path: path, bytes: bytes)
    }

    /// Whether the build sees the file: the walk found it, or a tool writes it before the build.
    func exists(_ path: String) -> Bool {
        let path = normalized(path)
        return walked.contains(path) || generated[path] != nil
    }

    /// The keys a `Properties.load` of the file gets; nil when the build cannot read it.
    func properties(_ path: String) -> [String: String]? {
        let path = normalized(path)
        let committed = source(path).map { PropertiesFile.parse($0.bytes) }
        guard committed != nil || generated[path] != nil else { return nil }
        return (committed ?? [:]).merging(generated[path] ?? [:]) { _, written in written }
    }

    /// A path relative to the root, as reports show it.
    func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// `path` with `.` and `..` worked out below the root, so it matches the walked paths (a path outside the
    /// root is kept as written).
    func normalized(_ path: String) -> String {
        let relative: Substring
        if path == root {
            return root
        } else if path.hasPrefix(root + "/") {
            relative = path.dropFirst(root.count + 1)
        } else if path.hasPrefix("/") {
            return path
        } else {
            relative = Substring(path)
        }
        var components: [Substring] = []
        for component in relative.split(separator: "/") where component != "." {
            if component == "..", let last = components.last, last != ".." {
                components.removeLast()
            } else {
                components.append(component)
            }
        }
        return components.isEmpty ? root : root + "/" + components.joined(separator: "/")
    }
}
