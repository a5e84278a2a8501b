/// What the caller knows about the listing beyond its files.
public struct ListingOptions: Sendable, Hashable {
    /// The layout to read; `nil` detects it.
    public var layout: ListingLayout?
    /// The default language of a fastlane tree (GPP reads `default-language.txt`); `en-US` when `nil`.
    public var defaultLanguage: String?
    /// The version code being released, to check that its release notes exist (CON002).
    public var versionCode: Int?

    public init(layout: ListingLayout? = nil, defaultLanguage: String? = nil, versionCode: Int? = nil) {
        self.layout = layout
        self.defaultLanguage = defaultLanguage
        self.versionCode = versionCode
    }
}
