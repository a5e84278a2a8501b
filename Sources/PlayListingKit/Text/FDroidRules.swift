public import Diagnostics

/// What F-Droid does with a listing it reads (fdroidserver `update.py`): it takes any locale name and ignores
/// files it does not know, so its one rule is about text it cuts.
public enum FDroidRules {
    /// The limits the summary and examples quote, so they cannot drift from what the checker enforces.
    private static let limits = ListingLimits.play2026
    private static let summary = limits.fDroidSummaryMaxCharacters.value

    public static let textCut = Rule(
        "FDR001", "fdroid-text-cut", .warning,
        "Text F-Droid reads fits its limits (name \(limits.fDroidNameMaxCharacters.value), summary "
            + "\(limits.fDroidSummaryMaxCharacters.value), description \(limits.fDroidDescriptionMaxCharacters.value), "
            + "changelog \(limits.fDroidWhatsNewMaxCharacters.value)); F-Droid cuts the rest.",
        why: "F-Droid cuts the text mid-word, so users see it truncated.",
        examples: ListingExample.self,
        passing: [
            .fastlane("base listing").read(by: .fdroid),
            .fastlane("45-character title", ["en-US/title.txt": .text(String(repeating: "a", count: 45))]).read(
                by: .fdroid),
        ],
        failing: [
            .fastlane(
                "\(summary + 1)-character summary",
                ["en-US/short_description.txt": .text(String(repeating: "b", count: summary + 1))]
            )
            .read(by: .fdroid),
            .fastlane(
                "F-Droid name.txt",
                ["de/name.txt": .text(String(repeating: "c", count: limits.fDroidNameMaxCharacters.value + 1))]
            ).read(by: .fdroid),
        ])

    /// Every F-Droid rule.
    public static let all: [Rule] = [textCut]
}
