import Diagnostics

/// The tree-shape rules LAY001–LAY010: what the uploader would skip, misread or refuse in the folder layout. The
/// classifiers record what they saw as ``LayoutFact``s; LAY002–LAY008 word them.
enum LayoutRules {
    static let notALocaleFolder = LocaleNameRule(
        Rule(
            "LAY001", "folder-is-not-a-locale", .error,
            "Every folder at a locale position is a locale; supply sends any folder name to Play as a language code.",
            why: "supply sends the folder name as a language and Play refuses it.",
            examples: ListingExample.self, passing: [.fastlane("complete listing")],
            failing: [.fastlane("screenshots folder at the top", ["screenshots/1.png": .png(1080, 1920)])])
    ) { locale, finding in
        guard locale.verdict == .notALocale else { return [] }
        return [
            finding(
                "folder '\(locale.name)' sits where locales go; \(locale.sender) and Play refuses it",
                hint: "move it out of the metadata folder")
        ]
    }

    static let unknownName = LayoutFactRule(
        Rule(
            "LAY002", "unknown-file-in-locale", .warning,
            "No file the uploader skips is named like a misspelt or misplaced file it reads (a near name, another case, "
                + "folder or image format); the other skipped files are named in one note per tree.",
            why:
                "A misspelt or misplaced file is silently skipped, so its content never reaches users; other unread files are a note.",
            examples: ListingExample.self, passing: [.fastlane("complete listing"), .gpp("complete listing")],
            failing: [
                .fastlane("GPP spelling in a fastlane tree", ["en-US/short-description.txt": .text("Scanner")]),
                .fastlane("icon directly in the locale folder", ["en-US/icon.png": .png(512, 512, .rgba)]),
                .fastlane("screenshots outside images/", ["en-US/phoneScreenshots/5.png": .png(1080, 1920)]),
                .gpp("fastlane spelling in a GPP tree", ["listings/en-US/short_description.txt": .text("Scanner")]),
                .fastlane("a misspelt title", ["en-US/titel.txt": .text("Binary Eye")]),
                .fastlane("a screenshot generator's input (a note)", ["en-US/screenshots.yml": .text("device: pixel")]),
            ])
    ) { facts, finding in
        let named = facts.findings { _, fact in
            switch fact {
            case .misspelt(let kind, let name, let meant):
                switch kind {
                case .supplyTextFile:
                    finding("'\(name)' is not a file supply reads", hint: "did you mean '\(meant)'?")
                case .supplyFolder:
                    finding("'\(name)/' is not a folder supply reads", hint: "did you mean '\(meant)/'?")
                case .supplyImage:
                    finding("'images/\(name)' is not an image supply uploads", hint: "did you mean 'images/\(meant)'?")
                case .supplyScreenshotFolder:
                    finding(
                        "'images/\(name)/' is not a screenshot folder supply reads",
                        hint: "did you mean 'images/\(meant)/'?")
                case .gppListingFile:
                    finding("'\(name)' is not a listing file GPP reads", hint: "did you mean '\(meant)'?")
                case .gppGraphicsFolder:
                    finding(
                        "'graphics/\(name)/' is not a graphics folder GPP reads",
                        hint: "did you mean 'graphics/\(meant)/'?")
                }
            case .textFileOutsideLocale:
                finding(
                    "file outside any locale folder; supply never reads it",
                    hint: "move it into a locale folder such as en-US/, or out of the metadata folder")
            case .singleImageOutsideImages(let type, let fileExtension, let locale):
                finding(
                    "\(type.label) directly in the locale folder is not uploaded: supply reads images/\(type.rawValue).\(fileExtension)",
                    hint: "move it to \(locale)/images/\(type.rawValue).\(fileExtension)")
            case .screenshotsOutsideImages(let type, let locale):
                finding(
                    "screenshots directly in the locale folder are not uploaded",
                    hint: "move the folder to \(locale)/images/\(type.rawValue)/")
            case .singleImageInOtherFormat(let type, let name):
                finding(
                    "'images/\(name)' is not .png, .jpg or .jpeg, so supply skips it",
                    hint: "export it as images/\(type.rawValue).png")
            case .misplacedGraphic(let name):
                finding(
                    "'graphics/\(name)' is not an image GPP reads",
                    hint: "graphics go in listings/<locale>/graphics/<type>/<file>, or graphics/<type>.png")
            case .misplacedListingFile(let relativePath):
                finding(
                    "'\(relativePath)' is not a listing file GPP reads",
                    hint: "graphics go in listings/<locale>/graphics/<type>/<file>")
            case .trackFileNotText(let kind, let track):
                finding(
                    kind == .releaseNotes
                        ? "release notes are <track>.txt files" : "release names are <track>.txt files",
                    hint: "rename it to \(track).txt")
            default:
                nil
            }
        }
        // The files kept on purpose are named in one note, on the first of them.
        let unread = facts.unreadPaths
        guard let first = unread.first else { return named }
        let shown = unread.prefix(unreadNamesShown).map { "'\($0)'" }.joined(separator: ", ")
        let more = unread.count > unreadNamesShown ? " and \(unread.count - unreadNamesShown) more" : ""
        let files = unread.count == 1 ? "1 file" : "\(unread.count) files"
        return named + [
            TreeFinding(
                first,
                finding(
                    severity: .note, "\(files) in the listing no uploader reads: \(shown)\(more)",
                    hint:
                        "nothing to do if they are kept on purpose (sources, generator input); otherwise move them out")
            )
        ]
    }

