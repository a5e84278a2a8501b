import PlayListingKit

/// A listing tree as a CI job leaves it just before uploading it: the steps of the job that come first may move
/// the tree away and bring back some locale folders, delete some, or copy files in. What Play receives is what
/// is left, so that is what is judged: kept folders at full severity, removed ones not at all.
struct TreeAsSent: Sendable {
    /// What the steps before an upload do to its tree.
    enum Outcome: Sendable, Hashable {
        /// Nothing names the tree: the committed tree is sent.
        case unchanged
        /// These committed locale folders are sent, the others are removed; `copies` are files a step put in
        /// the tree (its path in the tree → the project file it is a copy of); the steps that decided.
        case kept([String], copies: [String: String], by: [Evidence])
        /// A step changes the tree in a way this does not follow (a script, a copy into it, a glob it cannot
        /// resolve): what is sent of `parts` (those its paths name inside the locale folders) is not known.
        case unknown(Evidence, parts: UploadedParts)
    }

    /// One file operation on paths relative to the project.
    enum Operation: Sendable, Hashable {
        case move(from: String, to: String)
        case copy(from: String, to: String)
        case delete(String)
        /// `find <folder> -mindepth 1 -maxdepth 1 ! -name <kept> -exec rm -rf {} +` (or `-delete`).
        case deleteChildren(of: String, except: [String])
        /// A file written by the command (`echo … > file`): its content is the run's.
        case write(String)
        case makeFolder(String)
        /// A command that names the tree but whose effect on it is not modelled.
        case other
    }

    /// Commands that only read what they name.
    private static let readers: Set<String> = [
        "ls", "cat", "echo", "grep", "wc", "head", "tail", "test", "[", "[[", "stat", "du", "file", "printf", "diff",
        "git", "sort", "jq", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
    ]

    /// What `steps` (in order, before the upload) do to the locale folders `locales` of `tree`; `files` are the
    /// repository's files (relative to the project), to follow a copy of a folder or a glob into the tree.
    static func outcome(of tree: String, locales: [String], steps: [CICommand], files: [String] = []) -> Outcome {
        // Where each committed locale folder is now (nil: gone), and the folders that exist.
        var location = [String: String?]()
        for locale in locales { location[locale] = tree + "/" + locale }
        var folders = Set([tree] + locales.map { tree + "/" + $0 })
        var copies = [String: String]()
        var deciding = [Evidence]()
        // A step that runs a script the CI readers followed: the script's own lines say what it does.
        let followed = Set(steps.flatMap(\.chain))
        for step in steps {
            for operation in operations(in: step) {
                let touched = paths(of: operation).contains { overlaps($0, tree) }
                guard touched || operation == .other && step.text.contains(tree) else { continue }
                switch operation {
                case .other:
                    if isReadOnly(step) || followed.contains(step.evidence) { continue }
                    return .unknown(step.evidence, parts: parts(named: step.text, in: tree))
                case .copy(let from, let to) where isInside(to, tree):
                    guard let placed = copiedFiles(from: from, to: to, folders: folders, files: files),
                        !placed.isEmpty, placed.keys.allSatisfy({ $0 != tree && isInside($0, tree) })
                    else { return .unknown(step.evidence, parts: parts(named: to, in: tree)) }
                    let inTree = { (path: String) in String(path.dropFirst(tree.count + 1)) }
                    // A copy of a copy is a copy of the first file.
                    for (target, source) in placed {
                        copies[inTree(target)] = isInside(source, tree) ? copies[inTree(source)] ?? source : source
                    }
                case .copy:
                    continue
                case .makeFolder(let path):
                    folders.insert(path)
                case .write(let path):
                    guard !isInside(tree, path) else { return .unknown(step.evidence, parts: .all) }
                    return .unknown(step.evidence, parts: parts(named: path, in: tree))
                case .delete(let path) where path.contains("*"):
                    return .unknown(step.evidence, parts: parts(named: path, in: tree))
                case .delete(let path):
                    for (locale, place) in location where place.map({ isInside($0, path) }) == true {
                        location[locale] = .some(nil)
                    }
                    folders = folders.filter { !isInside($0, path) }
                case .deleteChildren(let folder, let kept):
                    for (locale, place) in location {
                        guard let place, place.hasPrefix(folder + "/") else { continue }
                        let child = place.dropFirst(folder.count + 1).prefix { $0 != "/" }
                        if !kept.contains(String(child)) { location[locale] = .some(nil) }
                    }
                case .move(let from, let to) where from.contains("*") && isInside(to, tree):
                    return .unknown(step.evidence, parts: parts(named: to, in: tree))
                case .move(let from, let to):
                    // Into an existing folder the source keeps its name; else it is renamed.
                    let target = folders.contains(to) ? to + "/" + (from.split(separator: "/").last ?? "") : to
                    for (locale, place) in location {
                        guard let place, isInside(place, from) else { continue }
                        location[locale] = .some(target + place.dropFirst(from.count))
                    }
                    folders = Set(folders.map { isInside($0, from) ? target + $0.dropFirst(from.count) : $0 })
                    folders.insert(target)
                }
                deciding.append(step.evidence)
            }
        }
        guard !deciding.isEmpty else { return .unchanged }
        let kept = locales.filter { location[$0] == .some(tree + "/" + $0) }
        return .kept(kept, copies: copies, by: unique(deciding))
    }

