import FileAccess

/// What an Android project holds that playprep checks, found by walking its folders.
public struct ProjectInventory: Sendable, Hashable {
    /// The project folder as the user named it; every path below starts with it.
    public var root: String
    /// `*.9.png` (in any letter case) inside `res/drawable*`, `res/mipmap*` and `res/raw*` folders.
    public var ninePatchFiles: [String]
    /// Plain `*.png` in the same kinds of folders, to spot `x.png` beside `x.9.png`.
    public var plainImages: [String]
    /// Module build files (`build.gradle`, `build.gradle.kts`) and `AndroidManifest.xml` files.
    public var buildFiles: [String]
    /// Listing roots: `…/fastlane/metadata/android`, `…/metadata/android`, `…/src/<set>/play`.
    public var listings: [String]

    /// The path relative to the project root, for globs, baselines and messages.
    public func relative(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Walks a project, skipping hidden folders, `build` outputs, `node_modules` and anything the excludes match.
public struct ProjectDiscovery: Sendable {
    public var excludes: [Glob]

    public init(excludes: [Glob] = []) {
        self.excludes = excludes
    }

    public func inventory(of root: String) -> ProjectInventory {
        let trimmedRoot = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let walker = FolderWalker(skippedFolderNames: ["build", "node_modules"])
        let all = walker.files(under: trimmedRoot) { _ in true }
        var inventory = ProjectInventory(
            root: trimmedRoot, ninePatchFiles: [], plainImages: [], buildFiles: [], listings: [])
        var listings = Set<String>()
        for path in all {
            let relative = inventory.relative(path)
            if excludes.contains(where: { $0.matches(relative) }) { continue }
            let parts = relative.split(separator: "/").map(String.init)
            guard let name = parts.last else { continue }
            if let listing = Self.listingRoot(parts) {
                listings.insert(trimmedRoot + "/" + listing)
                continue
            }
            let lower = name.lowercased()
            if name == "build.gradle" || name == "build.gradle.kts" || name == "AndroidManifest.xml" {
                inventory.buildFiles.append(path)
            } else if lower.hasSuffix(".png"), Self.isResourceImageFolder(parts) {
                if lower.hasSuffix(".9.png") {
                    inventory.ninePatchFiles.append(path)
                } else {
                    inventory.plainImages.append(path)
                }
            }
        }
        inventory.listings = listings.sorted()
        return inventory
    }

    /// `res/drawable*`, `res/mipmap*` or `res/raw*` directly holding the file.
    static func isResourceImageFolder(_ parts: [String]) -> Bool {
        guard parts.count >= 3, parts[parts.count - 3] == "res" else { return false }
        let folder = parts[parts.count - 2]
        return ["drawable", "mipmap", "raw"].contains { folder == $0 || folder.hasPrefix($0 + "-") }
    }

    /// The listing root a file belongs to, relative to the project root, if any.
    static func listingRoot(_ parts: [String]) -> String? {
        for index in parts.indices.dropLast() {
            if parts[index] == "metadata", index + 1 < parts.count - 1, parts[index + 1] == "android" {
                return parts[...(index + 1)].joined(separator: "/")
            }
            if parts[index] == "play", index >= 2, parts[index - 2] == "src" {
                return parts[...index].joined(separator: "/")
            }
        }
        return nil
    }
}
