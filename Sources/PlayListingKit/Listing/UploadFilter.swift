import Diagnostics
import FileAccess

/// Marks what the store does not receive from a classified tree, and drops the layout findings about it.
///
/// supply uploads the parts its `skip_upload_*` options leave in, and of the changelogs only the one for the
/// version being released (`<versionCode>.txt`, else `default.txt`); F-Droid reads the same current changelog,
/// the text files, and ignores anything it does not know (of a GPP tree's release notes only `default.txt`). GPP
/// uploads the whole merged tree.
struct UploadFilter: Sendable {
    var options: ListingOptions

    func apply(to listing: ClassifiedListing) -> ClassifiedListing {
        var result = listing
        let current = listing.layout == .fastlane && !options.checksAllChangelogs ? currentChangelogs(listing) : nil
        for index in result.files.indices {
            let file = result.files[index]
            if let current, case .text(.releaseNotes) = file.role, !current.contains(file.path) {
                result.files[index].isUploaded = false
            }
            if !receives(Self.part(of: file.path, in: listing.layout), in: listing.layout) {
                result.files[index].isUploaded = false
            }
            // fdroidserver takes only default.txt of a Triple-T tree's release notes (and a `whatsnew` file).
            if options.store == .fdroid, listing.layout == .gpp, case .text(.releaseNotes(let name)) = file.role,
                name != "default" && name != "whatsnew"
            {
                result.files[index].isUploaded = false
            }
        }
        return result
    }

    /// The layout findings (keyed by root-relative path) of a `layout` tree about what the store receives.
    func received(_ findings: [String: [Finding]], in layout: ListingLayout) -> [String: [Finding]] {
        options.store == .fdroid ? [:] : findings.filter { receives(Self.part(of: $0.key, in: layout), in: layout) }
    }

    /// Whether the store receives files of `part`.
    private func receives(_ part: UploadedParts, in layout: ListingLayout) -> Bool {
        switch (options.store, layout) {
        case (.fdroid, _): part == .text || part == .changelogs
        case (.play, _): options.uploads.contains(part)
        }
    }

    /// Per locale, the changelogs uploaded for ``ListingOptions/versionCodes``: `<versionCode>.txt`, else
    /// `default.txt`.
    private func currentChangelogs(_ listing: ClassifiedListing) -> Set<String> {
        var byLocale = [String: [String: String]]()
        for file in listing.files {
            if case .text(.releaseNotes(let name)) = file.role, let locale = file.locale {
                byLocale[locale, default: [:]][name] = file.path
            }
        }
        let wanted = options.versionCodes.map(String.init)
        return Set(
            byLocale.values.flatMap { names in
                let numbered = wanted.compactMap { names[$0] }
                // supply falls back on default.txt for every version without its own changelog (all of them when the
                // version is not known).
                return !wanted.isEmpty && numbered.count == wanted.count
                    ? numbered : numbered + [names["default"]].compactMap { $0 }
            })
    }

    /// Which part of a tree in `layout` a path (a file or a folder, relative to the tree) belongs to.
    static func part(of path: String, in layout: ListingLayout) -> UploadedParts {
        let parts = path.pathComponents
        if layout == .gpp {
            // `release-notes/<locale>/<track>.txt`; `listings/<locale>/graphics/<type>/…`; texts and app details.
            if parts.first == "release-notes" { return .changelogs }
            guard parts.count > 3, parts[2] == "graphics" else { return .text }
            return parts[3].hasSuffix("-screenshots") ? .screenshots : .images
        }
        guard parts.count > 1 else { return .text }
        if parts[1] == "changelogs" { return .changelogs }
        if parts[1] == "images" { return parts.count == 3 ? .images : .screenshots }
        if FastlaneClassifier.screenshotFolders.contains(where: { $0.rawValue == parts[1] }) { return .screenshots }
        return FileName(String(parts[parts.count - 1])).isUploadableImage ? .images : .text
    }
}
