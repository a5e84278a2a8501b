import Diagnostics

/// Reads a Gradle Play Publisher `play/` tree the way GPP's resource validator and publisher do, and reports what
/// GPP would refuse (`Unknown Play resource file`, files directly under `listings/`, `*.index`) or skip.
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
    static let knownTracks: Set<String> = ["internal", "alpha", "beta", "production", "default"]
    /// 1.x names (GPP#321).
    static let legacyNames: Set<String> = ["listing", "whatsnew", "contactEmail", "contactPhone", "contactWebsite"]

    func classify(_ paths: [String]) -> ClassifiedListing {
        var log = FindingLog()
        var files: [ListingFile] = []
        var locales: Set<String> = []
        let present = Set(paths)
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            let locale = ["listings", "release-notes"].contains(parts[0]) && parts.count > 2 ? parts[1] : nil
            if let locale { locales.insert(locale) }
            let role = classify(parts, path: path, present: present, log: &log)
            files.append(ListingFile(path: path, locale: locale, role: role))
        }
        return ClassifiedListing(layout: .gpp, locales: locales.sorted(), files: files, findings: log.findings)
    }

    private func classify(_ parts: [String], path: String, present: Set<String>, log: inout FindingLog)
        -> ListingFileRole
    {
        if parts.count == 1, let field = Self.rootFiles[parts[0]] { return .text(field) }
        if parts.contains("play") {
            log.add(
                path,
                Finding(
                    LayoutRules.unknownResource,
                    "a file or folder named 'play' inside the play folder makes GPP's generate-resources task fail",
                    hint: "rename or move it"))
            return .ignored
        }
        if Self.otherRoots.contains(parts[0]) { return .ignored }
        if parts.contains(where: Self.legacyNames.contains) {
            log.add(
                path,
                Finding(
                    LayoutRules.legacyLayout, "GPP 1.x layout: GPP 2 and later ignore '\(path)'",
                    hint:
                        "move it to the 2.x layout: listings/<locale>/title.txt, release-notes/<locale>/<track>.txt, contact-email.txt"
                ))
            return .ignored
        }
        if FileName(parts[parts.count - 1]).fileExtension == "index" {
            log.add(
                path,
                Finding(
                    LayoutRules.unknownResource,
                    "GPP refuses '*.index' files: \"Resources cannot use the 'index' extension\"",
                    hint: "delete it"))
            return .ignored
        }
        switch (parts[0], parts.count) {
        case ("listings", 2), ("release-notes", 2):
            log.add(
                path,
                Finding(
                    LayoutRules.unknownResource,
                    "GPP refuses files directly under \(parts[0])/ (\"Files are not allowed under the \(parts[0]) directory\")",
                    hint: "put it in a locale folder, e.g. \(parts[0])/en-US/\(parts[1])"))
        case ("listings", 3):
            if let field = Self.listingFiles[parts[2]] { return .text(field) }
            guard
                let suggestion = NameSuggester(candidates: Self.listingFiles.keys.sorted() + ["graphics"]).suggestion(
                    for: parts[2])
            else {
                log.addUnread(path)
                return .ignored
            }
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName, "'\(parts[2])' is not a listing file GPP reads",
                    hint: "did you mean '\(suggestion)'?"))
        case ("listings", 5) where parts[2] == "graphics":
            return graphic(folder: parts[3], file: parts[4], path: path, log: &log)
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
            guard type != nil, !uploaded else {
                log.addUnread(path)
                return .ignored
            }
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName, "'graphics/\(parts[3])' is not an image GPP reads",
                    hint: "graphics go in listings/<locale>/graphics/<type>/<file>, or graphics/<type>.png"))
        case ("release-notes", 3):
            return releaseNotes(parts[2], path: path, log: &log)
        case ("release-names", 2):
            let name = FileName(parts[1])
            if name.fileExtension == "txt" { return .text(.releaseName(name.stem)) }
            trackFile(name, path: path, log: &log, "release names are <track>.txt files")
        case ("listings", _) where !ImageType.allCases.contains { $0.gppFolder == parts[2] }:
            log.addUnread(path)
        case ("listings", _):
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName,
                    "'\(parts.dropFirst(2).joined(separator: "/"))' is not a listing file GPP reads",
                    hint: "graphics go in listings/<locale>/graphics/<type>/<file>"))
        default:
            let suggestion = NameSuggester(
                candidates: Array(Self.rootFiles.keys) + ["listings", "release-notes", "release-names"]
            )
            .suggestion(for: parts[0])
            log.add(
                path,
                Finding(
                    LayoutRules.unknownResource, "GPP refuses '\(path)': \"Unknown Play resource file\"",
                    hint: suggestion.map { "did you mean '\($0)'?" } ?? "move it out of the play folder"))
        }
        return .ignored
    }

    private func graphic(folder: String, file: String, path: String, log: inout FindingLog) -> ListingFileRole {
        guard let type = ImageType.allCases.first(where: { $0.gppFolder == folder }) else {
            if folder == "promo-graphic" {
                log.add(
                    path,
                    Finding(
                        LayoutRules.promoGraphic,
                        "promo graphics are no longer uploaded: Play dropped the type in 2020",
                        hint: "delete it"))
            } else if let suggestion = NameSuggester(candidates: ImageType.allCases.map(\.gppFolder)).suggestion(
                for: folder)
            {
                log.add(
                    path,
                    Finding(
                        LayoutRules.unknownName, "'graphics/\(folder)/' is not a graphics folder GPP reads",
                        hint: "did you mean 'graphics/\(suggestion)/'?"))
            } else {
                log.addUnread(path)
            }
            return .ignored
        }
        guard FileName(file).isUploadableImage else {
            log.add(
                path,
                Finding(
                    LayoutRules.notAnUploadableImage, "'\(file)' is not .png, .jpg or .jpeg, so it is not uploaded",
                    hint: "convert it to PNG or JPEG"))
            return .ignored
        }
        return .image(type)
    }

    private func releaseNotes(_ file: String, path: String, log: inout FindingLog) -> ListingFileRole {
        let name = FileName(file)
        guard name.fileExtension == "txt" else {
            trackFile(name, path: path, log: &log, "release notes are <track>.txt files")
            return .ignored
        }
        if !Self.knownTracks.contains(name.stem) {
            log.add(
                path,
                Finding(
                    LayoutRules.releaseNotesName,
                    "'\(name.stem)' is not a standard track (internal, alpha, beta, production, default)",
                    hint: "fine for a custom track; otherwise rename it"))
        }
        return .text(.releaseNotes(name.stem))
    }

    /// A file named after a track but not `.txt` was meant to be read (LAY002); other files are kept on purpose.
    private func trackFile(_ name: FileName, path: String, log: inout FindingLog, _ message: String) {
        if Self.knownTracks.contains(name.stem) {
            log.add(path, Finding(LayoutRules.unknownName, message, hint: "rename it to \(name.stem).txt"))
        } else {
            log.addUnread(path)
        }
    }
}
