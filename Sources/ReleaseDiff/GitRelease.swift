import FileAccess
import Foundation

/// Why the release at a git reference could not be read: each is one line, and the run stops (exit 2).
public enum ReleaseReadError: Error, Sendable, Hashable, CustomStringConvertible {
    case gitNotInstalled
    case notARepository(String)
    case unknownReference(String)
    /// The reference is not in this clone because its history was cut (`git clone --depth`).
    case shallowClone(String)
    case noVersionTag
    /// The files read at the reference hold more bytes together than ``GitRelease/maximumTotalBytes``.
    case tooLarge(String, bytes: Int, limit: Int)
    case gitFailed(String)

    public var description: String {
        switch self {
        case .gitNotInstalled:
            "--since: git is not installed (or not on PATH); --since reads the release at REF with git"
        case .notARepository(let folder):
            "--since: \(folder) is not in a git repository; --since compares with a release in its history"
        case .unknownReference(let reference):
            "--since \(reference): no such tag, branch or commit in this repository"
        case .shallowClone(let reference):
            "--since \(reference): not in this shallow clone; fetch the history first (actions/checkout: "
                + "fetch-depth: 0; else git fetch --unshallow --tags)"
        case .noVersionTag:
            "--since last-tag: no tag reachable from HEAD looks like a version (v1.2.0, 1.2, release-3); "
                + "in a shallow clone fetch the history first (actions/checkout: fetch-depth: 0)"
        case .tooLarge(let reference, let bytes, let limit):
            "--since \(reference): the files playprep reads there hold \(bytes) bytes together, over playprep's "
                + "limit of \(limit) bytes; nothing was compared"
        case .gitFailed(let message): "--since: git: \(message)"
        }
    }
}

/// What playprep reads of one file of the tree at the reference.
public enum ReleaseFileUse: Sendable, Hashable {
    /// Its contents, refused above this many bytes (the limit its reader has in the working tree).
    case contents(maxBytes: Int)
    /// Only that it exists (listing images, whose presence is compared): written empty.
    case nameOnly
}

/// The project as it was at a git reference, written into a private temporary folder so the same discovery and
/// build reader as the working tree's read it (one code path, no second reader over git objects). Only the
/// files playprep reads are fetched, by one `git ls-tree` and one `git cat-file --batch` (and one more for the
/// targets of symbolic links, followed as the working tree's walk follows them: ``TreeLinks``), whose output is
/// written object by object as it arrives (``CatFileBatch``), never held whole; nothing is checked out and neither
/// the working tree nor the index is touched. ``remove()`` deletes the folder.
public struct GitRelease: Sendable {
    /// The reference as the user gave it, or the tag `last-tag` stood for.
    public var reference: String
    /// The commit it names (full hash).
    public var commit: String
    /// The project folder as it was at the commit.
    public var root: String
    /// Whether `reference` was found by `last-tag`.
    public var isLastTag: Bool
    /// Files over their reader's size limit, left out as the working tree's readers skip them: `path (N bytes)`.
    public var skipped: [String] = []
    private var scratch: String

    /// The most bytes the files read at a reference may hold together (after each file's own limit): 64 MiB,
    /// far above any real project's build files and manifests and far below what fills a runner's disk. One
    /// blob named by many paths counts once per path, as the working tree's readers read each path.
    public static let maximumTotalBytes = 64 << 20

