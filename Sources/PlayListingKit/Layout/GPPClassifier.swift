import Diagnostics

/// Reads a Gradle Play Publisher `play/` tree the way GPP's resource validator and publisher do, and records what
/// GPP would refuse (``refusal(_:)``: `Unknown Play resource file`, files directly under `listings/`, `*.index`, …)
/// or skip as ``LayoutFact``s.
struct GPPClassifier: Sendable {
    static let rootFiles: [String: TextField] = [
        "default-language.txt": .defaultLanguage, "contact-email.txt": .contactEmail,
        "contact-website.txt": .contactWebsite, "contact-phone.txt": .contactPhone,
    ]
    static let listingFiles: [String: TextField] = [
        "title.txt": .title, "short-description.txt": .shortDescription, "full-description.txt": .fullDescription,
        "video-url.txt": .video,
    ]
    /// Folders GPP owns that hold no listing metadata.
    static let otherRoots: Set<String> = ["products", "subscriptions"]
    /// The folders GPP's resource task accepts below the play folder, in the order it checks them.
    static let gppFolders = ["listings", "release-notes", "release-names", "products", "subscriptions"]
    static let knownTracks: Set<String> = ["internal", "alpha", "beta", "production", "default"]
    /// 1.x names (GPP#321).
    static let legacyNames: Set<String> = ["listing", "whatsnew", "contactEmail", "contactPhone", "contactWebsite"]