    /// How many unread files LAY002's note names before it counts the rest.
    private static let unreadNamesShown = 10

    static let unknownResource = LayoutFactRule(
        Rule(
            "LAY003", "unknown-play-resource", .error,
            "A GPP play folder holds files only directly in it or in locale folders of listings/ and release-notes/ "
                + "(and in release-names/, products/, subscriptions/); no 'play' name, no *.index.",
            why:
                "GPP's generate-resources task fails the build with its own message (\"Unknown Play resource file\", …).",
            examples: ListingExample.self,
            passing: [.gpp("complete listing"), .gpp("a readme beside the listing", ["README.md": .text("x")])],
            failing: [
                .gpp("text file directly under listings/", ["listings/title.txt": .text("x")]),
                .gpp("unknown folder", ["invalid/en-US/wrong.txt": .text("x")]),
                .gpp("file named play in a listing", ["listings/en-US/play": .text("x")]),
                .gpp("index file", ["listings/en-US/graphics/icon/1.index": .text("x")]),
                .gpp("GPP 1.x layout", ["en-US/listing/shortdescription": .text("SSH")]),
            ])
    ) { facts, finding in
        facts.findings { path, fact in
            guard case .refusedByGPP(let refusal) = fact else { return nil }
            return switch refusal {
            case .unknownResource(_, legacy: true):
                finding(
                    "GPP refuses '\(path)', a GPP 1.x layout: \"Unknown Play resource file\" fails its "
                        + "generate-resources task",
                    hint: "move it to the 2.x layout: listings/<locale>/title.txt, release-notes/<locale>/<track>.txt")
            case .unknownResource(let meant, legacy: false):
                finding(
                    "GPP refuses '\(path)': \"Unknown Play resource file\" fails its generate-resources task",
                    hint: meant.map { "did you mean '\($0)/'?" }
                        ?? "keep only listings/, release-notes/, release-names/, products/ and subscriptions/ "
                        + "folders in the play folder; move it out")
            case .playInsidePlay:
                finding(
                    "GPP refuses a file or folder named 'play' inside the play folder: \"Illegal or missing 'play' "
                        + "directory in path\" fails its generate-resources task",
                    hint: "rename or move it")
            case .indexFile:
                finding(
                    "GPP refuses '*.index' files: \"Resources cannot use the 'index' extension\"", hint: "delete it")
            case .folderNotAtTop(let folder):
                finding(
                    "GPP refuses a '\(folder)' folder anywhere but directly in the play folder: \"… must be under the "
                        + "'play' directory\"",
                    hint: "rename the folder")
            case .directlyUnder(let folder, let file):
                finding(
                    "GPP refuses files directly under \(folder)/: \"Files are not allowed under the \(folder) "
                        + "directory: \(file)\"",
                    hint: "put it in a locale folder, e.g. \(folder)/en-US/\(file)")
            case .notAFolder(let folder):
                finding(
                    "GPP refuses a file named '\(folder)': \"\(folder) must be a directory\"",
                    hint: "make it a folder, or rename it")
            }
        }
    }

