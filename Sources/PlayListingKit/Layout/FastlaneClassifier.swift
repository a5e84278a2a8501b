import Diagnostics
import FileAccess

/// Reads a fastlane supply tree (`<locale>/title.txt`, `changelogs/`, `images/`) the way supply does, and records
/// what supply would skip as ``LayoutFact``s: misplaced images, misspelt names, stray changelogs, unsupported
/// formats. For F-Droid it also reads F-Droid's own names (`name.txt`, `summary.txt`, `description.txt`).
struct FastlaneClassifier: Sendable {
    var store: ListingStore = .play

    static let textFiles: [String: TextField] = [
        "title.txt": .title, "short_description.txt": .shortDescription, "full_description.txt": .fullDescription,
        "video.txt": .video,
    ]
    /// Names F-Droid reads from the same tree; supply ignores them.
    static let fDroidTextFiles: [String: TextField] = [
        "name.txt": .title, "summary.txt": .shortDescription, "description.txt": .fullDescription,
    ]
    static let singleImages: [ImageType] = [.icon, .featureGraphic, .tvBanner]
    static let screenshotFolders = ImageType.allCases.filter(\.isScreenshot)

    func classify(_ paths: [String]) -> ClassifiedListing {
        var facts = LayoutFacts(layout: .fastlane)
        var files: [ListingFile] = []
        var locales: Set<String> = []
        let present = Set(paths)
        for path in paths {
            let parts = path.pathComponents.map(String.init)
            guard parts.count > 1 else {
                let nearText = NameSuggester(candidates: Array(Self.textFiles.keys)).suggestion(for: path) != nil
                facts.record(nearText ? .textFileOutsideLocale : .unread, at: path)
                files.append(ListingFile(path: path, locale: nil, role: .ignored))
                continue
            }
            locales.insert(parts[0])
            let role = classify(parts, path: path, present: present, facts: &facts)
            files.append(ListingFile(path: path, locale: parts[0], role: role))
        }
        recordDuplicateImages(files, facts: &facts)
        return ClassifiedListing(layout: .fastlane, locales: locales.sorted(), files: files, facts: facts)
    }

    private func classify(_ parts: [String], path: String, present: Set<String>, facts: inout LayoutFacts)
        -> ListingFileRole
    {
        let locale = parts[0]
        switch (parts.count, parts[1]) {
        case (2, let name):
            if let field = Self.textFiles[name] ?? (store == .fdroid ? Self.fDroidTextFiles[name] : nil) {
                return .text(field)
            }
            facts.record(unknownLocaleEntry(name, locale: locale), at: path)
        case (3, "changelogs"):
            let name = FileName(parts[2])
            if name.isChangelogName { return .text(.releaseNotes(name.stem)) }
            facts.record(.changelogNotVersionCode(name: parts[2]), at: path)
        case (3, "images"):
            return singleImage(parts[2], locale: locale, path: path, present: present, facts: &facts)
        case (4, "images"):
            return screenshot(folder: parts[2], file: parts[3], path: path, facts: &facts)
        case (_, let folder):
            if let type = Self.screenshotFolders.first(where: { $0.rawValue == folder }) {
                facts.record(.screenshotsOutsideImages(type, locale: locale), at: path)
            } else if let suggestion = NameSuggester(candidates: ["changelogs", "images"]).suggestion(for: folder) {
                let name = parts[1..<parts.count - 1].joined(separator: "/")
                facts.record(.misspelt(.supplyFolder, name: name, meant: suggestion), at: path)
            } else {
                facts.record(.unread, at: path)
            }
        }
        return .ignored
    }

