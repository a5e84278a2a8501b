import Diagnostics

/// The locale rules LOC001–LOC006, each one entry with its examples and its check: on one locale name
/// (``LocaleName``) or on the tree's translations (``ListingTree``).
enum LocaleRules {
    static let unsupported = LocaleNameRule(
        Rule(
            "LOC001", "unsupported-locale", .error,
            "Every locale folder and default-language.txt names one of Play's \(PlayLocales.play2026.codes.count) listing languages.",
            why: "Play refuses a language it does not list.",
            examples: ListingExample.self,
            passing: [.fastlane("en-US"), .fastlane("bare Arabic", ["ar/title.txt": .text("قارئ")])],
            failing: [.fastlane("placeholder zz", ["zz/title.txt": .text("Markor")])])
    ) { locale, finding in
        guard locale.verdict == .unsupported else { return [] }
        return [
            finding(
                "'\(locale.name)' is not one of Play's \(PlayLocales.play2026.codes.count) listing languages (a placeholder or a language Play lacks); \(locale.sender) and Play refuses it",
                hint: "remove it from the upload, or rename it to a Play language code")
        ]
    }

    static let misspelt = LocaleNameRule(
        Rule(
            "LOC002", "locale-spelling", .error,
            "A locale is spelt exactly as Play spells it (case and '-' matter: en-US, not en_US or en-us).",
            why: "Play refuses the language code as spelt.",
            examples: ListingExample.self, passing: [.fastlane("de-DE", ["de-DE/title.txt": .text("Binary Eye")])],
            failing: [
                .fastlane("underscore", ["en_GB/title.txt": .text("Binary Eye")]),
                .gpp("lower case", ["listings/de-de/title.txt": .text("Binary Eye")]),
            ])
    ) { locale, finding in
        guard case .misspelt(let code) = locale.verdict else { return [] }
        return [
            finding(
                "locale '\(locale.name)' must be spelt '\(code)'; \(locale.sender) and Play refuses it",
                hint: locale.renameHint([code]))
        ]
    }

    static let nearMiss = LocaleNameRule(
        Rule(
            "LOC003", "locale-near-miss", .error,
            "A locale is not a known near miss such as en, pt, he or nb; the Play code it means is suggested.",
            why: "Play refuses the language code as spelt.",
            examples: ListingExample.self, passing: [.fastlane("iw-IL", ["iw-IL/title.txt": .text("x")])],
            failing: [
                .fastlane("bare en", ["en/title.txt": .text("x")]),
                .fastlane("Hebrew as he", ["he/title.txt": .text("x")]),
                .fastlane("Norwegian as nb", ["nb/title.txt": .text("x")]),
                .fastlane("Argentinian Spanish", ["es-AR/title.txt": .text("x")]),
            ])
    ) { locale, finding in
        guard case .nearMiss(let codes) = locale.verdict else { return [] }
        return [
            finding(
                "'\(locale.name)' is not a Play language; \(locale.sender) and Play refuses it mid-upload",
                hint: locale.renameHint(codes))
        ]
    }

    static let duplicate = LocaleNameRule(
        Rule(
            "LOC004", "duplicate-locale", .warning,
            "No two misnamed locale folders become the same Play language once renamed; one would overwrite the other "
                + "(a folder beside its correct name already gets LOC002/LOC003 with a hint to merge).",
            why: "One folder overwrites the other, so users see text the team did not choose.",
            examples: ListingExample.self,
            passing: [
                .fastlane("one en-US"), .fastlane("en-GB beside en-US", ["en-GB/title.txt": .text("Binary Eye")]),
                .fastlane("en_US beside en-US (LOC002 says merge)", ["en_US/title.txt": .text("Binary Eye")]),
            ],
            failing: [
                .fastlane(
                    "de and de_DE", ["de/title.txt": .text("Binary Eye"), "de_DE/title.txt": .text("Binary Eye")])
            ])
    ) { locale, finding in
        // A folder whose target exists already has LOC002/LOC003 with a hint to merge into it; LOC004 is for folders
        // that would collide only once renamed (`de` and `de_DE` both becoming de-DE).
        guard let code = locale.renamedTo, !locale.existing.contains(code), !locale.otherClaimants.isEmpty else {
            return []
        }
        return [
            finding(
                "'\(locale.name)' becomes Play's \(code), as \(locale.otherClaimants.sorted().map { "'\($0)'" }.joined(separator: " and ")) "
                    + "does too; one would overwrite the other",
                hint: "merge the folders into one '\(code)' folder")
        ]
    }

    static let missingTranslation = ListingTreeRule(
        Rule(
            "LOC005", "default-language-fallback", .warning,
            "Opt-in: the default language has a folder, and every locale has a title and short description of its own.",
            why: "A missing file keeps what Play has; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("complete en-US")],
            failing: [
                .fastlane("translation without title", ["fr-FR/short_description.txt": .text("Lire des codes-barres")]),
                .gpp("default language without a folder", ["default-language.txt": .text("fr-FR")]),
            ])
    ) { tree, finding in
        guard tree.uploads.contains(.text) else { return [] }
        let language = tree.defaultLanguage
        var findings: [TreeFinding] = []
        if !tree.classified.locales.contains(language) {
            let folder = tree.classified.localeFolder(language)
            findings.append(
                TreeFinding(
                    folder,
                    finding(
                        "the default language \(language) has no folder; Play falls back to it for every missing translation",
                        hint: "add \(folder)/ with the title and descriptions")))
        }
        let defaults = tree.texts(of: language)
        for locale in tree.translations {
            let texts = tree.texts(of: locale)
            let missing = [TextField.title, .shortDescription].filter { defaults[$0] != nil && texts[$0] == nil }
            guard !missing.isEmpty else { continue }
            findings.append(
                TreeFinding(
                    tree.classified.localeFolder(locale),
                    finding(
                        "\(locale) has no \(missing.map(\.label).joined(separator: " or ")); Play shows the \(language) text instead"
                    )))
        }
        return findings
    }

    static let noLocalGraphics = ListingTreeRule(
        Rule(
            "LOC006", "no-localized-graphics", .note,
            "Opt-in: a locale with text also has its own graphics; otherwise Play shows the default language's.",
            why: "Play shows the default language's graphics, which is often intended; opt-in.",
            optIn: true,
            examples: ListingExample.self, passing: [.fastlane("graphics in en-US")],
            failing: [
                .fastlane(
                    "text-only translation",
                    [
                        "fr-FR/title.txt": .text("Binary Eye"),
                        "fr-FR/short_description.txt": .text("Lire des codes-barres"),
                    ])
            ])
    ) { tree, finding in
        guard tree.uploads.contains(.text) else { return [] }
        return tree.translations.filter { tree.imageCounts(of: $0).isEmpty }.map { locale in
            TreeFinding(
                tree.classified.localeFolder(locale),
                finding("\(locale) has text but no graphics; Play shows the \(tree.defaultLanguage) graphics"))
        }
    }

    /// Every locale rule, in id order.
    static let all: [Rule] = [
        unsupported.rule, misspelt.rule, nearMiss.rule, duplicate.rule, missingTranslation.rule, noLocalGraphics.rule,
    ]

    /// The entries on one locale name, in the order their findings are reported.
    static let nameChecks: [LocaleNameRule] = [unsupported, misspelt, nearMiss, duplicate]

    /// The entries on the tree's translations, in the order their findings are reported.
    static let treeChecks: [ListingTreeRule] = [missingTranslation, noLocalGraphics]
}
