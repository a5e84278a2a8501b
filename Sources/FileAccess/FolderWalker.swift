import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files below a folder, recursively, in sorted order. Symbolic links to folders are followed as
/// `followedLinks` says, each under the link's own name and each target once; a link to one of its own ancestors
/// is never followed, so none can loop. A link that is not followed is listed as a file, except, when links are
/// followed at all, one that resolves outside the boundary: that one is neither listed nor followed, and is
/// handed to the caller as a ``LeavingLink`` so it can say so.
public struct FolderWalker: Sendable {
    /// Which symbolic links to folders a walk descends into.
    public enum FollowedLinks: Sendable, Hashable {
        /// None.
        case none
        /// Links whose target lies inside the walked folder (a project's `metadata -> app-metadata/<id>`).
        case withinRoot
        /// Links whose target lies inside `boundary`, which holds the walked folder (a listing folder whose
        /// locale links to a shared one elsewhere in the project).
        case inside(ProjectBoundary)
    }

    /// Folder names not to descend into (e.g. `build`); hidden folders (`.git`, `.gradle`) are always skipped.
    public var skippedFolderNames: Set<String>
    public var followedLinks: FollowedLinks
    /// Folders not to descend into, by path (`folder/relative/path`, as files are listed): a project's excludes,
    /// pruned at the walk instead of filtered after it.
    public var skipsFolder: (@Sendable (String) -> Bool)?
    /// How many subfolders of a folder (by path, as files are listed) the walk enters, in name order; `nil` for
    /// all. Past it the rest are passed over unopened: a listing's locale folders beyond what any store reads
    /// would otherwise cost a folder read and a path for every file in them.
    public var subfolderLimit: (@Sendable (String) -> Int?)?

    public init(
        skippedFolderNames: Set<String> = [], followedLinks: FollowedLinks = .none,
        skipsFolder: (@Sendable (String) -> Bool)? = nil, subfolderLimit: (@Sendable (String) -> Int?)? = nil
    ) {
        self.skippedFolderNames = skippedFolderNames
        self.followedLinks = followedLinks
        self.skipsFolder = skipsFolder
        self.subfolderLimit = subfolderLimit
    }

    /// Paths of the files below `folder` whose name satisfies `include`, each as `folder/relative/path`. A folder
    /// that cannot be read is skipped.
    public func files(under folder: String, where include: (String) -> Bool) -> [String] {
        var found = [String]()
        visitFiles(under: folder, where: include) { found.append($0) }
        return found
    }

    /// Calls `visit` with each path `files(under:where:)` would return, in the same order, as soon as its folder
    /// has been read, so a caller can start on the first files while the walk goes on.
    public func visitFiles(under folder: String, where include: (String) -> Bool, _ visit: (String) -> Void) {
        walk(from: folder, include: include, visit: { visit($0.path) }, unreadable: { _, _ in })
    }

    /// `visitFiles(under:where:_:)` with what each file's folder entry said it is, so a reader can skip looking
    /// up again the paths the walk saw as regular files (`FileReader.read(_:)`), and each file's folder open for it
    /// (`FoundFile.folder`) while the file is held.
    public func visitFoundFiles(under folder: String, where include: (String) -> Bool, _ visit: (FoundFile) -> Void) {
        walk(from: folder, include: include, visit: visit, unreadable: { _, _ in }, openFolders: OpenFolder.Budget())
    }

    /// As `visitFiles(under:where:_:)`, and tells `skipped` about each folder it could not read (and so skipped)
    /// and `passedOver` about each folder whose subfolders past `subfolderLimit` it did not enter (the folder and
    /// their names, in order), and `leaving` about each link that leads out of the boundary, so a caller can
    /// report them instead of passing over them in silence.
    public func visitFiles(
        under folder: String, where include: (String) -> Bool, skipped: (UnreadableFolder) -> Void,
        passedOver: (_ folder: String, _ subfolders: [String]) -> Void = { _, _ in },
        leaving: (LeavingLink) -> Void = { _ in }, _ visit: (String) -> Void
    ) {
        walk(
            from: folder, include: include, visit: { visit($0.path) },
            unreadable: { path, code in skipped(UnreadableFolder(path: path, reason: .fromErrno(code))) },
            passedOver: passedOver, leaving: leaving)
    }

    /// The files `files(under:where:)` would return, with what their folder entries said they are, but a folder
    /// that cannot be read (`folder` itself included) stops the walk instead of being skipped, so a caller that
    /// must see every file can say which it could not; `leaving` hears of each link that leads out of the boundary.
    public func allFiles(
        under folder: String, where include: (String) -> Bool, leaving: (LeavingLink) -> Void = { _ in }
    ) throws(UnreadableFolder) -> [FoundFile] {
        var found = [FoundFile]()
        let stop = { (path: String, code: Int32) throws(UnreadableFolder) in
            throw UnreadableFolder(path: path, reason: .fromErrno(code))
        }
        try walk(from: folder, include: include, visit: { found.append($0) }, unreadable: stop, leaving: leaving)
        return found
    }