    /// The files a copy of `from` into `to` puts in place (where → which file): a file, into a folder keeping its
    /// name; each file of a folder of the repository (`cp -r shots …/images/phoneScreenshots`: into
    /// `phoneScreenshots/shots/` when that folder exists, else as `phoneScreenshots/`; `shots/.`: its contents);
    /// each file a glob in the last segment matches (`cp shots/*.png …/phoneScreenshots/`). Nil when the copy
    /// cannot be followed (a `$` part, a glob elsewhere, a file copied over a folder).
    static func copiedFiles(from: String, to: String, folders: Set<String>, files: [String]) -> [String: String]? {
        guard !from.contains("$"), !to.contains("$"), !to.contains("*") else { return nil }
        let isFolder = { (path: String) in folders.contains(path) || files.contains { $0.hasPrefix(path + "/") } }
        let contents = from.hasSuffix("/.")
        let source = contents ? String(from.dropLast(2)) : from
        let name = String(source.split(separator: "/").last ?? "")
        if name.contains("*") {
            let parent = String(source.dropLast(name.count + 1))
            guard !parent.contains("*") else { return nil }
            let matched = files.filter { file in
                file.hasPrefix(parent + "/") && !file.dropFirst(parent.count + 1).contains("/")
                    && Self.fits(String(file.dropFirst(parent.count + 1)), glob: name)
            }
            return Dictionary(
                uniqueKeysWithValues: matched.map { (to + "/" + ($0.split(separator: "/").last ?? ""), $0) })
        }
        let inside = files.filter { $0.hasPrefix(source + "/") }
        guard inside.isEmpty else {
            let base = contents || !isFolder(to) ? to : to + "/" + name
            return Dictionary(uniqueKeysWithValues: inside.map { (base + $0.dropFirst(source.count), $0) })
        }
        guard !source.contains("*") else { return nil }
        let target = isFolder(to) ? to + "/" + name : to
        return folders.contains(target) ? nil : [target: source]
    }

    /// Whether `name` fits `glob`, whose only wildcard is `*` (any run of characters).
    private static func fits(_ name: String, glob: String) -> Bool {
        let pieces = glob.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard let first = pieces.first, let last = pieces.last, name.hasPrefix(first) else { return false }
        var rest = Substring(name.dropFirst(first.count))
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return pieces.count == 1 ? rest.isEmpty : rest.hasSuffix(last) && rest.count >= last.count
    }

    /// The parts of the tree the paths in `text` name below a locale folder (`<tree>/<locale>/images/…`:
    /// images and screenshots); every part when one names the tree or a locale folder itself.
    static func parts(named text: String, in tree: String) -> UploadedParts {
        var parts = UploadedParts()
        for word in text.split(whereSeparator: { " \t\"'=();|&<>".contains($0) }) {
            guard let range = word.range(of: tree) else { continue }
            let inside = word[range.upperBound...].split(separator: "/").dropFirst()
            if inside.contains("changelogs") {
                parts.insert(.changelogs)
            } else if inside.contains("images") {
                parts.formUnion([.images, .screenshots])
            } else if let last = inside.last, last.hasSuffix(".txt"), inside.count == 1 {
                parts.insert(.text)
            } else {
                return .all
            }
        }
        return parts.isEmpty ? .all : parts
    }

    /// The operations of a command on paths relative to the project: its typed file operations (copies, moves,
    /// deletions, writes, as the CI readers found them), a `mkdir`, or `other` when it names paths otherwise.
    static func operations(in command: CICommand) -> [Operation] {
        var result = [Operation]()
        for operation in command.fileOperations {
            switch operation.kind {
            case .copy, .move:
                guard let target = operation.target.map(FastlaneFiles.normalized) else {
                    result.append(.other)
                    continue
                }
                for source in operation.sources.map(FastlaneFiles.normalized) {
                    result.append(
                        operation.kind == .copy ? .copy(from: source, to: target) : .move(from: source, to: target))
                }
            case .delete:
                for source in operation.sources.map(FastlaneFiles.normalized) {
                    if source.hasSuffix("/*"), !source.dropLast(2).contains("*") {
                        result.append(.deleteChildren(of: String(source.dropLast(2)), except: operation.sparing))
                    } else {
                        result.append(.delete(source))
                    }
                }
            case .write:
                if let target = operation.target { result.append(.write(FastlaneFiles.normalized(target))) }
            }
        }
        if result.isEmpty, command.words.first == "mkdir" {
            let folder = command.workingDirectory
            for word in command.expandedWords.dropFirst() where !word.hasPrefix("-") {
                if let path = ShellReader.resolve(word, in: folder) { result.append(.makeFolder(path)) }
            }
        }
        return result.isEmpty ? [.other] : result
    }

    private static func paths(of operation: Operation) -> [String] {
        switch operation {
        case .move(let from, let to), .copy(let from, let to): [from, to]
        case .delete(let path), .makeFolder(let path), .deleteChildren(let path, _), .write(let path): [path]
        case .other: []
        }
    }

    /// A command whose tool only reads (`ls`, `cat`, `cp` out of the tree is an operation of its own).
    private static func isReadOnly(_ command: CICommand) -> Bool {
        command.text.split(whereSeparator: { $0 == "&" || $0 == ";" || $0 == "|" }).allSatisfy { segment in
            let tool = segment.split(separator: " ").first.map(String.init) ?? ""
            return readers.contains(tool) || !segment.contains("/")
        }
    }

    /// Whether `path` is `folder` or inside it.
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether one path contains the other.
    private static func overlaps(_ path: String, _ tree: String) -> Bool {
        isInside(path, tree) || isInside(tree, path)
    }

    private static func unique(_ values: [Evidence]) -> [Evidence] {
        var seen = Set<Evidence>()
        return values.filter { seen.insert($0).inserted }
    }
}
