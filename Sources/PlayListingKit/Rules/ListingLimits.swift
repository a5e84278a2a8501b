public import Diagnostics

/// Width and height in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(_ width: Int, _ height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// Every number the listing rules compare against, in one table (package names: `PackageNameLimits`).
///
/// Play changes its limits (the title went 30 → 50 → 30), so nothing in the rules hard-codes a number: a checker
/// takes a `ListingLimits` value, and a config file can start from ``play2026`` and override any field.
public struct ListingLimits: Sendable, Hashable {
    // Text, in Unicode scalar values
    public var titleMaxCharacters: SourcedLimit<Int>
    public var shortDescriptionMaxCharacters: SourcedLimit<Int>
    public var fullDescriptionMaxCharacters: SourcedLimit<Int>
    public var releaseNotesMaxCharacters: SourcedLimit<Int>
    public var releaseNameMaxCharacters: SourcedLimit<Int>
    /// Percent of a limit above which the default-language title or short description gets a warning.
    public var nearLimitPercent: SourcedLimit<Int>

    // Graphics
    public var iconSize: SourcedLimit<PixelSize>
    public var iconMaxBytes: SourcedLimit<Int>
    public var featureGraphicSize: SourcedLimit<PixelSize>
    public var featureGraphicMaxBytes: SourcedLimit<Int>
    public var tvBannerSize: SourcedLimit<PixelSize>
    public var screenshotMaxBytes: SourcedLimit<Int>
    /// Decimal reading of "8 MB"; above it a screenshot gets a warning.
    public var screenshotMaxBytesDecimal: SourcedLimit<Int>
    /// Side range for phone, 7-inch tablet, TV and Wear screenshots.
    public var screenshotSide: SourcedLimit<ClosedRange<Int>>
    /// Side range for 10-inch tablet screenshots.
    public var largeTabletSide: SourcedLimit<ClosedRange<Int>>
    /// Long side / short side that Play refuses above.
    public var screenshotMaxAspect: SourcedLimit<Double>
    /// Long side / short side documented as the maximum (warning above).
    public var screenshotDocumentedAspect: SourcedLimit<Double>
    public var wearMinSide: SourcedLimit<Int>
    public var screenshotsPerTypeMax: SourcedLimit<Int>
    public var phoneScreenshotsMin: SourcedLimit<Int>
    /// Screenshots with a short side of at least ``promotionMinShortSide`` needed for promotion.
    public var promotionScreenshotsMin: SourcedLimit<Int>
    public var promotionMinShortSide: SourcedLimit<Int>
    /// Recommended 7- and 10-inch tablet screenshot count.
    public var tabletScreenshotsRecommended: SourcedLimit<Int>
    /// Share of translucent pixels from which a graphic that Play asks to be opaque gets a warning (IMG007):
    /// below it, anti-aliased rounded corners; above it, a visibly transparent area.
    public var translucentShareMax: SourcedLimit<Double>

    // F-Droid, which cuts text at these lengths (fdroidserver `update.py`, `_set_localized_text_entry`)
    public var fDroidNameMaxCharacters: SourcedLimit<Int>
    public var fDroidSummaryMaxCharacters: SourcedLimit<Int>
    public var fDroidDescriptionMaxCharacters: SourcedLimit<Int>
    public var fDroidWhatsNewMaxCharacters: SourcedLimit<Int>

    /// The limits as of 2026, each with the document or message it is taken from.
    public static let play2026 = ListingLimits(
        titleMaxCharacters: .init(30, source: "Play API error (Catima#199); Google blog 2021-04", asOf: "2026-01"),
        shortDescriptionMaxCharacters: .init(80, source: "Play API error (Catima#199); GPP README", asOf: "2026-01"),
        fullDescriptionMaxCharacters: .init(4000, source: "GPP README; Play Console", asOf: "2026-01"),
        releaseNotesMaxCharacters: .init(
            500, source: "Play API error (keyman#5533, aw-android#219)", asOf: "2026-01"),
        releaseNameMaxCharacters: .init(50, source: "GPP README", asOf: "2026-01"),
        nearLimitPercent: .init(80, source: "practice: Element-x-android#579, Simplenote PR#930", asOf: "2026-01"),
        iconSize: .init(PixelSize(512, 512), source: "Play help 1078870; Console upload text", asOf: "2026-01"),
        iconMaxBytes: .init(1_048_576, source: "Play help 1078870 \"Maximum file size: 1024KB\"", asOf: "2026-01"),
        featureGraphicSize: .init(PixelSize(1024, 500), source: "Play help 1078870; Console text", asOf: "2026-01"),
        featureGraphicMaxBytes: .init(
            15 * 1_048_576, source: "Console text \"up to 15 MB\"; edits.images.upload cap", asOf: "2026-01"),
        tvBannerSize: .init(PixelSize(1280, 720), source: "Play help 1078870; GPP README", asOf: "2026-01"),
        screenshotMaxBytes: .init(8 * 1_048_576, source: "Console text \"up to 8 MB each\"", asOf: "2026-01"),
        screenshotMaxBytesDecimal: .init(
            8_000_000, source: "Console text \"8 MB\" read as decimal megabytes", asOf: "2026-01"),
        screenshotSide: .init(320...3840, source: "Console text; Play help; GPP README", asOf: "2026-01"),
        largeTabletSide: .init(1080...7680, source: "Console text (fossasia/magic-epaper-app#32)", asOf: "2026-01"),
        screenshotMaxAspect: .init(
            2.3, source: "Console message (MieuxVoter/majority-judgment-offline-urn-android#108)", asOf: "2025-06"),
        screenshotDocumentedAspect: .init(2.0, source: "Play help 9866151", asOf: "2026-01"),
        wearMinSide: .init(384, source: "Wear OS 3.0 blog, 2021-09", asOf: "2026-01"),
        screenshotsPerTypeMax: .init(8, source: "Play API error (GPP#944); GPP maxNum", asOf: "2026-01"),
        phoneScreenshotsMin: .init(2, source: "Play API tooFewScreenshots (GPP#560); Console text", asOf: "2026-01"),
        promotionScreenshotsMin: .init(4, source: "Play help 9866151", asOf: "2026-01"),
        promotionMinShortSide: .init(1080, source: "Play help 9866151", asOf: "2026-01"),
        tabletScreenshotsRecommended: .init(4, source: "Play help, large-screen guidance", asOf: "2026-01"),
        translucentShareMax: .init(
            0.01, source: "playprep: Element's screenshots (0.1% translucent corners) upload fine", asOf: "2026-11"),
        fDroidNameMaxCharacters: .init(50, source: "fdroidserver config char_limits.name", asOf: "2026-11"),
        fDroidSummaryMaxCharacters: .init(80, source: "fdroidserver config char_limits.summary", asOf: "2026-11"),
        fDroidDescriptionMaxCharacters: .init(
            4000, source: "fdroidserver config char_limits.description", asOf: "2026-11"),
        fDroidWhatsNewMaxCharacters: .init(500, source: "fdroidserver config char_limits.whatsNew", asOf: "2026-11")
    )
}