    /// What a file directly in a locale folder that supply does not read is.
    private func unknownLocaleEntry(_ name: String, locale: String) -> LayoutFact {
        let file = FileName(name)
        if file.isUploadableImage,
            let type = Self.singleImages.first(where: { $0.rawValue.lowercased() == file.stem.lowercased() })
        {
            return .singleImageOutsideImages(type, fileExtension: file.fileExtension, locale: locale)
        }
        if Self.fDroidTextFiles[name] == nil,
            let suggestion = NameSuggester(candidates: Array(Self.textFiles.keys).sorted()).suggestion(for: name)
        {
            return .misspelt(.supplyTextFile, name: name, meant: suggestion)
        }
        // F-Droid's own names are read by F-Droid; anything else looks like nothing supply reads.
        return .unread
    }

    private func singleImage(
        _ name: String, locale: String, path: String, present: Set<String>, facts: inout LayoutFacts
    ) -> ListingFileRole {
        let file = FileName(name)
        if file.isUploadableImage,
            let type = Self.singleImages.first(where: { $0.rawValue.lowercased() == file.stem.lowercased() })
        {
            return .image(type)
        }
        if file.stem.lowercased() == "promographic" {
            facts.record(.promoGraphic, at: path)
            return .ignored
        }
        // An image type's name in a format supply does not upload: the source of an image kept beside the file
        // supply uploads (featureGraphic.svg next to its .png) is kept on purpose; alone, it is the wrong format.
        if let type = Self.singleImages.first(where: { $0.rawValue.lowercased() == file.stem.lowercased() }) {
            let uploaded = present.contains { other in
                let otherName = FileName(String(other.split(separator: "/").last ?? ""))
                return other.hasPrefix("\(locale)/images/") && other.split(separator: "/").count == 3
                    && otherName.isUploadableImage && otherName.stem.lowercased() == type.rawValue.lowercased()
            }
            facts.record(uploaded ? .unread : .singleImageInOtherFormat(type, name: name), at: path)
            return .ignored
        }
        let candidates =
            Self.singleImages.map { "\($0.rawValue).png" } + Self.screenshotFolders.map { "\($0.rawValue)/" }
        let suggestion = NameSuggester(candidates: candidates).suggestion(for: file.stem)
        facts.record(suggestion.map { .misspelt(.supplyImage, name: name, meant: $0) } ?? .unread, at: path)
        return .ignored
    }

    private func screenshot(folder: String, file: String, path: String, facts: inout LayoutFacts)
        -> ListingFileRole
    {
        guard let type = Self.screenshotFolders.first(where: { $0.rawValue.lowercased() == folder.lowercased() }) else {
            let suggestion = NameSuggester(candidates: Self.screenshotFolders.map(\.rawValue)).suggestion(for: folder)
            facts.record(
                suggestion.map { .misspelt(.supplyScreenshotFolder, name: folder, meant: $0) } ?? .unread, at: path)
            return .ignored
        }
        guard FileName(file).isUploadableImage else {
            facts.record(.imageFormatNotUploaded(file: file), at: path)
            return .ignored
        }
        return .image(type)
    }

    /// supply uploads only the last `images/<type>.{png,jpg,jpeg}` match.
    /// Where supply uploads one single image: a locale's icon, feature graphic or TV banner.
    private struct ImageSlot: Hashable {
        var locale: String?
        var role: ListingFileRole
    }

    private func recordDuplicateImages(_ files: [ListingFile], facts: inout LayoutFacts) {
        let singles = files.filter { if case .image(let type) = $0.role { !type.isScreenshot } else { false } }
        let groups = Dictionary(grouping: singles) { ImageSlot(locale: $0.locale, role: $0.role) }
        for group in groups.values where group.count > 1 {
            // supply globs `{png,jpg,jpeg}`, so matches come in that extension order.
            let order = ["png", "jpg", "jpeg"]
            let sorted = group.map(\.path).sorted {
                (order.firstIndex(of: FileName($0).fileExtension) ?? 3)
                    < (order.firstIndex(of: FileName($1).fileExtension) ?? 3)
            }
            for path in sorted.dropLast() {
                facts.record(.duplicateSingleImage(count: sorted.count, uploaded: sorted.last ?? ""), at: path)
            }
        }
    }
}
