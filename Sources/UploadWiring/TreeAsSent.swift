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
        case makeFolder(String)
        /// A command that names the tree but whose effect on it is not modelled.
        case other
    }

    /// Commands that only read what they name.
    private static let readers: Set<String> = [
        "ls", "cat", "echo", "grep", "wc", "head", "tail", "test", "[", "[[", "stat", "du", "file", "printf", "diff",
        "git", "sort", "jq", "if", "then", "else", "elif", "fi", "do", "done", "case", "esac",
    ]

    /// What `steps` (in order, before the upload) do to the locale folders `locales` of `tree`.
    static func outcome(of tree: String, locales: [String], steps: [CICommand]) -> Outcome {
        // Where each committed locale folder is now (nil: gone), and the folders that exist.
        var location = [String: String?]()
        for locale in locales { location[locale] = tree + "/" + locale }
        var folders = Set([tree] + locales.map { tree + "/" + $0 })
        var copies = [String: String]()
        var deciding = [Evidence]()
        for step in steps {
            for operation in operations(in: step) {
                let touched = paths(of: operation).contains { overlaps($0, tree) }
                guard touched || operation == .other && step.text.contains(tree) else { continue }
                switch operation {
                case .other:
                    if isReadOnly(step) { continue }
                    return .unknown(step.evidence, parts: parts(named: step.text, in: tree))
                case .copy(let from, let to) where isInside(to, tree):
                    // A file into a folder keeps its name; a file of the tree is copied as committed.
                    let target = folders.contains(to) ? to + "/" + (from.split(separator: "/").last ?? "") : to
                    guard !from.contains("*"), !from.contains("$"), !target.contains("$"), target != tree,
                        !folders.contains(target)
                    else { return .unknown(step.evidence, parts: parts(named: to, in: tree)) }
                    let inTree = { (path: String) in String(path.dropFirst(tree.count + 1)) }
                    // A copy of a copy is a copy of the first file.
                    copies[inTree(target)] = isInside(from, tree) ? copies[inTree(from)] ?? from : from
                case .copy:
                    continue
                case .makeFolder(let path):
                    folders.insert(path)
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

    /// The file operations of a command line, split at `&&`, `;` and `|`.
    static func operations(in command: CICommand) -> [Operation] {
        var result = [Operation]()
        var segment = [String]()
        for word in command.text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) + [";"] {
            if word == "&&" || word == ";" || word == "||" || word == "|" || word.hasSuffix(";") {
                if word.hasSuffix(";"), word != ";" { segment.append(String(word.dropLast())) }
                if !segment.isEmpty { result.append(operation(segment.map { $0.trimming("\"'") })) }
                segment = []
            } else {
                segment.append(word)
            }
        }
        return result
    }

    /// One simple command as an operation: `mv`, `cp`, `rm`, `mkdir`, `find … -delete` keeping `! -name X`.
    private static func operation(_ words: [String]) -> Operation {
        guard let tool = words.first else { return .other }
        let arguments = words.dropFirst().filter { !$0.hasPrefix("-") }.map { FastlaneFiles.normalized(relative($0)) }
        switch tool {
        case "mv" where arguments.count == 2: return .move(from: arguments[0], to: arguments[1])
        case "cp" where arguments.count == 2: return .copy(from: arguments[0], to: arguments[1])
        case "rm" where arguments.count == 1 && !arguments[0].contains("*"): return .delete(arguments[0])
        case "mkdir" where arguments.count == 1: return .makeFolder(arguments[0])
        case "find": return findDeletion(Array(words.dropFirst())) ?? .other
        default: return .other
        }
    }

    /// `find FOLDER -mindepth 1 -maxdepth 1 [-type d] ! -name A [! -name B] (-delete | -exec rm -rf {} +)`.
    private static func findDeletion(_ words: [String]) -> Operation? {
        guard let folder = words.first, !folder.hasPrefix("-"),
            words.contains("-delete") || words.contains("rm"),
            let depth = words.firstIndex(of: "-maxdepth"), depth + 1 < words.count, words[depth + 1] == "1"
        else { return nil }
        var kept = [String]()
        for (index, word) in words.enumerated() where word == "-name" && index >= 1 && index + 1 < words.count {
            guard words[index - 1] == "!" || words[index - 1] == "-not" else { return nil }
            kept.append(words[index + 1])
        }
        return .deleteChildren(of: FastlaneFiles.normalized(relative(folder)), except: kept)
    }

    private static func relative(_ path: String) -> String {
        for prefix in ["$GITHUB_WORKSPACE/", "${GITHUB_WORKSPACE}/", "$CI_PROJECT_DIR/", "${CI_PROJECT_DIR}/"]
        where path.hasPrefix(prefix) {
            return String(path.dropFirst(prefix.count))
        }
        return path
    }

    private static func paths(of operation: Operation) -> [String] {
        switch operation {
        case .move(let from, let to), .copy(let from, let to): [from, to]
        case .delete(let path), .makeFolder(let path), .deleteChildren(let path, _): [path]
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
