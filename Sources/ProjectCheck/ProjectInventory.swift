import AndroidBuild
import FileAccess
import PlayListingKit
import ReleaseDiff

/// A listing tree found in the project, and how it was recognised.
struct DiscoveredListing: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// `…/fastlane/metadata/android`, `…/metadata/android`: fastlane's layout, read by supply and F-Droid.
        case fastlane
        /// `metadata/<locale>/` at the project root, `src/<flavour>/fastlane/metadata/android`: read by F-Droid only.
        case fDroid
        /// `<module>/src/<sourceSet>/play`: a Gradle Play Publisher source set.
        case gpp
    }

    /// The tree's folder (starting with the project root).
    var path: String
    var kind: Kind
}

/// Subfolders of a folder that a walk did not enter for a limit on how many it enters, in name order.
struct PassedOverFolders: Sendable, Hashable {
    var folder: String
    var subfolders: [String]
}

/// What an Android project holds that playprep checks, found by one walk of its folders.
struct ProjectInventory: Sendable, Hashable {
    /// The project folder as the user named it; every path below starts with it.
    var root: String
    /// Every file the walk found, excludes applied: what the build model reads from.
    var files: [String]
    /// `*.9.png` (in any letter case) inside `res/drawable*`, `res/mipmap*` and `res/raw*` folders.
    var ninePatchFiles: [String]
    /// Plain `*.png` in the same kinds of folders, to spot `x.png` beside `x.9.png`.
    var plainImages: [String]
    /// Files directly in a `res/<type>[-qualifiers]/` folder of a file-based resource type (not `values`).
    var resourceFiles: [String]
    /// Module build files (`build.gradle`, `build.gradle.kts`) and `AndroidManifest.xml` files.
    var buildFiles: [String]
    /// Listing trees, in path order.
    var listings: [DiscoveredListing]
    /// `*.9.png` outside those resource folders (exported art, design sources): not checked by `check`.
    var looseNinePatchFiles: [String] = []
    /// Folders the walk could not read: their files are unknown, which the check reports.
    var unreadableFolders: [UnreadableFolder] = []
    /// Listing folders whose locale folders past `ListingChecker.maximumLocaleFolders` (in name order) the walk
    /// did not enter, with those folders' names: nothing in them is read, which the check reports.
    var passedOverLocaleFolders: [PassedOverFolders] = []
    /// Symbolic links that lead out of the project (excludes applied): never read or followed, which the check
    /// reports, naming each link and its target as written.
    var leavingLinks: [LeavingLink] = []

    /// Whether the walk found nothing `check` judges: no Gradle settings or build file, manifest, listing tree or
    /// NinePatch in a resource folder.
    var isEmpty: Bool {
        buildFiles.isEmpty && listings.isEmpty && ninePatchFiles.isEmpty
            && !files.contains { $0.hasSuffix("/settings.gradle") || $0.hasSuffix("/settings.gradle.kts") }
    }

    /// The files a check of this inventory reads, each with what it is: build files (settings, build scripts,
    /// gradle.properties, version catalogs, manifests), Fastfiles and Appfiles, every file of a listing tree (those
    /// found and those configured, `listingRoots` relative to the root) and the NinePatches. An output must never
    /// be one of them.
    func readFiles(listingRoots: [String] = []) -> [InputFile] {
        let trees = listings.map { $0.path + "/" } + listingRoots.map { root + "/" + $0 + "/" }
        let ninePatches = Set(ninePatchFiles)
        return files.compactMap { path in
            let name = path.lastComponent
            if ninePatches.contains(path) { return InputFile(path, role: .ninePatch) }
            if trees.contains(where: { path.hasPrefix($0) }) { return InputFile(path, role: .listingFile) }
            if name == "Fastfile" || name == "Appfile" { return InputFile(path, role: .fastlaneFile) }
            if Self.buildFileNames.contains(name) || name.hasSuffix(".versions.toml") {
                return InputFile(path, role: .buildFile)
            }
            return nil
        }
    }

    /// The names of the build files `readFiles` lists (besides version catalogs).
    private static let buildFileNames: Set<String> = [
        "settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts", "gradle.properties",
        "AndroidManifest.xml",
    ]