    static let duplicateImage = LayoutFactRule(
        Rule(
            "LAY004", "duplicate-single-image", .warning,
            "fastlane has at most one images/<type>.{png,jpg,jpeg} per type; supply uploads only the last match.",
            why: "supply uploads only the last match, so users may see a different image than intended.",
            examples: ListingExample.self, passing: [.fastlane("one icon")],
            failing: [.fastlane("icon.png and icon.jpg", ["en-US/images/icon.jpg": .jpeg(512, 512)])])
    ) { facts, finding in
        facts.findings { _, fact in
            guard case .duplicateSingleImage(let count, let uploaded) = fact else { return nil }
            return finding(
                "\(count) files for one image; supply uploads only the last match, '\(uploaded)'",
                hint: "keep one file per image type")
        }
    }

    static let promoGraphic = LayoutFactRule(
        Rule(
            "LAY005", "promo-graphic", .note,
            "No promo graphic: Play dropped the type and neither supply nor GPP uploads it.",
            why: "Uploaders skip it on purpose since Play dropped the type: nothing to fix before a release.",
            examples: ListingExample.self, passing: [.fastlane("no promo graphic")],
            failing: [
                .fastlane("fastlane promo graphic", ["en-US/images/promoGraphic.png": .png(180, 120)]),
                .gpp("GPP promo graphic", ["listings/en-US/graphics/promo-graphic/1.png": .png(180, 120)]),
            ])
    ) { facts, finding in
        facts.findings { _, fact in
            guard fact == .promoGraphic else { return nil }
            return finding("promo graphics are no longer uploaded: Play dropped the type in 2020", hint: "delete it")
        }
    }

    static let releaseNotesName = LayoutFactRule(
        Rule(
            "LAY006", "release-notes-file-name", .warning,
            "fastlane changelogs are <versionCode>.txt or default.txt; GPP release notes are named after a track.",
            why: "The notes are never sent, so users see no release notes for the version.",
            examples: ListingExample.self, passing: [.fastlane("numbered changelog"), .gpp("default release notes")],
            failing: [
                .fastlane("changelog named after a build", ["en-US/changelogs/build-100.txt": .text("Fixes")]),
                .fastlane("changelog named after a version name", ["en-US/changelogs/v1.2.txt": .text("Fixes")]),
                .gpp("unusual track name", ["release-notes/en-US/nightly-build.txt": .text("Fixes")]),
            ])
    ) { facts, finding in
        facts.findings { _, fact in
            switch fact {
            case .changelogNotVersionCode(let name):
                finding(
                    "changelog '\(name)' is not named <versionCode>.txt or default.txt, so supply never uploads it",
                    hint: "rename it to the version code it belongs to, e.g. changelogs/1042.txt, or delete it")
            case .customTrack(let track):
                finding(
                    "'\(track)' is not a standard track (internal, alpha, beta, production, default)",
                    hint: "fine for a custom track; otherwise rename it")
            default:
                nil
            }
        }
    }

