import Diagnostics

/// The graphic-asset rules IMG001–IMG023, each one entry with its examples and its check: on one image
/// (``ListingImage``) or on the tree's image sets (``ListingTree``).
enum ImageRules {
    /// The limits the summaries quote, so they cannot drift from what the checker enforces.
    private static let limits = ListingLimits.play2026

    static let screenshot = "en-US/images/phoneScreenshots/1.png"

    static let decodable = ListingImageRule(
        Rule(
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
    ) { image, finding in
        guard case .failure(let error) = image.header else { return [] }
        return [
            finding(
                "\(error); Play accepts only PNG and JPEG", hint: "re-export the \(image.type.label) as PNG or JPEG")
        ]
    }

    static let iconSize = ListingImageRule(
        Rule(
            "IMG002", "icon-size", .error, "The icon is exactly \(limits.iconSize.value) pixels.",
            why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("512x512")],
            failing: [.fastlane("500x500", ["en-US/images/icon.png": .png(500, 500, .rgba)])])
    ) { image, finding in
        image.type == .icon ? exactSize(image, image.limits.iconSize.value, finding) : []
    }

    static let iconFileSize = ListingImageRule(
        Rule(
            "IMG003", "icon-file-size", .error, "The icon file is at most \(limits.iconMaxBytes.value / 1024) KB.",
            why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("small icon")],
            failing: [.fastlane("1 MB + 1 byte", ["en-US/images/icon.png": .png(512, 512, .rgba, padding: 1_048_577)])])
    ) { image, finding in
        image.type == .icon ? fileSize(image, image.limits.iconMaxBytes.value, finding) : []
    }

    static let iconFormat = ListingImageRule(
        Rule(
            "IMG004", "icon-not-32-bit-png", .warning,
            "Opt-in: the icon is a 32-bit PNG (8-bit RGBA), as the Play icon spec asks (Play accepts others).",
            why: "Play accepts other PNG types (but an indexed icon with tRNS: IMG023); opt-in advice.", optIn: true,
            examples: ListingExample.self, passing: [.fastlane("RGBA icon")],
            failing: [
                .fastlane("JPEG icon", ["en-US/images/icon.png": nil, "en-US/images/icon.jpg": .jpeg(512, 512)]),
                .fastlane("palette icon", ["en-US/images/icon.png": .png(512, 512, .palette)]),
            ])
    ) { image, finding in
        guard image.type == .icon, let info = image.info, !info.isThirtyTwoBitPNG, !info.isPaletteWithTransparency
        else { return [] }
        let what = info.png.map { "\($0.bitDepth)-bit \($0.colorType) PNG" } ?? "JPEG"
        return [
            finding(
                "icon is a \(what); the Play icon spec asks for a 32-bit PNG (8-bit RGBA)",
                hint: "export the icon as 32-bit PNG")
        ]
    }

    static let featureGraphicSize = ListingImageRule(
        Rule(
            "IMG005", "feature-graphic-size", .error,
            "The feature graphic is exactly \(limits.featureGraphicSize.value) pixels.",
            why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("1024x500")],
            failing: [.fastlane("512x250 (F-Droid size)", ["en-US/images/featureGraphic.png": .png(512, 250)])])
    ) { image, finding in
        image.type == .featureGraphic ? exactSize(image, image.limits.featureGraphicSize.value, finding) : []
    }

    static let featureGraphicFileSize = ListingImageRule(
        Rule(
            "IMG006", "feature-graphic-file-size", .error,
            "The feature graphic file is at most \(limits.featureGraphicMaxBytes.value / 1_048_576) MB.",
            why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("small")],
            failing: [
                .fastlane(
                    "15 MB + 1 byte", ["en-US/images/featureGraphic.png": .png(1024, 500, padding: 15 * 1_048_576 + 1)])
            ])
    ) { image, finding in
        [.featureGraphic, .tvBanner].contains(image.type)
            ? fileSize(image, image.limits.featureGraphicMaxBytes.value, finding) : []
    }

    static let noAlpha = ListingImageRule(
        Rule(
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
                .fastlane(
                    "transparent feature graphic", ["en-US/images/featureGraphic.png": .transparentRGBA(1024, 500)]),
            ])
    ) { image, finding in
        let type = image.type
        guard type != .icon, image.info?.hasAlpha == true else { return [] }
        if type == .wearScreenshots {
            return [
                finding(
                    "Wear screenshot has an alpha channel; Play asks for Wear screenshots without transparency",
                    hint: "save it as 24-bit PNG or JPEG, without alpha")
            ]
        }
        guard let share = image.translucentShare(), share >= image.limits.translucentShareMax.value else { return [] }
        return [
            finding(
                severity: .note,
                "\(Int((share * 100).rounded(.up)))% of the \(type.label) is transparent; Play asks for JPEG or 24-bit PNG "
                    + "and shows transparent areas on a background of its choosing",
                hint: "flatten it onto the background you want and save without alpha",
                cause: Cause(
                    key: "\(type.rawValue) transparent", subjects: type.label + "s",
                    statement: "are partly transparent (1% or more); Play asks for JPEG or 24-bit PNG and shows "
                        + "transparent areas on a background of its choosing"))
        ]
    }

    static let tvBannerSize = ListingImageRule(
        Rule(
            "IMG008", "tv-banner-size", .error, "The TV banner is exactly \(limits.tvBannerSize.value) pixels.",
            why: "Play refuses the upload.",
            examples: ListingExample.self,
            passing: [.fastlane("1280x720", ["en-US/images/tvBanner.png": .png(1280, 720)])],
            failing: [.fastlane("1280x700", ["en-US/images/tvBanner.png": .png(1280, 700)])])
    ) { image, finding in
        image.type == .tvBanner ? exactSize(image, image.limits.tvBannerSize.value, finding) : []
    }

    static let screenshotFileSize = ListingImageRule(
        Rule(
            "IMG009", "screenshot-file-size", .error,
            "Each screenshot file is at most \(limits.screenshotMaxBytes.value / 1_048_576) MB (warning above "
                + "\(grouped(limits.screenshotMaxBytesDecimal.value)) bytes).", why: "Play refuses files over 8 MB.",
            examples: ListingExample.self, passing: [.fastlane("small")],
            failing: [
                .fastlane("8 MiB + 1 byte", [screenshot: .png(1080, 1920, padding: 8 * 1_048_576 + 1)]),
                .fastlane("8,000,001 bytes", [screenshot: .png(1080, 1920, padding: 8_000_001)]),
            ])
    ) { image, finding in
        image.type.isScreenshot ? fileSize(image, image.limits.screenshotMaxBytes.value, finding) : []
    }

    static let screenshotSides = ListingImageRule(
        Rule(
            "IMG010", "screenshot-side", .error,
            "Phone, 7-inch tablet, TV and Wear screenshot sides are \(sides(limits.screenshotSide.value)) pixels.",
            why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("1080x1920")],
            failing: [
                .fastlane("too small", [screenshot: .png(300, 600)]),
                .fastlane("too large", [screenshot: .png(2160, 3841)]),
            ])
    ) { image, finding in
        guard image.type.isScreenshot, image.type != .tenInchScreenshots else { return [] }
        return sides(image, image.limits.screenshotSide.value, finding)
    }

    static let largeTabletSides = ListingImageRule(
        Rule(
            "IMG011", "large-tablet-screenshot-side", .error,
            "10-inch tablet screenshot sides are \(sides(limits.largeTabletSide.value)) pixels.",
            why: "Play refuses the upload.",
            examples: ListingExample.self,
            passing: [.fastlane("1600x2560", ["en-US/images/tenInchScreenshots/1.png": .png(1600, 2560)])],
            failing: [.fastlane("800x1280", ["en-US/images/tenInchScreenshots/1.png": .png(800, 1280)])])
    ) { image, finding in
        image.type == .tenInchScreenshots ? sides(image, image.limits.largeTabletSide.value, finding) : []
    }

    static let maxAspect = ListingImageRule(
        Rule(
            "IMG012", "screenshot-aspect", .error,
            "A screenshot's long side is at most \(limits.screenshotMaxAspect.value) times its short side.",
            why: "Play refuses the upload (\"Screenshot aspect ratio can't exceed 2.30:1\").",
            examples: ListingExample.self, passing: [.fastlane("2.3:1 exactly", [screenshot: .png(736, 320)])],
            failing: [.fastlane("2.5:1", [screenshot: .png(320, 800)])])
    ) { image, finding in
        let maximum = image.limits.screenshotMaxAspect.value
        guard image.type.isScreenshot, let info = image.info, let aspect = aspect(info), aspect > maximum else {
            return []
        }
        return [
            screenshotFinding(
                finding, image.type, info,
                "\(info.size), \(format(aspect)):1; Play refuses more than \(format(maximum)):1", hint: "crop it")
        ]
    }

    static let documentedAspect = ListingImageRule(
        Rule(
            "IMG013", "screenshot-aspect-documented", .note,
            "Opt-in: a screenshot's long side is at most twice its short side, as Play's help documents.",
            why: "Play documents 2:1 but accepts up to 2.3:1 (IMG012 enforces that), so this is advice; opt-in.",
            optIn: true, examples: ListingExample.self, passing: [.fastlane("16:9")],
            failing: [.fastlane("1080x2340", [screenshot: .png(1080, 2340)])])
    ) { image, finding in
        let documented = image.limits.screenshotDocumentedAspect.value
        guard image.type.isScreenshot, let info = image.info, let aspect = aspect(info), aspect > documented,
            aspect <= image.limits.screenshotMaxAspect.value
        else { return [] }
        return [
            screenshotFinding(
                finding, image.type, info,
                "\(info.size), \(format(aspect)):1; Play documents at most \(format(documented)):1",
                hint: "accepted today; crop to 16:9 for promotion")
        ]
    }

    static let wearShape = ListingImageRule(
        Rule(
            "IMG014", "wear-screenshot-shape", .error,
            "Wear screenshots are square and at least \(limits.wearMinSide.value)x\(limits.wearMinSide.value).",
            why: "Play refuses the upload.",
            examples: ListingExample.self,
            passing: [.fastlane("454x454", ["en-US/images/wearScreenshots/1.png": .png(454, 454)])],
            failing: [
                .fastlane("not square", ["en-US/images/wearScreenshots/1.png": .png(400, 500)]),
                .fastlane("too small", ["en-US/images/wearScreenshots/1.png": .png(320, 320)]),
            ])
    ) { image, finding in
        let side = image.limits.wearMinSide.value
        guard image.type == .wearScreenshots, let info = image.info,
            info.width != info.height || min(info.width, info.height) < side
        else { return [] }
        return [
            screenshotFinding(
                finding, image.type, info, "\(info.size); it must be square and at least \(side)x\(side)",
                hint: "capture the watch UI square, without a device frame")
        ]
    }

    static let count = ListingTreeRule(
        Rule(
            "IMG015", "image-count", .error,
            "At most \(limits.screenshotsPerTypeMax.value) screenshots per type and one icon, feature graphic and TV banner "
                + "per locale.", why: "Play refuses the upload.",
            examples: ListingExample.self, passing: [.fastlane("4 screenshots")],
            failing: [
                .fastlane(
                    "9 screenshots",
                    Dictionary(
                        uniqueKeysWithValues: (1...9).map {
                            (
                                "en-US/images/phoneScreenshots/s\($0).png",
                                Optional(ExampleFile.png(1080, 1920, padding: $0))
                            )
                        })),
                .gpp("two icons", ["listings/en-US/graphics/icon/2.png": .png(512, 512, .rgba, padding: 1)]),
            ])
    ) { tree, finding in
        guard tree.uploadsImages else { return [] }
        return tree.sentLocales.flatMap { locale in
            tree.imageCounts(of: locale).sorted(by: { $0.key.rawValue < $1.key.rawValue }).compactMap { type, count in
                let maximum = type.isScreenshot ? tree.limits.screenshotsPerTypeMax.value : 1
                guard count > maximum, type.isScreenshot || tree.classified.layout == .gpp else { return nil }
                return TreeFinding(
                    tree.folder(of: locale),
                    finding(
                        "\(count) \(type.label)s in \(locale); Play takes at most \(maximum)",
                        hint: "remove \(count - maximum)"))
            }
        }
    }

    static let tooFewPhoneScreenshots = ListingTreeRule(
        Rule(
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
    ) { tree, finding in
        guard tree.uploadsImages else { return [] }
        return tree.sentLocales.filter { tree.imageCounts(of: $0)[.phoneScreenshots] == 1 }.map { locale in
            TreeFinding(
                tree.folder(of: locale),
                finding(
                    "1 phone screenshot in \(locale): supply and GPP replace Play's set with it, and Play needs at least "
                        + "\(tree.limits.phoneScreenshotsMin.value) ('This app has too few screenshots')",
                    hint: "add phone screenshots"))
        }
    }

    static let promotion = ListingTreeRule(
        Rule(
            "IMG017", "promotion-screenshots", .warning,
            "Opt-in: at least \(limits.promotionScreenshotsMin.value) phone screenshots are 9:16 or 16:9 with a short side "
                + "of \(limits.promotionMinShortSide.value) or more (needed for promotion).",
            why: "Needed only for promotion in Play's curated surfaces; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("4 at 1080x1920")],
            failing: [.fastlane("720p screenshots", [screenshot: .png(720, 1280)])])
    ) { tree, finding in
        guard tree.uploadsImages else { return [] }
        let limits = tree.limits
        return tree.sentLocales.compactMap { locale in
            guard let shots = tree.images(of: locale)[.phoneScreenshots] else { return nil }
            let promotable = shots.count {
                min($0.image.info.width, $0.image.info.height) >= limits.promotionMinShortSide.value
                    && $0.image.info.isSixteenByNine
            }
            guard promotable < limits.promotionScreenshotsMin.value else { return nil }
            return TreeFinding(
                tree.folder(of: locale),
                finding(
                    "\(promotable) of \(shots.count) phone screenshots in \(locale) are 9:16 or 16:9 at 1080 px or more; promotion needs \(limits.promotionScreenshotsMin.value)",
                    hint: "add 1080x1920 screenshots"))
        }
    }

    static let tablets = ListingTreeRule(
        Rule(
            "IMG018", "tablet-screenshots", .warning,
            "Opt-in: tablet screenshot sets have \(limits.tabletScreenshotsRecommended.value) or more 16:9 shots with "
                + "sides of \(sides(limits.largeTabletSide.value)).",
            why: "Needed only for promotion in Play's curated surfaces; opt-in.", optIn: true,
            examples: ListingExample.self, passing: [.fastlane("no tablet set")],
            failing: [.fastlane("one 7-inch shot", ["en-US/images/sevenInchScreenshots/1.png": .png(1200, 1920)])])
    ) { tree, finding in
        guard tree.uploadsImages else { return [] }
        let limits = tree.limits
        return tree.sentLocales.flatMap { locale in
            [ImageType.sevenInchScreenshots, .tenInchScreenshots].compactMap { type in
                guard let shots = tree.images(of: locale)[type] else { return nil }
                let good = shots.count {
                    $0.image.info.isSixteenByNine
                        && limits.largeTabletSide.value.contains(min($0.image.info.width, $0.image.info.height))
                }
                guard shots.count < limits.tabletScreenshotsRecommended.value || good < shots.count else { return nil }
                return TreeFinding(
                    tree.folder(of: locale),
                    finding(
                        "\(shots.count) \(type.label)s in \(locale), \(good) of them 16:9 with sides of 1080 to 7680; Play recommends \(limits.tabletScreenshotsRecommended.value)"
                    ))
            }
        }
    }

    static let tvShape = ListingImageRule(
        Rule(
            "IMG019", "tv-screenshot-shape", .warning, "TV screenshots are 16:9 landscape.",
            why: "Users and TV reviewers see letterboxed or cropped screenshots.",
            examples: ListingExample.self,
            passing: [.fastlane("1920x1080", ["en-US/images/tvScreenshots/1.png": .png(1920, 1080)])],
            failing: [.fastlane("1280x1024", ["en-US/images/tvScreenshots/1.png": .png(1280, 1024)])])
    ) { image, finding in
        guard image.type == .tvScreenshots, let info = image.info, !(info.width > info.height && info.isSixteenByNine)
        else { return [] }
        return [screenshotFinding(finding, image.type, info, "\(info.size), not 16:9 landscape", hint: "use 1920x1080")]
    }

    static let requiredGraphics = ListingTreeRule(
        Rule(
            "IMG020", "required-graphics-missing", .warning,
            "Opt-in: the default language has an icon and a feature graphic (required to publish; a missing file keeps the one on Play).",
            why: "A missing file keeps what Play has; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("both present")],
            failing: [.fastlane("no feature graphic", ["en-US/images/featureGraphic.png": nil])])
    ) { tree, finding in
        let locale = tree.defaultLanguage
        guard tree.uploadsImages, tree.sentLocales.contains(locale) else { return [] }
        let counts = tree.imageCounts(of: locale)
        return [ImageType.icon, .featureGraphic].filter { counts[$0] == nil }.map { type in
            TreeFinding(
                tree.folder(of: locale),
                finding(
                    "no \(type.label) in the default language \(locale); Play requires one to publish (a missing file keeps the one on Play)"
                ))
        }
    }

    static let colourSpace = ListingImageRule(
        Rule(
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
    ) { image, finding in
        guard let info = image.info, info.png?.bitDepth == 16 || info.jpegComponents == 4 else { return [] }
        return [
            finding(
                info.jpegComponents == 4
                    ? "CMYK JPEG: Play expects sRGB and may refuse or miscolour it"
                    : "16-bit PNG: Play re-encodes it to 8 bits",
                hint: "export as 8-bit sRGB")
        ]
    }

    static let duplicates = ListingTreeRule(
        Rule(
            "IMG022", "duplicate-image", .note, "Opt-in: no image is uploaded twice in one locale.",
            why: "A duplicate is harmless on the listing; opt-in tidiness.", optIn: true,
            examples: ListingExample.self, passing: [.fastlane("distinct screenshots")],
            failing: [.fastlane("same screenshot twice", ["en-US/images/phoneScreenshots/5.png": .png(1080, 1920)])])
    ) { tree, finding in
        guard tree.uploadsImages else { return [] }
        var findings: [TreeFinding] = []
        for locale in tree.sentLocales {
            var seen: [[Int]: String] = [:]
            for (_, shots) in tree.images(of: locale).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                for shot in shots {
                    if let first = seen[shot.image.digest] {
                        findings.append(
                            TreeFinding(shot.path, finding("same image as \(first)", hint: "remove the copy")))
                    } else {
                        seen[shot.image.digest] = shot.path
                    }
                }
            }
        }
        return findings
    }

    static let iconPaletteTransparency = ListingImageRule(
        Rule(
            "IMG023", "icon-palette-transparency", .error,
            "The icon is not an indexed-colour PNG with a transparency (tRNS) chunk.",
            why: "Play refused such an icon with \"invalidIconImage: Invalid icon image\" (status-react, 2020), "
                + "while it accepted the same icon indexed and opaque; IMG004 (opt-in) asks for 32-bit RGBA.",
            examples: ListingExample.self,
            passing: [
                .fastlane("RGBA icon"),
                .fastlane("opaque palette icon", ["en-US/images/icon.png": .png(512, 512, .palette)]),
            ],
            failing: [
                .fastlane(
                    "palette icon with tRNS", ["en-US/images/icon.png": .png(512, 512, .palette, transparency: true)])
            ])
    ) { image, finding in
        guard image.type == .icon, image.info?.isPaletteWithTransparency == true else { return [] }
        return [
            finding(
                "icon is an indexed-colour PNG with a tRNS chunk; Play refuses it (invalidIconImage)",
                hint: "export the icon as 32-bit PNG (8-bit RGBA)")
        ]
    }

    /// Every image rule, in id order.
    static let all: [Rule] = [
        decodable.rule, iconSize.rule, iconFileSize.rule, iconFormat.rule, featureGraphicSize.rule,
        featureGraphicFileSize.rule, noAlpha.rule, tvBannerSize.rule, screenshotFileSize.rule, screenshotSides.rule,
        largeTabletSides.rule, maxAspect.rule, documentedAspect.rule, wearShape.rule, count.rule,
        tooFewPhoneScreenshots.rule, promotion.rule, tablets.rule, tvShape.rule, requiredGraphics.rule,
        colourSpace.rule, duplicates.rule, iconPaletteTransparency.rule,
    ]

    /// The entries on one image, in the order their findings are reported: readable, file size, exact size,
    /// alpha, screenshot geometry, colour depth.
    static let imageChecks: [ListingImageRule] = [
        decodable, iconFileSize, featureGraphicFileSize, screenshotFileSize, iconSize, featureGraphicSize,
        tvBannerSize, iconPaletteTransparency, iconFormat, noAlpha, screenshotSides, largeTabletSides, wearShape,
        maxAspect, documentedAspect,
        tvShape, colourSpace,
    ]

    /// The entries on a locale's image set, in the order their findings are reported.
    static let treeChecks: [ListingTreeRule] = [
        count, tooFewPhoneScreenshots, promotion, tablets, requiredGraphics, duplicates,
    ]

    /// IMG003, IMG006, IMG009: the file is over `limit` bytes; a screenshot also over 8 MB read as decimal
    /// megabytes gets a warning.
    private static func fileSize(_ image: ListingImage, _ limit: Int, _ finding: RuleOutput) -> [Finding] {
        guard let info = image.info else { return [] }
        let label = image.type.label
        if info.byteCount > limit {
            return [
                finding(
                    "\(label) is \(info.byteCount) bytes, over the limit of \(limit) bytes",
                    hint: "compress it or export it as JPEG")
            ]
        }
        let decimal = image.limits.screenshotMaxBytesDecimal.value
        guard image.type.isScreenshot, info.byteCount > decimal else { return [] }
        return [
            finding(
                severity: .warning,
                "\(label) is \(info.byteCount) bytes, over \(decimal) (8 MB read as decimal megabytes)",
                hint: "keep screenshots under 8,000,000 bytes to be safe")
        ]
    }

    /// IMG002, IMG005, IMG008: the graphic is not exactly `size`.
    private static func exactSize(_ image: ListingImage, _ size: PixelSize, _ finding: RuleOutput) -> [Finding] {
        guard let info = image.info, info.size != size else { return [] }
        return [
            finding(
                "\(image.type.label) is \(info.size), but Play requires exactly \(size)", hint: "export it at \(size)")
        ]
    }

    /// IMG010, IMG011: a side of the screenshot is outside `range`.
    private static func sides(_ image: ListingImage, _ range: ClosedRange<Int>, _ finding: RuleOutput) -> [Finding] {
        guard let info = image.info,
            !range.contains(min(info.width, info.height)) || !range.contains(max(info.width, info.height))
        else { return [] }
        return [
            screenshotFinding(
                finding, image.type, info,
                "\(info.size); each side must be \(range.lowerBound) to \(range.upperBound) px",
                hint: "resize it")
        ]
    }

    /// Long side over short side, `nil` for an image without pixels.
    private static func aspect(_ info: ImageInfo) -> Double? {
        let short = min(info.width, info.height)
        return short > 0 ? Double(max(info.width, info.height)) / Double(short) : nil
    }

    /// A screenshot finding `<label> is <facts>` whose cause is the slot and size, so every screenshot of that
    /// size in every locale is one finding (`<n> <label>s in <k> locales are <facts>`).
    private static func screenshotFinding(
        _ finding: RuleOutput, _ type: ImageType, _ info: ImageInfo, _ facts: String, hint: String
    ) -> Finding {
        finding(
            "\(type.label) is \(facts)", hint: hint,
            cause: Cause(key: "\(type.rawValue) \(info.size)", subjects: type.label + "s", statement: "are \(facts)"))
    }

    /// `2.30`.
    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

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
