/// What one store receives from one listing tree, slot by slot and locale by locale, as the store reads it
/// (`playprep plan`): each field or image type under the store's own name, the files sent in the order the store
/// sends them, and for a slot with no file of its own what the store gets instead.
///
/// The facts (`docs/what-ships.md`): supply sends the text files a locale has, leaving Play's value of the others
/// (it starts from Play's listing), the last of `images/<type>.{png,jpg,jpeg}`, each screenshot folder in byte
/// order after clearing Play's (a missing folder keeps Play's), and `changelogs/<versionCode>.txt`, else
/// `default.txt`, else an empty text. GPP copies a file the default language's listing has into every other
/// locale that lacks it (a graphics folder only into a locale without that folder), sends each graphics folder
/// sorted, and leaves out of the listing what it has no file for. F-Droid reads the same names from a fastlane
/// tree (also `name.txt`, `summary.txt`, `description.txt`, and the promo graphic) and Triple-T's listings and
/// `release-notes/<locale>/default.txt`.
public struct ListingDelivery: Sendable, Hashable, Codable {
    /// One field or image type.
    public struct Slot: Sendable, Hashable, Codable {
        /// As the store names it: `title`, `phoneScreenshots`, `phone-screenshots`, `changelogs/42.txt`, `whatsNew`.
        public var name: String
        /// The files sent, in the order the store sends them, as the project names them; empty when none is.
        public var files: [String]
        /// What the store gets instead of a file of this locale's own (another file, Play's current value).
        public var instead: String?
    }

    /// One locale folder and its slots.
    public struct Locale: Sendable, Hashable, Codable {
        public var locale: String
        /// The folder, as the project names it.
        public var folder: String
        public var slots: [Slot]
    }

    /// How the store reads the tree: `fastlane supply`, `Gradle Play Publisher (Triple-T)`, `F-Droid, fastlane
    /// layout`, `F-Droid, Triple-T layout`.
    public var layout: String
    /// Files of the whole tree rather than of a locale (GPP's `default-language.txt` and contact files).
    public var details: [Slot]
    public var locales: [Locale]

    /// Every file sent, in path order.
    public var files: [String] {
        Array(Set((details + locales.flatMap(\.slots)).flatMap(\.files))).sorted()
    }

    /// Passes every folder and file through `rename` (to name them from another folder than the checked one).
    public mutating func renamePaths(_ rename: (String) -> String) {
        details = details.map { Slot(name: $0.name, files: $0.files.map(rename), instead: $0.instead) }
        locales = locales.map { locale in
            Locale(
                locale: locale.locale, folder: rename(locale.folder),
                slots: locale.slots.map { Slot(name: $0.name, files: $0.files.map(rename), instead: $0.instead) })
        }
    }
}

/// Builds a ``ListingDelivery`` from a tree classified as its uploader reads it.
struct DeliveryPlanner: Sendable {
    var options: ListingOptions
    /// How reports name a root-relative path.
    var display: @Sendable (String) -> String
    /// GPP's default language (`default-language.txt`), when the tree has one.
    var defaultLanguage: String?

    /// A field or image type and how to find its files among a locale's.
    private struct SlotKind {
        var name: String
        var part: UploadedParts
        var matches: @Sendable (ListingFile) -> Bool
    }

    func delivery(of listing: ClassifiedListing) -> ListingDelivery {
        switch (options.store, listing.layout) {
        case (.play, .fastlane): supply(listing)
        case (.play, .gpp): gpp(listing)
        case (.fdroid, let layout): fDroid(listing, layout: layout)
        }
    }

    // MARK: supply

    private func supply(_ listing: ClassifiedListing) -> ListingDelivery {
        let texts: [(String, TextField)] = [
            ("title", .title), ("short_description", .shortDescription), ("full_description", .fullDescription),
            ("video", .video),
        ]
        let kinds =
            texts.map { name, field in
                SlotKind(name: name, part: .text, matches: { $0.role == .text(field) })
            }
            + ImageType.allCases.map { type in
                SlotKind(
                    name: type.rawValue, part: type.isScreenshot ? .screenshots : .images,
                    matches: { $0.role == .image(type) })
            }
        let locales = listing.locales.map { locale in
            let files = listing.files.filter { $0.locale == locale }
            var slots = kinds.map { kind in
                let sent = files.filter { $0.isUploaded && kind.matches($0) }.map(\.path)
                let chosen = kind.part == .images ? Self.lastSingleImage(sent).map { [$0] } ?? [] : Self.ordered(sent)
                let instead =
                    kind.part == .text ? "supply leaves Play's current value" : "Play keeps its current images"
                return slot(kind.name, sent: chosen, part: kind.part, instead: instead)
            }
            slots.insert(contentsOf: changelogSlots(files), at: 4)
            return ListingDelivery.Locale(locale: locale, folder: display(locale), slots: slots)
        }
        return ListingDelivery(layout: "fastlane supply", details: [], locales: locales)
    }