    /// The path relative to the project root, for globs, baselines and messages.
    func relative(_ path: String) -> String {
        // The root, then a slash unless the root ends in one; asked of every walked file, so no joined prefix.
        guard let rest = path.droppingPrefix(root) else { return path }
        if root.hasSuffix("/") { return String(rest) }
        return rest.first == "/" ? String(rest.dropFirst()) : path
    }
}

/// Walks a project once, skipping hidden folders, `build` outputs, `node_modules` and anything the excludes match
/// (a folder whose every file an exclude matches is not even entered), following links to folders inside the
/// project (a `metadata` link to `app-metadata/<applicationId>`); a link that leads out of the project is neither
/// followed nor read, and is kept as a `LeavingLink`.
struct ProjectDiscovery: Sendable {
    var excludes: [Glob]

    init(excludes: [Glob] = []) {
        self.excludes = excludes
    }

    /// Resource types whose files are resources of their own (AGP's file-based resources).
    static let fileResourceTypes: Set<String> = [
        "anim", "animator", "color", "drawable", "font", "interpolator", "layout", "menu", "mipmap", "navigation",
        "raw", "transition", "xml",
    ]

    func inventory(of root: String) -> ProjectInventory {
        let trimmedRoot = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        var inventory = ProjectInventory(
            root: trimmedRoot, files: [], ninePatchFiles: [], plainImages: [], resourceFiles: [], buildFiles: [],
            listings: [])
        let excludedFolder = { @Sendable [excludes, inventory] (folder: String) in
            let relative = inventory.relative(folder)
            return excludes.contains { $0.matchesEverything(under: relative) }
        }
        let walker = FolderWalker(
            skippedFolderNames: ["build", "node_modules"], followedLinks: .withinRoot,
            skipsFolder: excludes.isEmpty ? nil : excludedFolder,
            subfolderLimit: { Self.holdsLocaleFolders($0) ? ListingChecker.maximumLocaleFolders : nil })
        var listings = [String: DiscoveredListing.Kind]()
        // The folder (relative, with a slash) of the listing found last, when its root has two components or
        // more: every file below it belongs to it, and is recorded by that (a listing holds most of a project's
        // files). A bare `metadata` root is F-Droid's only where the next folder is a locale, so it is not kept.
        var lastListingFolder: String?
        walker.visitFiles(
            under: trimmedRoot, where: { _ in true }, skipped: { inventory.unreadableFolders.append($0) },
            passedOver: { inventory.passedOverLocaleFolders.append(PassedOverFolders(folder: $0, subfolders: $1)) },
            leaving: { link in
                if !excludes.contains(where: { $0.matches(link.link) }) { inventory.leavingLinks.append(link) }
            }
        ) { path in
            let relative = inventory.relative(path)
            if excludes.contains(where: { $0.matches(relative) }) { return }
            inventory.files.append(path)
            if let lastListingFolder, relative.droppingPrefix(lastListingFolder) != nil { return }
            // Slices of the path, not strings of their own: the walk classifies every file of the project.
            let parts = relative.pathComponents
            guard let name = parts.last else { return }
            if let (listing, kind) = Self.listingRoot(parts) {
                listings[trimmedRoot + "/" + listing] = kind
                lastListingFolder = listing.contains("/") ? listing + "/" : nil
                return
            }
            if name == "build.gradle" || name == "build.gradle.kts" || name == "AndroidManifest.xml" {
                inventory.buildFiles.append(path)
            }
            guard let type = Self.resourceType(parts) else {
                if name.lowercased().hasSuffix(".9.png") { inventory.looseNinePatchFiles.append(path) }
                return
            }
            inventory.resourceFiles.append(path)
            let lower = name.lowercased()
            if lower.hasSuffix(".png"), type == "drawable" || type == "mipmap" || type == "raw" {
                if lower.hasSuffix(".9.png") {
                    inventory.ninePatchFiles.append(path)
                } else {
                    inventory.plainImages.append(path)
                }
            }
        }
        inventory.listings = listings.keys.sorted().map { DiscoveredListing(path: $0, kind: listings[$0] ?? .fastlane) }
        return inventory
    }

