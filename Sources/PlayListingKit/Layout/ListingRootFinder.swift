import FileAccess

/// Where in a folder the listing starts and which uploader's layout it follows.
struct ListingRoot: Sendable, Hashable {
    var layout: ListingLayout
    /// Relative path of the root inside the checked folder, ending in `/`, or empty for the folder itself.
    var prefix: String
}

/// Finds the listing root in a folder's file list: the folder itself, or a place below it such as
/// `fastlane/metadata/android/` or `src/<sourceSet>/play/`. The shortest match wins.
struct ListingRootFinder: Sendable {
    static let fastlaneFiles: Set<String> = ["title.txt", "short_description.txt", "full_description.txt", "video.txt"]
    static let fastlaneFolders: Set<String> = ["changelogs", "images"]
    static let gppRootEntries: Set<String> = ["listings", "release-notes", "release-names", "default-language.txt"]

    /// The root the options ask for: the folder itself when ``ListingOptions/rootIsExact``, else as found.
    func root(of paths: [String], options: ListingOptions) -> ListingRoot? {
        guard options.rootIsExact, !paths.isEmpty else { return root(of: paths, layout: options.layout) }
        return ListingRoot(layout: options.layout ?? .fastlane, prefix: "")
    }

    /// The root for `layout` (`nil`: detect), or `nil` when the files do not look like a listing.
    func root(of paths: [String], layout: ListingLayout? = nil) -> ListingRoot? {
        let split = paths.map { $0.pathComponents.map(String.init) }
        let gpp = shortest(split.compactMap(gppPrefix)).map { ListingRoot(layout: .gpp, prefix: $0) }
        let fastlane = shortest(split.compactMap(fastlanePrefix)).map { ListingRoot(layout: .fastlane, prefix: $0) }
        switch layout {
        case .fastlane: return fastlane ?? ListingRoot(layout: .fastlane, prefix: "")
        case .gpp: return gpp ?? ListingRoot(layout: .gpp, prefix: "")
        case nil:
            guard let gpp else { return fastlane }
            guard let fastlane else { return gpp }
            return fastlane.prefix.count < gpp.prefix.count ? fastlane : gpp
        }
    }

    /// `…/listings/…`, `…/default-language.txt` at the top or under a `play` folder; or a 1.x `<locale>/listing/`.
    private func gppPrefix(_ parts: [String]) -> String? {
        for index in parts.indices where index == 0 || parts[index - 1] == "play" {
            let isRootEntry =
                Self.gppRootEntries.contains(parts[index])
                && (index + 1 < parts.count) == (parts[index] != "default-language.txt")
            let isLegacy = index + 2 < parts.count && (parts[index + 1] == "listing" || parts[index + 1] == "whatsnew")
            if isRootEntry || isLegacy { return Self.join(parts[..<index]) }
        }
        return nil
    }

    /// `<prefix>/<locale>/title.txt` (or another fastlane file), `<prefix>/<locale>/changelogs/…`, `…/images/…`.
    private func fastlanePrefix(_ parts: [String]) -> String? {
        for index in parts.indices.dropFirst() {
            let isFile = index == parts.count - 1 && Self.fastlaneFiles.contains(parts[index])
            let isFolder = index < parts.count - 1 && Self.fastlaneFolders.contains(parts[index])
            if isFile || isFolder { return Self.join(parts[..<(index - 1)]) }
        }
        return nil
    }

    private func shortest(_ prefixes: [String]) -> String? {
        prefixes.min { ($0.count, $0) < ($1.count, $1) }
    }

    private static func join(_ parts: ArraySlice<String>) -> String {
        parts.map { $0 + "/" }.joined()
    }
}