    /// supply's release notes of one locale: per version code `<versionCode>.txt`, else `default.txt`, else an
    /// empty text; without a version code, `default.txt`.
    private func changelogSlots(_ files: [ListingFile]) -> [ListingDelivery.Slot] {
        let changelogs = Dictionary(
            files.compactMap { file -> (String, String)? in
                guard case .text(.releaseNotes(let name)) = file.role else { return nil }
                return (name, file.path)
            }, uniquingKeysWith: { first, _ in first })
        guard options.uploads.contains(.changelogs) else {
            return [ListingDelivery.Slot(name: "changelogs", files: [], instead: Self.skipped(.changelogs))]
        }
        let fallback = changelogs["default"].map(display)
        guard !options.versionCodes.isEmpty else {
            return [
                ListingDelivery.Slot(
                    name: "changelogs (no versionCode known)", files: fallback.map { [$0] } ?? [],
                    instead: fallback == nil ? "no default.txt: supply sends an empty text" : nil)
            ]
        }
        return options.versionCodes.map { code in
            let name = "changelogs (versionCode \(code))"
            if let own = changelogs[String(code)] { return ListingDelivery.Slot(name: name, files: [display(own)]) }
            return ListingDelivery.Slot(
                name: name, files: fallback.map { [$0] } ?? [],
                instead: fallback == nil
                    ? "no \(code).txt or default.txt: supply sends an empty text"
                    : "no \(code).txt: supply sends default.txt")
        }
    }

    /// supply globs `images/<type>.{png,jpg,jpeg}` and uploads the last match: the extensions in that order.
    private static func lastSingleImage(_ paths: [String]) -> String? {
        let order = ["png", "jpg", "jpeg"]
        return paths.max {
            (order.firstIndex(of: FileName($0).fileExtension) ?? 3, $0)
                < (order.firstIndex(of: FileName($1).fileExtension) ?? 3, $1)
        }
    }

    // MARK: GPP

    private func gpp(_ listing: ClassifiedListing) -> ListingDelivery {
        let details = GPPClassifier.rootFiles.keys.sorted().map { name in
            let sent = listing.files.filter { $0.path == name }.map(\.path)
            return slot(String(name.dropLast(4)), sent: sent, part: .text, instead: "not sent")
        }
        let kinds = gppListingKinds()
        let byLocale = Dictionary(grouping: listing.files.filter { $0.locale != nil }) { $0.locale ?? "" }
        let fallback = defaultLanguage.flatMap { byLocale[$0] }
        let locales = listing.locales.map { locale in
            let files = byLocale[locale] ?? []
            let listed = files.contains { $0.path.hasPrefix("listings/") }
            var slots = [ListingDelivery.Slot]()
            if listed {
                slots = kinds.map { kind in
                    let sent = files.filter { kind.matches($0) }.map(\.path)
                    if sent.isEmpty, locale != defaultLanguage, let defaultLanguage,
                        let copied = fallback?.filter({ kind.matches($0) }).map(\.path), !copied.isEmpty
                    {
                        return ListingDelivery.Slot(
                            name: kind.name, files: Self.ordered(copied).map(display),
                            instead: "GPP copies the default language's (\(defaultLanguage))")
                    }
                    let instead =
                        kind.part == .text ? "GPP leaves it out of the listing" : "Play keeps its current images"
                    return slot(kind.name, sent: Self.ordered(sent), part: kind.part, instead: instead)
                }
            }
            slots += files.compactMap { file -> ListingDelivery.Slot? in
                guard case .text(.releaseNotes(let track)) = file.role else { return nil }
                return ListingDelivery.Slot(name: "release-notes/\(track).txt", files: [display(file.path)])
            }
            return ListingDelivery.Locale(
                locale: locale, folder: display((listed ? "listings/" : "release-notes/") + locale), slots: slots)
        }
        return ListingDelivery(layout: "Gradle Play Publisher (Triple-T)", details: details, locales: locales)
    }