    func classify(_ paths: [String]) -> ClassifiedListing {
        var facts = LayoutFacts(layout: .gpp)
        var files: [ListingFile] = []
        var locales: Set<String> = []
        let present = Set(paths)
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            let locale = ["listings", "release-notes"].contains(parts[0]) && parts.count > 2 ? parts[1] : nil
            if let locale { locales.insert(locale) }
            let role = classify(parts, path: path, present: present, facts: &facts)
            files.append(ListingFile(path: path, locale: locale, role: role))
        }
        return ClassifiedListing(layout: .gpp, locales: locales.sorted(), files: files, facts: facts)
    }

    private func classify(_ parts: [String], path: String, present: Set<String>, facts: inout LayoutFacts)
        -> ListingFileRole
    {
        if let refusal = Self.refusal(parts) {
            facts.record(.refusedByGPP(refusal), at: path)
            return .ignored
        }
        if parts.count == 1 {
            if let field = Self.rootFiles[parts[0]] { return .text(field) }
            // GPP takes any file directly in the play folder and reads only its own names.
            if Self.legacyNames.contains(parts[0]) {
                facts.record(.legacyName, at: path)
            } else if let meant = NameSuggester(candidates: Self.rootFiles.keys.sorted()).suggestion(for: parts[0]) {
                facts.record(.misspelt(.gppListingFile, name: parts[0], meant: meant), at: path)
            } else {
                facts.record(.unread, at: path)
            }
            return .ignored
        }
        if Self.otherRoots.contains(parts[0]) { return .ignored }
        if parts.contains(where: Self.legacyNames.contains) {
            facts.record(.legacyName, at: path)
            return .ignored
        }
        switch (parts[0], parts.count) {
        case ("listings", 3):
            if let field = Self.listingFiles[parts[2]] { return .text(field) }
            let suggestion = NameSuggester(candidates: Self.listingFiles.keys.sorted() + ["graphics"]).suggestion(
                for: parts[2])
            facts.record(suggestion.map { .misspelt(.gppListingFile, name: parts[2], meant: $0) } ?? .unread, at: path)
        case ("listings", 5) where parts[2] == "graphics":
            return graphic(folder: parts[3], file: parts[4], path: path, facts: &facts)
        case ("listings", 4) where parts[2] == "graphics":
            // GPP files `graphics/icon.png` (a file named after its type) under that type.
            let name = FileName(parts[3])
            let type = ImageType.allCases.first { $0.gppFolder == name.stem }
            if name.isUploadableImage, let type { return .image(type) }
            // The source of an image kept beside what GPP uploads (icon.svg next to icon.png or icon/), or a
            // file named like no image type, is kept on purpose.
            let graphics = "\(parts[0])/\(parts[1])/graphics/"
            let uploaded = present.contains { other in
                guard other.hasPrefix(graphics), FileName(other).isUploadableImage else { return false }
                let rest = other.dropFirst(graphics.count)
                return rest.hasPrefix(name.stem + "/") || FileName(String(rest)).stem == name.stem
            }
            facts.record(type != nil && !uploaded ? .misplacedGraphic(name: parts[3]) : .unread, at: path)
        case ("release-notes", 3):
            return releaseNotes(parts[2], path: path, facts: &facts)
        case ("release-names", 2):
            let name = FileName(parts[1])
            if name.fileExtension == "txt" { return .text(.releaseName(name.stem)) }
            facts.record(trackFile(name, .releaseName), at: path)
        case ("listings", _) where !ImageType.allCases.contains { $0.gppFolder == parts[2] }:
            facts.record(.unread, at: path)
        case ("listings", _):
            facts.record(.misplacedListingFile(relativePath: parts.dropFirst(2).joined(separator: "/")), at: path)
        default:
            // Deeper in release-notes/ or release-names/: GPP accepts it and reads nothing there.
            facts.record(.unread, at: path)
        }
        return .ignored
    }

    /// The first of GPP's resource checks (`GenerateResources.Validator` in GPP 3.x and 4.0) that the file at
    /// `parts` fails, or `nil` when GPP accepts it: any file directly in the play folder, anything below its own
    /// folders, except a `play` name, an `.index` file, one of its folders anywhere but at the top, a file
    /// directly in `listings/` or `release-notes/`, or a file where one of its folders must be.
    static func refusal(_ parts: [String]) -> LayoutFact.GPPRefusal? {
        guard parts.count == 1 || parts.dropLast().contains(where: gppFolders.contains) else {
            let legacy = parts[1] == "listing" || parts[1] == "whatsnew"
            let meant = legacy ? nil : NameSuggester(candidates: gppFolders).suggestion(for: parts[0])
            return .unknownResource(meant: meant, legacy: legacy)
        }
        if parts.contains("play") { return .playInsidePlay }
        if FileName(parts[parts.count - 1]).fileExtension == "index" { return .indexFile }
        for folder in gppFolders {
            // GPP climbs from the file to the nearest ancestor of that name, the file itself included.
            guard let nearest = parts.lastIndex(of: folder) else { continue }
            guard nearest == 0 else { return .folderNotAtTop(folder: folder) }
            let holdsLocales = folder == "listings" || folder == "release-notes"
            if holdsLocales, parts.count == 2 { return .directlyUnder(folder: folder, file: parts[1]) }
            if !holdsLocales, parts.count == 1 { return .notAFolder(folder) }
        }
        return nil
    }

    private func graphic(folder: String, file: String, path: String, facts: inout LayoutFacts) -> ListingFileRole {
        guard let type = ImageType.allCases.first(where: { $0.gppFolder == folder }) else {
            if folder == "promo-graphic" {
                facts.record(.promoGraphic, at: path)
            } else if let suggestion = NameSuggester(candidates: ImageType.allCases.map(\.gppFolder)).suggestion(
                for: folder)
            {
                facts.record(.misspelt(.gppGraphicsFolder, name: folder, meant: suggestion), at: path)
            } else {
                facts.record(.unread, at: path)
            }
            return .ignored
        }
        guard FileName(file).isUploadableImage else {
            facts.record(.imageFormatNotUploaded(file: file), at: path)
            return .ignored
        }
        return .image(type)
    }

    private func releaseNotes(_ file: String, path: String, facts: inout LayoutFacts) -> ListingFileRole {
        let name = FileName(file)
        guard name.fileExtension == "txt" else {
            facts.record(trackFile(name, .releaseNotes), at: path)
            return .ignored
        }
        if !Self.knownTracks.contains(name.stem) { facts.record(.customTrack(name.stem), at: path) }
        return .text(.releaseNotes(name.stem))
    }

    /// A file named after a track but not `.txt` was meant to be read; other files are kept on purpose.
    private func trackFile(_ name: FileName, _ kind: LayoutFact.TrackFile) -> LayoutFact {
        Self.knownTracks.contains(name.stem) ? .trackFileNotText(kind, track: name.stem) : .unread
    }
}
