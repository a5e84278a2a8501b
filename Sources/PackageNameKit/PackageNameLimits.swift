public import Diagnostics

/// The numbers and prefixes the package-name rules compare against, each with its source.
public struct PackageNameLimits: Sendable, Hashable {
    public var maxLength: SourcedLimit<Int>
    /// Prefixes Play refuses outright, compared segment by segment.
    public var reservedPrefixes: SourcedLimit<[String]>
    /// Prefixes of brands Play will not grant to a third party (a warning).
    public var brandPrefixes: SourcedLimit<[String]>

    public init(
        maxLength: SourcedLimit<Int>, reservedPrefixes: SourcedLimit<[String]>, brandPrefixes: SourcedLimit<[String]>
    ) {
        self.maxLength = maxLength
        self.reservedPrefixes = reservedPrefixes
        self.brandPrefixes = brandPrefixes
    }

    /// The limits as of 2026, each with the document or message it is taken from.
    public static let play2026 = PackageNameLimits(
        maxLength: .init(
            150, source: "Play upload error quoted in stackoverflow.com/questions/26935625", asOf: "2026-01"),
        reservedPrefixes: .init(
            ["com.example", "com.android", "android"],
            source: "Play upload errors: CosyDVR#10, androidjs#103, Plumber-Hub#24", asOf: "2026-01"),
        brandPrefixes: .init(
            ["com.google"], source: "cordova-plugin-inapppurchase#8; Play impersonation policy", asOf: "2026-01"))
}
