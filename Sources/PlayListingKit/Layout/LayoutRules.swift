import Diagnostics

/// The tree-shape rules LAY001–LAY010: what the uploader would skip, misread or refuse in the folder layout.
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

    static let unknownName = Rule(
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

    static let unknownResource = Rule(
        "LAY003", "unknown-play-resource", .error,
        "A GPP play folder holds only known roots, locale folders under listings/ and release-notes/, no *.index.",
        why: "GPP's resource task fails (\"Unknown Play resource file\").",
        examples: ListingExample.self, passing: [.gpp("complete listing")],
        failing: [
            .gpp("file directly under listings/", ["listings/notes.txt": .text("x")]),
            .gpp("index file", ["listings/en-US/graphics/icon/1.index": .text("x")]),
            .gpp("unknown root file", ["readme.md": .text("x")]),
        ])

    static let duplicateImage = Rule(
        "LAY004", "duplicate-single-image", .warning,
        "fastlane has at most one images/<type>.{png,jpg,jpeg} per type; supply uploads only the last match.",
        why: "supply uploads only the last match, so users may see a different image than intended.",
        examples: ListingExample.self, passing: [.fastlane("one icon")],
        failing: [.fastlane("icon.png and icon.jpg", ["en-US/images/icon.jpg": .jpeg(512, 512)])])

    static let promoGraphic = Rule(
        "LAY005", "promo-graphic", .note,
        "No promo graphic: Play dropped the type and neither supply nor GPP uploads it.",
        why: "Uploaders skip it on purpose since Play dropped the type: nothing to fix before a release.",
        examples: ListingExample.self, passing: [.fastlane("no promo graphic")],
        failing: [
            .fastlane("fastlane promo graphic", ["en-US/images/promoGraphic.png": .png(180, 120)]),
            .gpp("GPP promo graphic", ["listings/en-US/graphics/promo-graphic/1.png": .png(180, 120)]),
        ])

    static let releaseNotesName = Rule(
        "LAY006", "release-notes-file-name", .warning,
        "fastlane changelogs are <versionCode>.txt or default.txt; GPP release notes are named after a track.",
        why: "The notes are never sent, so users see no release notes for the version.",
        examples: ListingExample.self, passing: [.fastlane("numbered changelog"), .gpp("default release notes")],
        failing: [
            .fastlane("changelog named after a build", ["en-US/changelogs/build-100.txt": .text("Fixes")]),
            .fastlane("changelog named after a version name", ["en-US/changelogs/v1.2.txt": .text("Fixes")]),
            .gpp("unusual track name", ["release-notes/en-US/nightly-build.txt": .text("Fixes")]),
        ])

    static let notAnUploadableImage = Rule(
        "LAY007", "image-format-not-uploaded", .warning,
        "Image folders hold only .png, .jpg and .jpeg files; other formats are never uploaded.",
        why: "The image is never uploaded, so users do not see it.",
        examples: ListingExample.self, passing: [.fastlane("PNG and JPEG screenshots")],
        failing: [
            .fastlane(
                "WebP screenshot", ["en-US/images/phoneScreenshots/5.webp": .bytes(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))])
        ])

    static let legacyLayout = Rule(
        "LAY008", "legacy-gpp-layout", .warning,
        "A GPP tree uses the 2.x names, not 1.x ones such as <locale>/listing/ or whatsnew, which are ignored.",
        why: "GPP 2 and later ignore the file, so its content never reaches users.",
        examples: ListingExample.self, passing: [.gpp("current layout")],
        failing: [
            .gpp("1.x listing folder", ["en-US/listing/shortdescription": .text("SSH"), "en-US/whatsnew": .text("x")])
        ])

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

    static let notAListing = Rule(
        "LAY010", "not-a-listing", .error,
        "The folder holds a fastlane or GPP listing (locale folders with title.txt, or listings/<locale>/).",
        why: "Nothing was checked, so a passing run must not hide it.",
        examples: ListingExample.self, passing: [.fastlane("listing")],
        failing: [
            ListingExample(
                layout: .fastlane, files: ["README.md": .text("# app"), "src/main.c": .text("int main;")],
                note: "source folder")
        ])

    /// Every layout rule, in id order.
    static let all: [Rule] = [
        notALocaleFolder.rule, unknownName, unknownResource, duplicateImage, promoGraphic, releaseNotesName,
        notAnUploadableImage, legacyLayout, defaultLanguageFile.rule, notAListing,
    ]

    /// The entries on one locale name, after the locale family's.
    static let nameChecks: [LocaleNameRule] = [notALocaleFolder]

    /// The entries on the tree, before every other family's.
    static let treeChecks: [ListingTreeRule] = [defaultLanguageFile]
}