    private func gppListingKinds() -> [SlotKind] {
        let texts: [(String, TextField)] = [
            ("title", .title), ("short-description", .shortDescription), ("full-description", .fullDescription),
            ("video-url", .video),
        ]
        return texts.map { name, field in
            SlotKind(name: name, part: .text, matches: { $0.role == .text(field) && $0.path.hasPrefix("listings/") })
        }
            + ImageType.allCases.map { type in
                SlotKind(
                    name: type.gppFolder, part: type.isScreenshot ? .screenshots : .images,
                    matches: { $0.role == .image(type) })
            }
    }

    // MARK: F-Droid

    /// F-Droid's names for the image types it shows, with the promo graphic that Play no longer has.
    private static let fDroidImages = ["icon", "featureGraphic", "promoGraphic", "tvBanner"]

    private func fDroid(_ listing: ClassifiedListing, layout: ListingLayout) -> ListingDelivery {
        let texts: [(String, (TextField) -> Bool)] = [
            ("name", { $0 == .title }), ("summary", { $0 == .shortDescription }),
            ("description", { $0 == .fullDescription }), ("video", { $0 == .video }),
            ("whatsNew", { if case .releaseNotes = $0 { true } else { false } }),
        ]
        let locales = listing.locales.map { locale in
            let files = listing.files.filter { $0.locale == locale }
            var slots = texts.map { name, isField in
                let sent = files.filter { file in
                    guard file.isUploaded, case .text(let field) = file.role else { return false }
                    return isField(field)
                }.map(\.path)
                return slot(name, sent: sent, part: .text, instead: "none in this language from this tree")
            }
            slots += Self.fDroidImages.map { name in
                let sent = files.filter { Self.fDroidImageName(of: $0, layout: layout) == name }.map(\.path)
                return slot(
                    name, sent: Self.ordered(sent), part: .text, instead: "none in this language from this tree")
            }
            slots += ImageType.allCases.filter(\.isScreenshot).map { type in
                let sent = files.filter { $0.role == .image(type) }.map(\.path)
                return slot(
                    type.rawValue, sent: Self.ordered(sent), part: .text,
                    instead: "none in this language from this tree")
            }
            let folder = layout == .fastlane ? locale : "listings/" + locale
            return ListingDelivery.Locale(locale: locale, folder: display(folder), slots: slots)
        }
        // fdroidserver reads `metadata/<locale>/` at the repository's top as well as fastlane's folders.
        let name =
            layout == .gpp
            ? "F-Droid, Triple-T layout"
            : display("").split(separator: "/").last == "metadata"
                ? "F-Droid, metadata/<locale> layout" : "F-Droid, fastlane layout"
        return ListingDelivery(layout: name, details: [], locales: locales)
    }

    /// The F-Droid graphic a file is: an icon, feature graphic or TV banner as classified, or a promo graphic
    /// (`images/promoGraphic.png`, `graphics/promo-graphic/…`), which Play's uploaders skip and F-Droid shows.
    private static func fDroidImageName(of file: ListingFile, layout: ListingLayout) -> String? {
        if case .image(let type) = file.role, !type.isScreenshot { return type.rawValue }
        let parts = file.path.split(separator: "/").map(String.init)
        let name = FileName(parts.last ?? "")
        guard name.isUploadableImage else { return nil }
        switch layout {
        case .fastlane:
            return parts.count == 3 && parts[1] == "images" && name.stem == "promoGraphic" ? "promoGraphic" : nil
        case .gpp:
            return parts.count == 5 && parts[3] == "promo-graphic" ? "promoGraphic" : nil
        }
    }

    // MARK: shared

    /// A slot from the files sent (root-relative), or, with none, what the store gets instead: `skipped` when
    /// this upload does not send the part.
    private func slot(_ name: String, sent: [String], part: UploadedParts, instead: String) -> ListingDelivery.Slot {
        if !sent.isEmpty { return ListingDelivery.Slot(name: name, files: sent.map(display)) }
        let skips = options.store == .play && !options.uploads.contains(part)
        return ListingDelivery.Slot(name: name, files: [], instead: skips ? Self.skipped(part) : instead)
    }

    private static func skipped(_ part: UploadedParts) -> String {
        let option =
            switch part {
            case .changelogs: "skip_upload_changelogs"
            case .images: "skip_upload_images"
            case .screenshots: "skip_upload_screenshots"
            default: "skip_upload_metadata"
            }
        return "not sent: this upload sets \(option)"
    }

    /// The order supply, GPP and F-Droid send a folder's images in: sorted by the bytes of the name
    /// (`10.png` before `2.png`).
    static func ordered(_ paths: [String]) -> [String] {
        paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
