/// A listing tree Play receives, as `--since` compares it: its folder, its layout and the files below it then and
/// now (paths relative to the folder).
public struct ListingTreeFiles: Sendable {
    public enum Layout: Sendable {
        /// fastlane supply's `<locale>/images/featureGraphic.png`, `<locale>/images/phoneScreenshots/…`.
        case fastlane
        /// Gradle Play Publisher's `listings/<locale>/graphics/feature-graphic/…`, `…/phone-screenshots/…`.
        case gpp
    }

    /// The folder as reports name it (a path in the working tree).
    public var folder: String
    public var layout: Layout
    public var previous: [String]
    public var current: [String]

    public init(folder: String, layout: Layout, previous: [String], current: [String]) {
        self.folder = folder
        self.layout = layout
        self.previous = previous
        self.current = current
    }

    /// The parts of a listing whose absence Play does not notice: each locale, each screenshot set and each
    /// feature graphic, by the files present.
    static func parts(_ files: [String], layout: Layout) -> Set<ListingPart> {
        var parts = Set<ListingPart>()
        for file in files {
            let path = file.split(separator: "/").map(String.init)
            switch layout {
            case .fastlane:
                guard path.count >= 2 else { continue }
                let locale = path[0]
                parts.insert(.locale(locale))
                if path.count == 3, path[1] == "images", path[2].lowercased().hasPrefix("featuregraphic.") {
                    parts.insert(.featureGraphic(locale))
                } else if path.count == 4, path[1] == "images", path[2].hasSuffix("Screenshots") {
                    parts.insert(.screenshots(locale, path[2]))
                }
            case .gpp:
                guard path.count >= 3, path[0] == "listings" else { continue }
                let locale = path[1]
                parts.insert(.locale(locale))
                if path.count == 5, path[2] == "graphics", path[3] == "feature-graphic" {
                    parts.insert(.featureGraphic(locale))
                } else if path.count == 5, path[2] == "graphics", path[3].hasSuffix("-screenshots") {
                    parts.insert(.screenshots(locale, path[3]))
                }
            }
        }
        return parts
    }
}

/// One part of a store listing: a locale, a locale's screenshot set (by its folder), a locale's feature graphic.
enum ListingPart: Hashable, Comparable, CustomStringConvertible {
    case locale(String)
    case screenshots(String, String)
    case featureGraphic(String)

    var description: String {
        switch self {
        case .locale(let locale): "locale \(locale)"
        case .screenshots(let locale, let set): "\(locale) screenshot set \(set)"
        case .featureGraphic(let locale): "\(locale) feature graphic"
        }
    }

    /// The locale a part belongs to: a locale gone says all its parts are gone.
    var locale: String {
        switch self {
        case .locale(let locale), .screenshots(let locale, _), .featureGraphic(let locale): locale
        }
    }

    static func < (lhs: ListingPart, rhs: ListingPart) -> Bool { lhs.description < rhs.description }
}