    static let notAnUploadableImage = LayoutFactRule(
        Rule(
            "LAY007", "image-format-not-uploaded", .warning,
            "Image folders hold only .png, .jpg and .jpeg files; other formats are never uploaded.",
            why: "The image is never uploaded, so users do not see it.",
            examples: ListingExample.self, passing: [.fastlane("PNG and JPEG screenshots")],
            failing: [
                .fastlane(
                    "WebP screenshot",
                    ["en-US/images/phoneScreenshots/5.webp": .bytes(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))])
            ])
    ) { facts, finding in
        let skipped = facts.layout == .fastlane ? "supply skips it" : "it is not uploaded"
        return facts.findings { _, fact in
            guard case .imageFormatNotUploaded(let file) = fact else { return nil }
            return finding("'\(file)' is not .png, .jpg or .jpeg, so \(skipped)", hint: "convert it to PNG or JPEG")
        }
    }

    static let legacyLayout = LayoutFactRule(
        Rule(
            "LAY008", "legacy-gpp-layout", .warning,
            "A GPP tree uses the 2.x names, not 1.x ones such as contactEmail or whatsnew where GPP ignores them.",
            why: "GPP 2 and later ignore the file, so its content never reaches users (LAY003: where GPP refuses it).",
            examples: ListingExample.self, passing: [.gpp("current layout")],
            failing: [
                .gpp(
                    "1.x names GPP takes and ignores",
                    ["contactEmail": .text("dev@example.org"), "listings/en-US/whatsnew": .text("x")])
            ])
    ) { facts, finding in
        facts.findings { path, fact in
            guard fact == .legacyName else { return nil }
            return finding(
                "GPP 1.x layout: GPP 2 and later ignore '\(path)'",
                hint:
                    "move it to the 2.x layout: listings/<locale>/title.txt, release-notes/<locale>/<track>.txt, contact-email.txt"
            )
        }
    }

    static let defaultLanguageFile = ListingTreeRule(
        Rule(
            "LAY009", "default-language-file", .note,
            "Opt-in: GPP default-language.txt exists and names a locale that has a listings/<locale> folder.",
            why: "GPP falls back to the Play Console's default language; opt-in.", optIn: true,
            examples: ListingExample.self, passing: [.gpp("en-US default")],
            failing: [
                .gpp("no default-language.txt", ["default-language.txt": nil]),
                .gpp("default without a folder", ["default-language.txt": .text("de-DE\n")]),
            ])
    ) { tree, finding in
        let file = "default-language.txt"
        guard tree.classified.layout == .gpp else { return [] }
        guard let declared = tree.declaredDefaultLanguage else {
            guard tree.classified.files.contains(where: { $0.path.hasPrefix("listings/") }) else { return [] }
            return [
                TreeFinding(
                    file,
                    finding(
                        "no default-language.txt; GPP cannot fill missing translations from a default",
                        hint: "add default-language.txt holding e.g. en-US"))
            ]
        }
        guard !tree.classified.locales.contains(declared) else { return [] }
        return [TreeFinding(file, finding("default language '\(declared)' has no listings/\(declared) folder"))]
    }

    static let notAListing = ListingRootRule(
        Rule(
            "LAY010", "not-a-listing", .error,
            "The folder holds a fastlane or GPP listing (locale folders with title.txt, or listings/<locale>/).",
            why: "Nothing was checked, so a passing run must not hide it.",
            examples: ListingExample.self, passing: [.fastlane("listing")],
            failing: [
                ListingExample(
                    layout: .fastlane, files: ["README.md": .text("# app"), "src/main.c": .text("int main;")],
                    note: "source folder")
            ])
    ) { root, finding in
        guard root == nil else { return [] }
        return [
            finding(
                "no Play listing here: expected fastlane <locale>/title.txt, changelogs/ or images/, or GPP listings/<locale>/",
                hint: "point at fastlane/metadata/android or src/main/play, or pass --layout")
        ]
    }

    /// Every layout rule, in id order.
    static let all: [Rule] = [
        notALocaleFolder.rule, unknownName.rule, unknownResource.rule, duplicateImage.rule, promoGraphic.rule,
        releaseNotesName.rule, notAnUploadableImage.rule, legacyLayout.rule, defaultLanguageFile.rule,
        notAListing.rule,
    ]

    /// The entries on where the listing starts, run before the tree is classified.
    static let rootChecks: [ListingRootRule] = [notAListing]

    /// The entries on the facts the classifiers record, run on every classified tree.
    static let factChecks: [LayoutFactRule] = [
        unknownName, unknownResource, duplicateImage, promoGraphic, releaseNotesName, notAnUploadableImage,
        legacyLayout,
    ]

    /// The entries on one locale name, after the locale family's.
    static let nameChecks: [LocaleNameRule] = [notALocaleFolder]

    /// The entries on the tree, before every other family's.
    static let treeChecks: [ListingTreeRule] = [defaultLanguageFile]
}
