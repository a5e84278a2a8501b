public import Diagnostics

/// The graphic-asset rules IMG001–IMG022 with examples.
public enum ImageRules {
    /// The limits the summaries quote, so they cannot drift from what the checker enforces.
    private static let limits = ListingLimits.play2026

    static let screenshot = "en-US/images/phoneScreenshots/1.png"

    public static let decodable = Rule(
        "IMG001", "image-not-png-or-jpeg", .error,
        "Every image is a readable PNG or JPEG by content, whatever its extension.",
        why: "Play refuses an image it cannot decode.",
        examples: ListingExample.self, passing: [.fastlane("PNG and JPEG")],
        failing: [
            .fastlane("text named .png", ["en-US/images/icon.png": .text("not an image")]),
            .fastlane(
                "truncated PNG",
                ["en-US/images/icon.png": .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])]),
            .fastlane("WebP named .png", [screenshot: .bytes(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))]),
        ])

    public static let iconSize = Rule(
        "IMG002", "icon-size", .error, "The icon is exactly \(limits.iconSize.value) pixels.",
        why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("512x512")],
        failing: [.fastlane("500x500", ["en-US/images/icon.png": .png(500, 500, .rgba)])])

    public static let iconFileSize = Rule(
        "IMG003", "icon-file-size", .error, "The icon file is at most \(limits.iconMaxBytes.value / 1024) KB.",
        why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("small icon")],
        failing: [.fastlane("1 MB + 1 byte", ["en-US/images/icon.png": .png(512, 512, .rgba, padding: 1_048_577)])])

    public static let iconFormat = Rule(
        "IMG004", "icon-not-32-bit-png", .warning,
        "Opt-in: the icon is a 32-bit PNG (8-bit RGBA), as the Play icon spec asks (Play accepts others).",
        why: "Play accepts other PNG types; opt-in advice.", optIn: true,
        examples: ListingExample.self, passing: [.fastlane("RGBA icon")],
        failing: [
            .fastlane("JPEG icon", ["en-US/images/icon.png": nil, "en-US/images/icon.jpg": .jpeg(512, 512)]),
            .fastlane("palette icon", ["en-US/images/icon.png": .png(512, 512, .palette)]),
        ])

    public static let featureGraphicSize = Rule(
        "IMG005", "feature-graphic-size", .error,
        "The feature graphic is exactly \(limits.featureGraphicSize.value) pixels.", why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("1024x500")],
        failing: [.fastlane("512x250 (F-Droid size)", ["en-US/images/featureGraphic.png": .png(512, 250)])])

    public static let featureGraphicFileSize = Rule(
        "IMG006", "feature-graphic-file-size", .error,
        "The feature graphic file is at most \(limits.featureGraphicMaxBytes.value / 1_048_576) MB.",
        why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("small")],
        failing: [
            .fastlane(
                "15 MB + 1 byte", ["en-US/images/featureGraphic.png": .png(1024, 500, padding: 15 * 1_048_576 + 1)])
        ])

    public static let noAlpha = Rule(
        "IMG007", "alpha-not-allowed", .warning,
        "Wear screenshots have no alpha channel; other graphics Play asks to be opaque are not visibly transparent "
            + "(a note).",
        why: "Wear: the watch frame shows the transparency; elsewhere it is often a deliberate device frame, so a "
            + "note. No refusal is documented (home-assistant uploads RGBA Wear screenshots).",
        examples: ListingExample.self,
        passing: [
            .fastlane("RGB and JPEG"), .gpp("palette feature graphic"),
            .fastlane("opaque RGBA feature graphic", ["en-US/images/featureGraphic.png": .opaqueRGBA(1024, 500)]),
        ],
        failing: [
            .fastlane("RGBA Wear screenshot", ["en-US/images/wearScreenshots/1.png": .png(454, 454, .rgba)]),
            .fastlane(
                "Wear screenshot with tRNS",
                ["en-US/images/wearScreenshots/1.png": .png(454, 454, .rgb, transparency: true)]),
            .fastlane("transparent feature graphic", ["en-US/images/featureGraphic.png": .transparentRGBA(1024, 500)]),
        ])

    public static let tvBannerSize = Rule(
        "IMG008", "tv-banner-size", .error, "The TV banner is exactly \(limits.tvBannerSize.value) pixels.",
        why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("1280x720", ["en-US/images/tvBanner.png": .png(1280, 720)])],
        failing: [.fastlane("1280x700", ["en-US/images/tvBanner.png": .png(1280, 700)])])

    public static let screenshotFileSize = Rule(
        "IMG009", "screenshot-file-size", .error,
        "Each screenshot file is at most \(limits.screenshotMaxBytes.value / 1_048_576) MB (warning above "
            + "\(grouped(limits.screenshotMaxBytesDecimal.value)) bytes).", why: "Play refuses files over 8 MB.",
        examples: ListingExample.self, passing: [.fastlane("small")],
        failing: [
            .fastlane("8 MiB + 1 byte", [screenshot: .png(1080, 1920, padding: 8 * 1_048_576 + 1)]),
            .fastlane("8,000,001 bytes", [screenshot: .png(1080, 1920, padding: 8_000_001)]),
        ])

    public static let screenshotSides = Rule(
        "IMG010", "screenshot-side", .error,
        "Phone, 7-inch tablet, TV and Wear screenshot sides are \(sides(limits.screenshotSide.value)) pixels.",
        why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("1080x1920")],
        failing: [
            .fastlane("too small", [screenshot: .png(300, 600)]),
            .fastlane("too large", [screenshot: .png(2160, 3841)]),
        ])

    public static let largeTabletSides = Rule(
        "IMG011", "large-tablet-screenshot-side", .error,
        "10-inch tablet screenshot sides are \(sides(limits.largeTabletSide.value)) pixels.",
        why: "Play refuses the upload.",
        examples: ListingExample.self,
        passing: [.fastlane("1600x2560", ["en-US/images/tenInchScreenshots/1.png": .png(1600, 2560)])],
        failing: [.fastlane("800x1280", ["en-US/images/tenInchScreenshots/1.png": .png(800, 1280)])])

    public static let maxAspect = Rule(
        "IMG012", "screenshot-aspect", .error,
        "A screenshot's long side is at most \(limits.screenshotMaxAspect.value) times its short side.",
        why: "Play refuses the upload (\"Screenshot aspect ratio can't exceed 2.30:1\").",
        examples: ListingExample.self, passing: [.fastlane("2.3:1 exactly", [screenshot: .png(736, 320)])],
        failing: [.fastlane("2.5:1", [screenshot: .png(320, 800)])])

    public static let documentedAspect = Rule(
        "IMG013", "screenshot-aspect-documented", .note,
        "Opt-in: a screenshot's long side is at most twice its short side, as Play's help documents.",
        why: "Play documents 2:1 but accepts up to 2.3:1 (IMG012 enforces that), so this is advice; opt-in.",
        optIn: true, examples: ListingExample.self, passing: [.fastlane("16:9")],
        failing: [.fastlane("1080x2340", [screenshot: .png(1080, 2340)])])

    public static let wearShape = Rule(
        "IMG014", "wear-screenshot-shape", .error,
        "Wear screenshots are square and at least \(limits.wearMinSide.value)x\(limits.wearMinSide.value).",
        why: "Play refuses the upload.",
        examples: ListingExample.self,
        passing: [.fastlane("454x454", ["en-US/images/wearScreenshots/1.png": .png(454, 454)])],
        failing: [
            .fastlane("not square", ["en-US/images/wearScreenshots/1.png": .png(400, 500)]),
            .fastlane("too small", ["en-US/images/wearScreenshots/1.png": .png(320, 320)]),
        ])

    public static let count = Rule(
        "IMG015", "image-count", .error,
        "At most \(limits.screenshotsPerTypeMax.value) screenshots per type and one icon, feature graphic and TV banner "
            + "per locale.", why: "Play refuses the upload.",
        examples: ListingExample.self, passing: [.fastlane("4 screenshots")],
        failing: [
            .fastlane(
                "9 screenshots",
                Dictionary(
                    uniqueKeysWithValues: (1...9).map {
                        ("en-US/images/phoneScreenshots/s\($0).png", Optional(ExampleFile.png(1080, 1920, padding: $0)))
                    })),
            .gpp("two icons", ["listings/en-US/graphics/icon/2.png": .png(512, 512, .rgba, padding: 1)]),
        ])

    public static let tooFewPhoneScreenshots = Rule(
        "IMG016", "too-few-phone-screenshots", .error,
        "A locale that uploads phone screenshots uploads at least \(limits.phoneScreenshotsMin.value) (one alone "
            + "replaces Play's set and is refused).", why: "Play refuses a phone screenshot set of one.",
        examples: ListingExample.self, passing: [.fastlane("4 screenshots")],
        failing: [
            .fastlane(
                "1 screenshot",
                [
                    "en-US/images/phoneScreenshots/2.png": nil, "en-US/images/phoneScreenshots/3.jpg": nil,
                    "en-US/images/phoneScreenshots/4.png": nil,
                ])
        ])

    public static let promotion = Rule(
        "IMG017", "promotion-screenshots", .warning,
        "Opt-in: at least \(limits.promotionScreenshotsMin.value) phone screenshots are 9:16 or 16:9 with a short side "
            + "of \(limits.promotionMinShortSide.value) or more (needed for promotion).",
        why: "Needed only for promotion in Play's curated surfaces; opt-in.",
        optIn: true,
        examples: ListingExample.self, passing: [.fastlane("4 at 1080x1920")],
        failing: [.fastlane("720p screenshots", [screenshot: .png(720, 1280)])])

    public static let tablets = Rule(
        "IMG018", "tablet-screenshots", .warning,
        "Opt-in: tablet screenshot sets have \(limits.tabletScreenshotsRecommended.value) or more 16:9 shots with "
            + "sides of \(sides(limits.largeTabletSide.value)).",
        why: "Needed only for promotion in Play's curated surfaces; opt-in.", optIn: true,
        examples: ListingExample.self, passing: [.fastlane("no tablet set")],
        failing: [.fastlane("one 7-inch shot", ["en-US/images/sevenInchScreenshots/1.png": .png(1200, 1920)])])

    public static let tvShape = Rule(
        "IMG019", "tv-screenshot-shape", .warning, "TV screenshots are 16:9 landscape.",
        why: "Users and TV reviewers see letterboxed or cropped screenshots.",
        examples: ListingExample.self,
        passing: [.fastlane("1920x1080", ["en-US/images/tvScreenshots/1.png": .png(1920, 1080)])],
        failing: [.fastlane("1280x1024", ["en-US/images/tvScreenshots/1.png": .png(1280, 1024)])])

    public static let requiredGraphics = Rule(
        "IMG020", "required-graphics-missing", .warning,
        "Opt-in: the default language has an icon and a feature graphic (required to publish; a missing file keeps the one on Play).",
        why: "A missing file keeps what Play has; opt-in.",
        optIn: true,
        examples: ListingExample.self, passing: [.fastlane("both present")],
        failing: [.fastlane("no feature graphic", ["en-US/images/featureGraphic.png": nil])])

    public static let colourSpace = Rule(
        "IMG021", "image-colour-depth", .warning, "Images are 8-bit sRGB: no 16-bit PNG, no CMYK JPEG.",
        why: "Users may see wrong colours where the store converts the image.",
        examples: ListingExample.self, passing: [.fastlane("8-bit")],
        failing: [
            .fastlane("16-bit PNG", [screenshot: .png(1080, 1920, bitDepth: 16)]),
            .fastlane(
                "CMYK JPEG",
                [
                    "en-US/images/featureGraphic.png": nil,
                    "en-US/images/featureGraphic.jpg": .jpeg(1024, 500, components: 4),
                ]),
        ])

    public static let duplicates = Rule(
        "IMG022", "duplicate-image", .note, "Opt-in: no image is uploaded twice in one locale.",
        why: "A duplicate is harmless on the listing; opt-in tidiness.", optIn: true,
        examples: ListingExample.self, passing: [.fastlane("distinct screenshots")],
        failing: [.fastlane("same screenshot twice", ["en-US/images/phoneScreenshots/5.png": .png(1080, 1920)])])

    /// Every image rule, in id order.
    public static let all: [Rule] = [
        decodable, iconSize, iconFileSize, iconFormat, featureGraphicSize, featureGraphicFileSize, noAlpha,
        tvBannerSize,
        screenshotFileSize, screenshotSides, largeTabletSides, maxAspect, documentedAspect, wearShape, count,
        tooFewPhoneScreenshots, promotion, tablets, tvShape, requiredGraphics, colourSpace, duplicates,
    ]

    /// `8,000,000`.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        return String(
            digits.enumerated().flatMap { index, digit in
                index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
            })
    }

    /// `320 to 3840`.
    private static func sides(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound) to \(range.upperBound)" }
}
