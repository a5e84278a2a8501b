/// The files of the tree at a git reference as the working tree's walk sees them (`FolderWalker`, links inside
/// the project followed): a symbolic link (a mode 120000 blob, which holds the target) to a file of the project
/// reads as that file, and one to a folder of the project lists that folder's files under the link's name, each
/// linked folder once and never one of the folders being walked, so none can loop. A link that leaves the project,
/// is absolute, dangles, or goes through more than 40 links is left out, as the walk leaves it.
struct TreeLinks {
    /// A file's blob and its size.
    struct Blob {
        var object: String
        var bytes: Int
    }

    /// The regular files, by path relative to the project.
    var files: [String: Blob]
    /// The symbolic links, by path: their targets as git stores them.
    var links: [String: String]

    /// Links followed before one is taken for a loop (Linux's `MAXSYMLINKS`).
    static let maximumHops = 40

    /// Every path the walk lists, with the blob it reads, folder by folder in name order.
    func followed() -> [(path: String, blob: Blob)] {
        var children = [String: Set<String>]()
        for path in Array(files.keys) + Array(links.keys) {
            var folder = ""
            for part in path.split(separator: "/") {
                children[folder, default: []].insert(String(part))
                folder = folder.isEmpty ? String(part) : folder + "/" + part
            }
        }
        var found = [(path: String, blob: Blob)]()
        var linkedFolders = Set<String>()
        func walk(_ shown: String, _ real: String, walking: Set<String>) {
            for name in (children[real] ?? []).sorted() {
                let path = real.isEmpty ? name : real + "/" + name
                let shownPath = shown.isEmpty ? name : shown + "/" + name
                guard links[path] != nil else {
                    if let blob = files[path] {
                        found.append((shownPath, blob))
                    } else {
                        walk(shownPath, path, walking: walking.union([path]))
                    }
                    continue
                }
                guard let target = resolve(path) else { continue }
                if let blob = files[target] {
                    found.append((shownPath, blob))
                } else if children[target] != nil, !walking.contains(target), linkedFolders.insert(target).inserted {
                    walk(shownPath, target, walking: walking.union([target]))
                }
            }
        }
        walk("", "", walking: [""])
        return found
    }

    /// The path inside the project that `path` leads to, following links in every part of it as the kernel does
    /// (`..` after a link is taken from the link's target); `nil` when it leaves the project, a target is absolute,
    /// or more than ``maximumHops`` links are followed.
    func resolve(_ path: String) -> String? {
        var pending = path.split(separator: "/").map(String.init)
        var resolved = [String]()
        var hops = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                guard !resolved.isEmpty else { return nil }
                resolved.removeLast()
                continue
            }
            guard let target = links[(resolved + [part]).joined(separator: "/")] else {
                resolved.append(part)
                continue
            }
            hops += 1
            guard hops <= Self.maximumHops, !target.hasPrefix("/") else { return nil }
            pending = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init) + pending
        }
        return resolved.joined(separator: "/")
    }
}