    /// The boundary links must stay in, and the targets of followed links, so each is walked once.
    private struct LinkedFolders {
        var boundary: ProjectBoundary?
        var visited = Set<String>()
    }

    /// What a symbolic link met by the walk is to it.
    private enum LinkKind {
        /// A folder to enter under the link's name.
        case followedFolder
        /// Listed as a file (a link to a file inside, a folder already walked or an ancestor).
        case listed
        /// A dangling link whose target, as written, would lie inside the boundary: neither listed nor followed.
        /// Nothing reads it: Gradle (since 5.7) and fastlane skip a link to nothing, and `--since` leaves it out
        /// of the tree at REF (`TreeLinks`), so the working tree's walk does too.
        case dangling
        /// Resolves outside the boundary: neither listed nor followed.
        case leaving(LeavingLink)
    }

    /// Walks from `folder`; with `openFolders`, each found file's folder stays open for it within that budget.
    private func walk<Failure: Error>(
        from folder: String, include: (String) -> Bool, visit: (FoundFile) -> Void,
        unreadable: (String, Int32) throws(Failure) -> Void, passedOver: (String, [String]) -> Void = { _, _ in },
        leaving: (LeavingLink) -> Void = { _ in }, openFolders: OpenFolder.Budget? = nil
    ) throws(Failure) {
        let start = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var links: LinkedFolders?
        switch followedLinks {
        case .none: links = nil
        case .withinRoot: links = LinkedFolders(boundary: ProjectBoundary(root: start))
        case .inside(let boundary): links = LinkedFolders(boundary: boundary)
        }
        try walk(
            start, include: include, visit: visit, unreadable: unreadable, passedOver: passedOver, leaving: leaving,
            links: &links, openFolders: openFolders)
    }

    private func walk<Failure: Error>(
        _ folder: String, include: (String) -> Bool, visit: (FoundFile) -> Void,
        unreadable: (String, Int32) throws(Failure) -> Void, passedOver: (String, [String]) -> Void,
        leaving: (LeavingLink) -> Void, links: inout LinkedFolders?, openFolders: OpenFolder.Budget?
    ) throws(Failure) {
        guard let stream = opendir(folder) else {
            try unreadable(folder, errno)
            return
        }
        var entries = [(name: String, isFolder: Bool, isRegularFile: Bool, leaving: LeavingLink?)]()
        while let entry = readdir(stream) {
            // The name in place (NUL-terminated), not a copy of the whole d_name array walked byte by byte.
            let name = withUnsafePointer(to: &entry.pointee.d_name) { array in
                array.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: array.pointee)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            let type = Int32(entry.pointee.d_type)
            var isFolder = type == Int32(DT_DIR)
            var isRegularFile = type == Int32(DT_REG)
            var leavingLink: LeavingLink?
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                let path = folder + "/" + name
                if lstat(path, &info) == 0 {
                    isFolder = (info.st_mode & S_IFMT) == S_IFDIR
                    isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
                    if (info.st_mode & S_IFMT) == S_IFLNK, links != nil {
                        switch follow(path, in: folder, links: &links) {
                        case .followedFolder: isFolder = true
                        case .listed: isFolder = false
                        case .dangling: continue
                        case .leaving(let link):
                            if name.hasPrefix(".") || skippedFolderNames.contains(name) || !include(name) { continue }
                            leavingLink = link
                        }
                    }
                }
            }
            entries.append((name, isFolder, isRegularFile, leavingLink))
        }
        let opened = openFolders.flatMap { budget in
            entries.contains { !$0.isFolder && $0.leaving == nil }
                ? OpenFolder(duplicating: dirfd(stream), within: budget) : nil
        }
        closedir(stream)
        let enteredFolders = subfolderLimit?(folder) ?? Int.max
        var entered = 0
        var notEntered = [String]()
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            if let link = entry.leaving {
                leaving(link)
            } else if entry.isFolder {
                guard !entry.name.hasPrefix(".") && !skippedFolderNames.contains(entry.name) else { continue }
                guard entered < enteredFolders else {
                    notEntered.append(entry.name)
                    continue
                }
                let path = folder + "/" + entry.name
                if skipsFolder?(path) != true {
                    entered += 1
                    try walk(
                        path, include: include, visit: visit, unreadable: unreadable, passedOver: passedOver,
                        leaving: leaving, links: &links, openFolders: openFolders)
                }
            } else if include(entry.name) {
                visit(FoundFile(path: folder + "/" + entry.name, isRegularFile: entry.isRegularFile, folder: opened))
            }
        }
        if !notEntered.isEmpty { passedOver(folder, notEntered) }
    }

    /// What the link at `path`, in `folder`, is to the walk: one resolving outside the boundary leaves it; a
    /// folder inside is followed unless it is an ancestor of the link (which would loop: compared by path
    /// components, so a link to `/` is an ancestor of everything) or was walked through another link before.
    private func follow(_ path: String, in folder: String, links: inout LinkedFolders?) -> LinkKind {
        guard let target = realPath(path) else { return danglingLink(path, in: folder, links: links) }
        guard let boundary = links?.boundary, boundary.contains(realPath: target) else {
            let written = linkText(path) ?? target
            return .leaving(LeavingLink(link: links?.boundary?.relative(path) ?? path, target: written))
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return .listed }
        guard let here = realPath(folder), !ProjectBoundary.isAncestor(target.split(separator: "/"), of: here)
        else { return .listed }
        return links?.visited.insert(target).inserted == true ? .followedFolder : .listed
    }

    /// A link that resolves to nothing (or loops): dangling inside the boundary when its text, read from the
    /// link's real folder, names a path there; one whose text leads out of it leaves it as any other would.
    private func danglingLink(_ path: String, in folder: String, links: LinkedFolders?) -> LinkKind {
        guard let written = linkText(path), let here = realPath(folder) else { return .listed }
        var parts = written.hasPrefix("/") ? [] : here.split(separator: "/")
        for part in written.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        let lexical = "/" + parts.joined(separator: "/")
        guard let boundary = links?.boundary, boundary.contains(realPath: lexical) else {
            return .leaving(LeavingLink(link: links?.boundary?.relative(path) ?? path, target: written))
        }
        return .dangling
    }

}

