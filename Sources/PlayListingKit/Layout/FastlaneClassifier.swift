import Diagnostics

/// Reads a fastlane supply tree (`<locale>/title.txt`, `changelogs/`, `images/`) the way supply does, and reports
/// what supply would skip: misplaced images, misspelt names, stray changelogs, unsupported formats. For F-Droid it
/// also reads F-Droid's own names (`name.txt`, `summary.txt`, `description.txt`).
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
        var log = FindingLog()
        var files: [ListingFile] = []
        var locales: Set<String> = []
        let present = Set(paths)
        for path in paths {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count > 1 else {
                if NameSuggester(candidates: Array(Self.textFiles.keys)).suggestion(for: path) != nil {
                    log.add(
                        path,
                        Finding(
                            LayoutRules.unknownName, "file outside any locale folder; supply never reads it",
                            hint: "move it into a locale folder such as en-US/, or out of the metadata folder"))
                } else {
                    log.addUnread(path)
                }
                files.append(ListingFile(path: path, locale: nil, role: .ignored))
                continue
            }
            locales.insert(parts[0])
            let role = classify(parts, path: path, present: present, log: &log)
            files.append(ListingFile(path: path, locale: parts[0], role: role))
        }
        reportDuplicateImages(files, log: &log)
        return ClassifiedListing(layout: .fastlane, locales: locales.sorted(), files: files, findings: log.findings)
    }

    private func classify(_ parts: [String], path: String, present: Set<String>, log: inout FindingLog)
        -> ListingFileRole
    {
        let locale = parts[0]
        switch (parts.count, parts[1]) {
        case (2, let name):
            if let field = Self.textFiles[name] ?? (store == .fdroid ? Self.fDroidTextFiles[name] : nil) {
                return .text(field)
            }
            unknownLocaleEntry(name, locale: locale, path: path, log: &log)
        case (3, "changelogs"):
            let name = FileName(parts[2])
            if name.isChangelogName { return .text(.releaseNotes(name.stem)) }
            log.add(
                path,
                Finding(
                    LayoutRules.releaseNotesName,
                    "changelog '\(parts[2])' is not named <versionCode>.txt or default.txt, so supply never uploads it",
                    hint: "rename it to the version code it belongs to, e.g. changelogs/1042.txt, or delete it"))
        case (3, "images"):
            return singleImage(parts[2], locale: locale, path: path, present: present, log: &log)
        case (4, "images"):
            return screenshot(folder: parts[2], file: parts[3], locale: locale, path: path, log: &log)
        case (_, let folder) where Self.screenshotFolders.contains(where: { $0.rawValue == folder }):
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName, "screenshots directly in the locale folder are not uploaded",
                    hint: "move the folder to \(locale)/images/\(folder)/"))
        default:
            guard let suggestion = NameSuggester(candidates: ["changelogs", "images"]).suggestion(for: parts[1]) else {
                log.addUnread(path)
                return .ignored
            }
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName,
                    "'\(parts[1..<parts.count - 1].joined(separator: "/"))/' is not a folder supply reads",
                    hint: "did you mean '\(suggestion)/'?"))
        }
        return .ignored
    }

    private func unknownLocaleEntry(_ name: String, locale: String, path: String, log: inout FindingLog) {
        let file = FileName(name)
        if file.isUploadableImage,
            let type = Self.singleImages.first(where: { $0.rawValue.lowercased() == file.stem.lowercased() })
        {
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName,
                    "\(type.label) directly in the locale folder is not uploaded: supply reads images/\(type.rawValue).\(file.fileExtension)",
                    hint: "move it to \(locale)/images/\(type.rawValue).\(file.fileExtension)"))
        } else if Self.fDroidTextFiles[name] == nil,
            let suggestion = NameSuggester(candidates: Array(Self.textFiles.keys).sorted()).suggestion(for: name)
        {
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName, "'\(name)' is not a file supply reads",
                    hint: "did you mean '\(suggestion)'?"))
        } else {
            // F-Droid's own names are read by F-Droid; anything else looks like nothing supply reads.
            log.addUnread(path)
        }
    }

    private func singleImage(
        _ name: String, locale: String, path: String, present: Set<String>, log: inout FindingLog
    ) -> ListingFileRole {
        let file = FileName(name)
        if file.isUploadableImage,
            let type = Self.singleImages.first(where: { $0.rawValue.lowercased() == file.stem.lowercased() })
        {
            return .image(type)
        }
        if file.stem.lowercased() == "promographic" {
            log.add(
                path,
                Finding(
                    LayoutRules.promoGraphic, "promo graphics are no longer uploaded: Play dropped the type in 2020",
                    hint: "delete it"))
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
            if uploaded {
                log.addUnread(path)
            } else {
                log.add(
                    path,
                    Finding(
                        LayoutRules.unknownName, "'images/\(name)' is not .png, .jpg or .jpeg, so supply skips it",
                        hint: "export it as images/\(type.rawValue).png"))
            }
            return .ignored
        }
        let candidates =
            Self.singleImages.map { "\($0.rawValue).png" } + Self.screenshotFolders.map { "\($0.rawValue)/" }
        guard let suggestion = NameSuggester(candidates: candidates).suggestion(for: file.stem) else {
            log.addUnread(path)
            return .ignored
        }
        log.add(
            path,
            Finding(
                LayoutRules.unknownName, "'images/\(name)' is not an image supply uploads",
                hint: "did you mean 'images/\(suggestion)'?"))
        return .ignored
    }

    private func screenshot(folder: String, file: String, locale: String, path: String, log: inout FindingLog)
        -> ListingFileRole
    {
        guard let type = Self.screenshotFolders.first(where: { $0.rawValue.lowercased() == folder.lowercased() }) else {
            guard
                let suggestion = NameSuggester(candidates: Self.screenshotFolders.map(\.rawValue)).suggestion(
                    for: folder)
            else {
                log.addUnread(path)
                return .ignored
            }
            log.add(
                path,
                Finding(
                    LayoutRules.unknownName, "'images/\(folder)/' is not a screenshot folder supply reads",
                    hint: "did you mean 'images/\(suggestion)/'?"))
            return .ignored
        }
        guard FileName(file).isUploadableImage else {
            log.add(
                path,
                Finding(
                    LayoutRules.notAnUploadableImage, "'\(file)' is not .png, .jpg or .jpeg, so supply skips it",
                    hint: "convert it to PNG or JPEG"))
            return .ignored
        }
        return .image(type)
    }

    /// supply uploads only the last `images/<type>.{png,jpg,jpeg}` match.
    private func reportDuplicateImages(_ files: [ListingFile], log: inout FindingLog) {
        let singles = files.filter { if case .image(let type) = $0.role { !type.isScreenshot } else { false } }
        let groups = Dictionary(grouping: singles) { "\($0.locale ?? "")|\($0.role)" }
        for group in groups.values where group.count > 1 {
            // supply globs `{png,jpg,jpeg}`, so matches come in that extension order.
            let order = ["png", "jpg", "jpeg"]
            let sorted = group.map(\.path).sorted {
                (order.firstIndex(of: FileName($0).fileExtension) ?? 3)
                    < (order.firstIndex(of: FileName($1).fileExtension) ?? 3)
            }
            for path in sorted.dropLast() {
                log.add(
                    path,
                    Finding(
                        LayoutRules.duplicateImage,
                        "\(sorted.count) files for one image; supply uploads only the last match, '\(sorted.last ?? "")'",
                        hint: "keep one file per image type"))
            }
        }
    }
}