    /// `reference` (a tag, branch or commit, or `last-tag`) read for the project at `projectDirectory`, keeping
    /// the files `use` keeps: it gets every file path of the tree, relative to the project, and says of each what
    /// is read of it (nil: nothing). Files whose contents together exceed `maxTotalBytes` stop the read.
    public static func read(
        _ reference: String, projectDirectory: String, maxTotalBytes: Int = maximumTotalBytes,
        use: ([String]) -> [ReleaseFileUse?]
    ) throws(ReleaseReadError) -> GitRelease {
        guard !reference.hasPrefix("-"), !reference.isEmpty else { throw .unknownReference(reference) }
        let scratch = try makeScratchFolder()
        do {
            return try read(
                reference, projectDirectory: projectDirectory, scratch: scratch, maxTotalBytes: maxTotalBytes,
                use: use)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
    }

    /// Deletes the temporary folder.
    public func remove() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The commit's short hash, for lines and reports.
    public var shortCommit: String { String(commit.prefix(12)) }

    private static func read(
        _ reference: String, projectDirectory: String, scratch: String, maxTotalBytes: Int,
        use: ([String]) -> [ReleaseFileUse?]
    ) throws(ReleaseReadError) -> GitRelease {
        let git = GitProcess(directory: projectDirectory, scratch: scratch)
        func readError(_ error: GitProcessError) -> ReleaseReadError {
            switch error {
            case .notInstalled: .gitNotInstalled
            case .cannotStart(let message): .gitFailed(message)
            case .failed(_, let message):
                message.contains("not a git repository") ? .notARepository(projectDirectory) : .gitFailed(message)
            }
        }
        func run(_ arguments: [String]) throws(ReleaseReadError) -> [UInt8] {
            do {
                return try git.run(arguments)
            } catch {
                throw readError(error)
            }
        }
        /// Streams `cat-file --batch` for `objects` (each of the size given), handing `handle` each object's
        /// index and events in request order; a size other than the tree's stops the read.
        func batch(
            _ objects: [(object: String, bytes: Int)],
            _ handle: (Int, CatFileBatch.Event) throws(ReleaseReadError) -> Void
        ) throws(ReleaseReadError) {
            guard !objects.isEmpty else { return }
            var parser = CatFileBatch()
            var failure: ReleaseReadError?
            do throws(GitProcessError) {
                try git.run(["cat-file", "--batch"], input: Array(objects.map { $0.object + "\n" }.joined().utf8)) {
                    piece in
                    do throws(ReleaseReadError) {
                        try parser.feed(piece) { index, event throws(ReleaseReadError) in
                            if case .object(let bytes) = event, index >= objects.count || bytes != objects[index].bytes
                            {
                                throw .gitFailed("cat-file gave an object of another size than the tree lists")
                            }
                            try handle(index, event)
                        }
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                }
            } catch {
                throw readError(error)
            }
            if let failure { throw failure }
            guard parser.objects == objects.count else {
                throw .gitFailed("cat-file returned \(parser.objects) of \(objects.count) files")
            }
        }
        func text(_ arguments: [String]) throws(ReleaseReadError) -> String {
            String(decoding: try run(arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try run(["rev-parse", "--show-prefix"])
        let isLastTag = reference == "last-tag"
        var resolved = reference
        if isLastTag {
            // The tags of the commits reachable from HEAD, newest commit first (children before parents).
            let decorations = try text([
                "log", "--topo-order", "--simplify-by-decoration", "--decorate-refs=refs/tags/", "--format=%D", "HEAD",
            ])
            let names = decorations.split(whereSeparator: { $0 == "\n" || $0 == "," }).map { name in
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("tag: ") ? String(trimmed.dropFirst(5)) : trimmed
            }
            resolved = try lastVersionTag(names.joined(separator: "\n"))
        }
        let commit: String
        do {
            commit = try text(["rev-parse", "--verify", "--quiet", "--end-of-options", resolved + "^{commit}"])
        } catch {
            guard case .gitFailed = error else { throw error }
            if (try? text(["rev-parse", "--is-shallow-repository"])) == "true" { throw .shallowClone(reference) }
            throw .unknownReference(reference)
        }
        // Run in the project folder, ls-tree lists only its files, with paths relative to it.
        let listing = try run(["ls-tree", "-r", "-l", "-z", commit])
        var tree = TreeLinks(files: [:], links: [:])
        var links = [(path: String, object: String, bytes: Int)]()
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: 9) else { continue }
            let fields = entry[..<tab].split(separator: 32)
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard fields.count == 4, fields[1].elementsEqual("blob".utf8), Self.isPlainRelativePath(path) else {
                continue
            }
            let object = String(decoding: fields[2], as: UTF8.self)
            let bytes = Int(String(decoding: fields[3], as: UTF8.self)) ?? 0
            if !fields[0].elementsEqual("120000".utf8) {
                tree.files[path] = TreeLinks.Blob(object: object, bytes: bytes)
            } else if bytes <= Self.maximumLinkTargetBytes {
                links.append((path, object, bytes))
            }
        }
        // A link's blob is its target: fetched first, so the files are listed as the working tree's walk lists them.
        var targets = [[UInt8]](repeating: [], count: links.count)
        try batch(links.map { ($0.object, $0.bytes) }) { index, event in
            if case .bytes(let piece) = event { targets[index].append(contentsOf: piece) }
        }
        for (link, target) in zip(links, targets) { tree.links[link.path] = String(decoding: target, as: UTF8.self) }
        let entries = tree.followed().map { (path: $0.path, object: $0.blob.object, bytes: $0.blob.bytes) }
        let root = scratch + "/release"
        var folders = ReleaseFolder(root: root)
        try folders.create(root)
        // Each blob is fetched once and written to every path that reads it.
        var blobs = [(object: String, bytes: Int)]()
        var pathsOfBlob = [[String]]()
        var blobIndex = [String: Int]()
        var skipped = [String]()
        var total = 0
        for (entry, use) in zip(entries, use(entries.map(\.path))) {
            switch use {
            case nil: continue
            case .nameOnly: try folders.createEmpty(entry.path)
            case .contents(let limit):
                guard entry.bytes <= limit else {
                    skipped.append("\(entry.path) (\(entry.bytes) bytes)")
                    continue
                }
                total += entry.bytes
                guard total <= maxTotalBytes else { throw .tooLarge(reference, bytes: total, limit: maxTotalBytes) }
                if let index = blobIndex[entry.object] {
                    pathsOfBlob[index].append(entry.path)
                } else {
                    blobIndex[entry.object] = blobs.count
                    blobs.append((entry.object, entry.bytes))
                    pathsOfBlob.append([entry.path])
                }
            }
        }
        var open = [ReleaseFolder.File]()
        defer { for file in open { file.close() } }
        try batch(blobs) { index, event throws(ReleaseReadError) in
            switch event {
            case .object:
                for path in pathsOfBlob[index] { open.append(try folders.create(file: path)) }
            case .bytes(let piece):
                for file in open { try file.write(piece) }
            case .end:
                for file in open { file.close() }
                open.removeAll()
            }
        }
        return GitRelease(
            reference: resolved, commit: commit, root: root, isLastTag: isLastTag, skipped: skipped, scratch: scratch)
    }

    /// The first of `tags` (one a line, newest first) whose name looks like a version: an optional word and separator, an
    /// optional `v`, then a number (`v1.2.0`, `1.2`, `release-3`, `app/v2.1`).
    static func lastVersionTag(_ tags: String) throws(ReleaseReadError) -> String {
        let version = /^([A-Za-z][A-Za-z0-9_.]*[-_\/@])?[vV]?[0-9]+([._-][0-9A-Za-z]+)*$/
        guard let tag = tags.split(separator: "\n").first(where: { $0.wholeMatch(of: version) != nil }) else {
            throw .noVersionTag
        }
        return String(tag)
    }

    /// The longest link target read (Linux's `PATH_MAX`); a longer one is no path the walk could follow.
    static let maximumLinkTargetBytes = 4096

    /// A path git could hold but that must not leave the folder it is written into.
    private static func isPlainRelativePath(_ path: String) -> Bool {
        !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false).contains { part in
                part.isEmpty || part == "." || part == ".." || part == ".git"
            }
    }

    private static func makeScratchFolder() throws(ReleaseReadError) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/playprep-since-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
            throw .gitFailed("cannot make a temporary folder in \(base)")
        }
        return String(cString: made)
    }
}