    /// Whether `folder` is where a listing keeps its locale folders: fastlane's `…/metadata/android`, GPP's
    /// `…/src/<sourceSet>/play/listings` and `…/play/release-notes`.
    static func holdsLocaleFolders(_ folder: String) -> Bool {
        if folder.hasSuffix("/metadata/android") { return true }
        guard folder.hasSuffix("/listings") || folder.hasSuffix("/release-notes") else { return false }
        let parts = folder.pathComponents
        return parts.count >= 4 && parts[parts.count - 2] == "play" && parts[parts.count - 4] == "src"
    }

    /// The nearest folder above `root` holding a `settings.gradle(.kts)`: the Gradle build `root` is one module
    /// of, when `root` has no settings file of its own; `nil` otherwise.
    static func enclosingBuild(of root: String) -> String? {
        let isBuildRoot = { (folder: String) in
            ["settings.gradle", "settings.gradle.kts"].contains { PathKind(path: folder + "/" + $0) == .file }
        }
        guard !isBuildRoot(root), var folder = realPath(root) else { return nil }
        while folder != "/", let slash = folder.lastIndex(of: "/") {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            if isBuildRoot(folder) { return folder }
        }
        return nil
    }

    /// The resource type of a file directly in `res/<type>[-qualifiers]/`, for file-based resource types.
    static func resourceType(_ parts: [Substring]) -> String? {
        guard parts.count >= 3, parts[parts.count - 3] == "res" else { return nil }
        let type = String(parts[parts.count - 2].prefix { $0 != "-" })
        return fileResourceTypes.contains(type) ? type : nil
    }

    /// The listing tree a file belongs to, relative to the project root, if any.
    static func listingRoot(_ parts: [Substring]) -> (String, DiscoveredListing.Kind)? {
        for index in parts.indices.dropLast() {
            if parts[index] == "metadata", index + 1 < parts.count - 1, parts[index + 1] == "android" {
                // F-Droid reads src/<flavour>/fastlane/metadata/android for that flavour; supply never does.
                let isFlavourTree = index >= 3 && parts[index - 1] == "fastlane" && parts[index - 3] == "src"
                return (parts[...(index + 1)].joined(separator: "/"), isFlavourTree ? .fDroid : .fastlane)
            }
            if index == 0, parts[0] == "metadata", parts.count > 2,
                LocaleResolver.looksLikeLanguageTag(String(parts[1]))
            {
                return ("metadata", .fDroid)
            }
            if parts[index] == "play", index >= 2, parts[index - 2] == "src" {
                return (parts[...index].joined(separator: "/"), .gpp)
            }
        }
        return nil
    }
}

extension ProjectDiscovery {
    /// What `--since REF` fetches of each file of the tree at REF (paths relative to the project): the files the
    /// build reader and the declaration rules read, with their readers' size limits (build scripts, settings,
    /// properties, catalogs and convention plugins' sources in `buildSrc` and included builds: 4 MiB; manifests:
    /// 16 MiB), and the names of listing files; nothing in folders the walk skips.
    static func releaseFileUses(_ paths: [String]) -> [ReleaseFileUse?] {
        let buildScriptBytes = AndroidBuildReader.maximumFileBytes
        let nestedBuilds = Set(
            paths.compactMap { path -> String? in
                guard path.hasSuffix("/settings.gradle") || path.hasSuffix("/settings.gradle.kts") else { return nil }
                return String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "/"
            } + ["buildSrc/"])
        return paths.map { path in
            let parts = path.split(separator: "/")
            guard let name = parts.last,
                !parts.dropLast().contains(where: { $0.hasPrefix(".") || $0 == "build" || $0 == "node_modules" })
            else { return nil }
            if listingRoot(parts) != nil { return .nameOnly }
            if name == "AndroidManifest.xml" { return .contents(maxBytes: SourceDeclarations.maxBytes) }
            if name.hasSuffix(".gradle") || name.hasSuffix(".gradle.kts") || name == "gradle.properties"
                || (parts.count == 2 && parts[0] == "gradle" && name.hasSuffix(".versions.toml"))
            {
                return .contents(maxBytes: buildScriptBytes)
            }
            let pluginSource = ["/src/main/kotlin/", "/src/main/java/", "/src/main/groovy/"].contains {
                path.contains($0)
            }
            if pluginSource, [".kt", ".java", ".groovy"].contains(where: { name.hasSuffix($0) }),
                nestedBuilds.contains(where: { path.hasPrefix($0) })
            {
                return .contents(maxBytes: buildScriptBytes)
            }
            return nil
        }
    }
}
