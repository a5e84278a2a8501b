public import Diagnostics

/// The locale rules LOC001–LOC006 with examples.
public enum LocaleRules {
    public static let unsupported = Rule(
        "LOC001", "unsupported-locale", .error,
        "Every locale folder and default-language.txt names one of Play's \(PlayLocales.play2026.codes.count) listing languages.",
        why: "Play refuses a language it does not list.",
        examples: ListingExample.self,
        passing: [.fastlane("en-US"), .fastlane("bare Arabic", ["ar/title.txt": .text("قارئ")])],
        failing: [.fastlane("placeholder zz", ["zz/title.txt": .text("Markor")])])

    public static let misspelt = Rule(
        "LOC002", "locale-spelling", .error,
        "A locale is spelt exactly as Play spells it (case and '-' matter: en-US, not en_US or en-us).",
        why: "Play refuses the language code as spelt.",
        examples: ListingExample.self, passing: [.fastlane("de-DE", ["de-DE/title.txt": .text("Binary Eye")])],
        failing: [
            .fastlane("underscore", ["en_GB/title.txt": .text("Binary Eye")]),
            .gpp("lower case", ["listings/de-de/title.txt": .text("Binary Eye")]),
        ])

    public static let nearMiss = Rule(
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

    public static let duplicate = Rule(
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
            .fastlane("de and de_DE", ["de/title.txt": .text("Binary Eye"), "de_DE/title.txt": .text("Binary Eye")])
        ])

    public static let missingTranslation = Rule(
        "LOC005", "default-language-fallback", .warning,
        "Opt-in: the default language has a folder, and every locale has a title and short description of its own.",
        why: "A missing file keeps what Play has; opt-in.",
        optIn: true,
        examples: ListingExample.self, passing: [.fastlane("complete en-US")],
        failing: [
            .fastlane("translation without title", ["fr-FR/short_description.txt": .text("Lire des codes-barres")]),
            .gpp("default language without a folder", ["default-language.txt": .text("fr-FR")]),
        ])

    public static let noLocalGraphics = Rule(
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

    /// Every locale rule, in id order.
    public static let all: [Rule] = [unsupported, misspelt, nearMiss, duplicate, missingTranslation, noLocalGraphics]
}
