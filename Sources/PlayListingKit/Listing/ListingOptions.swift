/// Who reads a listing tree: what decides which rules apply to it.
public enum ListingStore: String, Sendable, Hashable, CaseIterable {
    /// Uploaded to Google Play by fastlane supply or Gradle Play Publisher: Play's limits, locales and graphics
    /// rules apply to what is uploaded.
    case play
    /// Read only by F-Droid (`fdroid update` reads fastlane trees and `metadata/<locale>/`): any locale name, no
    /// graphics rules, and text over F-Droid's own limits is cut (FDR001).
    case fdroid
}

/// The parts of a fastlane tree supply uploads; its `skip_upload_*` options leave parts out.
public struct UploadedParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Title, descriptions and video (`skip_upload_metadata`).
    public static let text = UploadedParts(rawValue: 1)
    /// `changelogs/` (`skip_upload_changelogs`).
    public static let changelogs = UploadedParts(rawValue: 2)
    /// Icon, feature graphic, TV banner (`skip_upload_images`).
    public static let images = UploadedParts(rawValue: 4)
    /// Screenshot folders (`skip_upload_screenshots`).
    public static let screenshots = UploadedParts(rawValue: 8)

    public static let all: UploadedParts = [.text, .changelogs, .images, .screenshots]
}

/// What the caller knows about the listing beyond its files.
public struct ListingOptions: Sendable, Hashable {
    /// The layout to read; `nil` detects it.
    public var layout: ListingLayout?
    /// Who reads the tree.
    public var store: ListingStore
    /// What supply uploads from a fastlane tree that goes to Play (GPP uploads everything).
    public var uploads: UploadedParts
    /// The default language of a fastlane tree (GPP reads `default-language.txt`); `en-US` when `nil`.
    public var defaultLanguage: String?
    /// The version codes being released (an app and its Wear build can go out together): the changelog of each
    /// (`changelogs/<versionCode>.txt`, else `default.txt`) is uploaded and checked. Empty: only `default.txt`.
    public var versionCodes: [Int]
    /// The first of ``versionCodes``; setting it makes it the only one.
    public var versionCode: Int? {
        get { versionCodes.first }
        set { versionCodes = newValue.map { [$0] } ?? [] }
    }
    /// Whether the user named the version being released (`--version-code`, `listing.versionCode`): then missing
    /// release notes for it are reported (CON002). A version code read from the build only picks the changelog.
    public var requiresReleaseNotes: Bool
    /// Check every changelog, not only the one uploaded for the version being released.
    public var checksAllChangelogs: Bool
    /// The folder checked is where the uploader starts (supply's `metadata_path`): its subfolders are the
    /// locales whatever they hold, as supply sends them, rather than a listing found further down.
    public var rootIsExact = false

    public init(
        layout: ListingLayout? = nil, store: ListingStore = .play, uploads: UploadedParts = .all,
        defaultLanguage: String? = nil, versionCode: Int? = nil, requiresReleaseNotes: Bool? = nil,
        checksAllChangelogs: Bool = false
    ) {
        self.layout = layout
        self.store = store
        self.uploads = uploads
        self.defaultLanguage = defaultLanguage
        self.versionCodes = versionCode.map { [$0] } ?? []
        self.requiresReleaseNotes = requiresReleaseNotes ?? (versionCode != nil)
        self.checksAllChangelogs = checksAllChangelogs
    }
}
