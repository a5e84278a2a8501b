/// The two metadata trees the uploaders read.
public enum ListingLayout: String, Sendable, Hashable, CaseIterable {
    /// fastlane supply: `metadata/android/<locale>/title.txt`, `changelogs/`, `images/`.
    case fastlane
    /// Gradle Play Publisher: `play/listings/<locale>/title.txt`, `graphics/`, `release-notes/`.
    case gpp
}

/// A text field of a listing.
enum TextField: Sendable, Hashable {
    case title
    case shortDescription
    case fullDescription
    case video
    /// Release notes for a fastlane version code or a GPP track (`default` for the fallback file).
    case releaseNotes(String)
    /// GPP release name for a track.
    case releaseName(String)
    case contactEmail
    case contactWebsite
    case contactPhone
    /// GPP `default-language.txt`.
    case defaultLanguage

    /// How messages name the field.
    var label: String {
        switch self {
        case .title: "title"
        case .shortDescription: "short description"
        case .fullDescription: "full description"
        case .video: "video URL"
        case .releaseNotes(let name): "release notes (\(name))"
        case .releaseName(let track): "release name (\(track))"
        case .contactEmail: "contact email"
        case .contactWebsite: "contact website"
        case .contactPhone: "contact phone"
        case .defaultLanguage: "default language"
        }
    }
}

/// The image types Play knows (androidpublisher v3 `AppImageType`).
enum ImageType: String, Sendable, Hashable, CaseIterable {
    case icon, featureGraphic, tvBanner
    case phoneScreenshots, sevenInchScreenshots, tenInchScreenshots, tvScreenshots, wearScreenshots

    var isScreenshot: Bool { ![.icon, .featureGraphic, .tvBanner].contains(self) }

    /// The GPP folder name under `graphics/`.
    var gppFolder: String {
        switch self {
        case .icon: "icon"
        case .featureGraphic: "feature-graphic"
        case .tvBanner: "tv-banner"
        case .phoneScreenshots: "phone-screenshots"
        case .sevenInchScreenshots: "tablet-screenshots"
        case .tenInchScreenshots: "large-tablet-screenshots"
        case .tvScreenshots: "tv-screenshots"
        case .wearScreenshots: "wear-screenshots"
        }
    }

    /// Words for messages.
    var label: String {
        switch self {
        case .icon: "icon"
        case .featureGraphic: "feature graphic"
        case .tvBanner: "TV banner"
        case .phoneScreenshots: "phone screenshot"
        case .sevenInchScreenshots: "7-inch tablet screenshot"
        case .tenInchScreenshots: "10-inch tablet screenshot"
        case .tvScreenshots: "TV screenshot"
        case .wearScreenshots: "Wear screenshot"
        }
    }
}

/// What one file of the tree is to the uploader.
enum ListingFileRole: Sendable, Hashable {
    case text(TextField)
    case image(ImageType)
    /// Not uploaded (misplaced, misnamed, unknown): the classifier has recorded what it is as a ``LayoutFact``.
    case ignored
}

/// One file of the listing tree, classified.
struct ListingFile: Sendable, Hashable {
    /// Relative to the listing root.
    var path: String
    /// The locale folder it belongs to, if any.
    var locale: String?
    var role: ListingFileRole
    /// Whether the store receives it: supply's `skip_upload_*` options, and changelogs of other versions, leave
    /// files behind that are still part of the tree.
    var isUploaded = true
}

/// A listing tree as the uploader sees it: its files by role and what its classifier saw in its shape.
struct ClassifiedListing: Sendable {
    var layout: ListingLayout
    /// Locale folder names as written (fastlane `<locale>/`, GPP `listings/<locale>/` and `release-notes/<locale>/`).
    var locales: [String]
    var files: [ListingFile]
    /// What the uploader skips, misreads or refuses in the tree's shape, for the layout entries.
    var facts: LayoutFacts

    /// Path of a locale's folder relative to the root (`de-DE` or `listings/de-DE`).
    func localeFolder(_ locale: String) -> String {
        layout == .fastlane ? locale : "listings/\(locale)"
    }

    /// The listing with only its first `limit` locale folders in name order (and the files outside locale
    /// folders), and the names of the folders left out (sorted), if any.
    func keepingLocaleFolders(_ limit: Int) -> (ClassifiedListing, beyondLimit: [String]?) {
        let names = Set(locales).sorted()
        guard names.count > limit else { return (self, nil) }
        let kept = Set(names.prefix(limit))
        var listing = self
        listing.locales = locales.filter(kept.contains)
        listing.files = files.filter { $0.locale.map(kept.contains) ?? true }
        let left = Set(names.dropFirst(limit))
        listing.facts = facts.keeping { path in
            let parts = path.split(separator: "/", maxSplits: 2).map(String.init)
            let locale = layout == .fastlane ? parts.first : parts.count > 1 ? parts[1] : nil
            return !(locale.map(left.contains) ?? false)
        }
        return (listing, Array(names.dropFirst(limit)))
    }
}
