#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a run reads from (a project, a listing folder), by its real path: a path below it that resolves
/// outside it, through a symbolic link of the repository, is never read. Containment is decided on path
/// components after `realpath`, so `/` as the root contains everything and `/a` does not contain `/ab`.
public struct ProjectBoundary: Sendable, Hashable {
    /// The root as given (paths below it are named relative to it).
    public let root: String
    /// The root's real path, in components (empty for `/`).
    let realComponents: [Substring]

    /// `nil` when `root` does not exist.
    public init?(root: String) {
        guard let real = realPath(root) else { return nil }
        self.root = root
        realComponents = real.split(separator: "/")
    }

    /// Whether the real path `real` (absolute, resolved) is the root or lies below it.
    public func contains(realPath real: String) -> Bool {
        Self.isAncestor(realComponents, of: real)
    }

    /// Whether `folder` (a real path's components) is `real` or one of its ancestors, by whole components.
    static func isAncestor(_ folder: [Substring], of real: String) -> Bool {
        let components = real.split(separator: "/")
        return components.count >= folder.count && zip(components, folder).allSatisfy { $0 == $1 }
    }

    /// The link that takes `path` out of the boundary, or `nil` when `path` resolves inside it (or does not
    /// resolve at all: a missing file is the reader's "no such file"). The first link on the path, from the root
    /// down, whose resolution lies outside is the one named, with its target as written in it.
    public func escape(of path: String) -> LeavingLink? {
        guard let real = realPath(path), !contains(realPath: real) else { return nil }
        var prefix = path.hasPrefix("/") ? "" : nil as String?
        for part in path.split(separator: "/") {
            let next = prefix.map { $0 + "/" + part } ?? String(part)
            prefix = next
            guard let target = linkText(next) else { continue }
            if let resolved = realPath(next), contains(realPath: resolved) { continue }
            return LeavingLink(link: relative(next), target: target)
        }
        // No link on the way: `..` took it out, and the path as written says where.
        return LeavingLink(link: relative(path), target: relative(path))
    }

    /// `path` relative to the root when it lies below it as written, else as given.
    public func relative(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// A symbolic link inside a project that leads outside it: the link (relative to the project) and its target
/// as written in it (a path that `..` takes out has itself as both). Only these are ever shown, never what lies
/// at the target.
public struct LeavingLink: Error, Sendable, Hashable, CustomStringConvertible {
    public var link: String
    public var target: String

    public init(link: String, target: String) {
        self.link = link
        self.target = target
    }

    public var description: String {
        link == target
            ? "\(link) leads outside the project: not read"
            : "\(link) is a link to \(target), outside the project: not read"
    }
}

/// The target written in the symbolic link at `path`; `nil` when `path` is not a link.
func linkText(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