/// A file a walk found: its path (`folder/relative/path`) and whether its folder entry named a regular file
/// itself, not a symbolic link, FIFO, socket or device. Two found files are equal when their paths and kinds are.
public struct FoundFile: Sendable, Hashable {
    /// A changed path no longer names a file in `folder`, so the folder is let go.
    public var path: String { didSet { folder = nil } }
    /// The entry was a regular file when the folder was read, so `FileReader` may open it without looking the
    /// path up first (it still refuses anything else it finds there when it opens it).
    public var isRegularFile: Bool
    /// The folder the walk found it in, still open, so `FileReader` can open the file by its name in it
    /// (`openat`): the kernel then looks up one name instead of every folder of the path. Only
    /// `FolderWalker.visitFoundFiles` keeps folders open, at most `OpenFolder.Budget.limit` at once; `nil` past
    /// that, for other walks and for a path named by someone.
    public private(set) var folder: OpenFolder?
    /// Set when the entry is a symbolic link that leads out of the folder searched: `FileReader` refuses it
    /// unopened.
    public private(set) var leaving: LeavingLink?

    public init(path: String, isRegularFile: Bool) {
        self.init(path: path, isRegularFile: isRegularFile, folder: nil)
    }

    /// A file the walk found in `folder`, which `path` ends with the name of.
    init(path: String, isRegularFile: Bool, folder: OpenFolder?) {
        self.path = path
        self.isRegularFile = isRegularFile
        self.folder = folder
    }

    /// A path named by someone, not found by a walk: nothing is known of it yet.
    public init(named path: String) {
        self.init(path: path, isRegularFile: false)
    }

    /// A link a walk found at `path` that leads out of the folder it searched: never to be read.
    public init(path: String, leaving: LeavingLink) {
        self.init(path: path, isRegularFile: false)
        self.leaving = leaving
    }

    public static func == (one: FoundFile, other: FoundFile) -> Bool {
        one.path == other.path && one.isRegularFile == other.isRegularFile
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(isRegularFile)
    }
}

/// A folder a walk read, kept open while files found in it wait to be read; closed when the last of them is
/// dropped. A walk keeps at most `Budget.limit` open at once, so a tree of any size cannot run the process out
/// of file descriptors however far the walk runs ahead of the reading.
public final class OpenFolder: Sendable {
    /// Counts a walk's open folders.
    final class Budget: Sendable {
        static let limit = 64
        private let open = Atomic(0)

        func take() -> Bool {
            guard open.add(1, ordering: .relaxed).newValue > Self.limit else { return true }
            open.subtract(1, ordering: .relaxed)
            return false
        }

        func giveBack() {
            open.subtract(1, ordering: .relaxed)
        }
    }

    let descriptor: Int32
    private let budget: Budget

    /// A descriptor of its own for the folder `descriptor` is open on, or `nil` when `budget` has none left or
    /// the system refuses one.
    init?(duplicating descriptor: Int32, within budget: Budget) {
        guard budget.take() else { return nil }
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else {
            budget.giveBack()
            return nil
        }
        self.descriptor = duplicate
        self.budget = budget
    }

    deinit {
        close(descriptor)
        budget.giveBack()
    }
}

/// A folder a walk could not read, with the operating system's reason.
public struct UnreadableFolder: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: FileReadError

    public var description: String { "\(path): \(reason)" }
}
