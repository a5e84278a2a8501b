public import Diagnostics

/// The cross-tree rules CON001, CON002 and CON004 with examples. (CON003, fastlane and GPP trees side by side,
/// needs both trees and is not checked yet.)
public enum ConsistencyRules {
    public static let changelogCoverage = Rule(
        "CON001", "changelog-missing-in-locale", .warning,
        "Opt-in: fastlane: a locale with changelogs has one for the version being released (or the newest), or a default.txt.",
        why: "Older changelogs are never sent again, so a gap is often intended; opt-in.",
        optIn: true,
        examples: ListingExample.self, passing: [.fastlane("one locale")],
        failing: [
            .fastlane(
                "de-DE lags behind",
                [
                    "de-DE/title.txt": .text("Binary Eye"), "de-DE/short_description.txt": .text("Strichcodes lesen"),
                    "de-DE/changelogs/99.txt": .text("Fehler behoben"),
                ])
        ])

    public static let releaseNotesForVersion = Rule(
        "CON002", "release-notes-missing-for-version", .warning,
        "The default language has release notes for the version code named as the one being released.",
        why: "Users see no release notes for the version being released.",
        examples: ListingExample.self, passing: [.fastlane("changelog 100 for version 100").releasing(100)],
        failing: [.fastlane("no changelog for version 101").releasing(101)])

    public static let untranslatedTitle = Rule(
        "CON004", "untranslated-title", .note,
        "Opt-in: a translated locale's title differs from the default title, or is left out to fall back to it.",
        why: "A translated title that equals the default is often the brand; opt-in.",
        optIn: true,
        examples: ListingExample.self, passing: [.fastlane("one locale")],
        failing: [
            .fastlane(
                "copied title",
                ["de-DE/title.txt": .text("Binary Eye"), "de-DE/short_description.txt": .text("Strichcodes")])
        ])

    /// Every consistency rule, in id order.
    public static let all: [Rule] = [changelogCoverage, releaseNotesForVersion, untranslatedTitle]
}
