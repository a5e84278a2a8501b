import Diagnostics

/// What F-Droid does with a listing it reads (fdroidserver `update.py`): it takes any locale name and ignores
/// files it does not know, so its one rule is about text it cuts.
public enum FDroidRules {
    public static let textCut = DocumentedRule<ListingExample>(
        RuleDescriptor(
            "FDR001", "fdroid-text-cut", .warning,
            "Text F-Droid reads fits its limits (name 50, summary 80, description 4000, changelog 500); F-Droid cuts the rest."),
        passing: [
            .fastlane("base listing").read(by: .fdroid),
            .fastlane("45-character title", ["en-US/title.txt": .text(String(repeating: "a", count: 45))]).read(by: .fdroid),
        ],
        failing: [
            .fastlane("81-character summary", ["en-US/short_description.txt": .text(String(repeating: "b", count: 81))])
                .read(by: .fdroid),
            .fastlane("F-Droid name.txt", ["de/name.txt": .text(String(repeating: "c", count: 51))]).read(by: .fdroid),
        ])

    /// Every F-Droid rule.
    public static let all = [textCut]
}
