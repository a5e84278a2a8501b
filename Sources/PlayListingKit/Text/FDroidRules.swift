public import Diagnostics

/// What F-Droid does with a listing it reads (fdroidserver `update.py`): it takes any locale name and ignores
/// files it does not know, so its one rule is about text it cuts: one entry, with its check on a listing text file.
public enum FDroidRules {
    /// The limits the summary and examples quote, so they cannot drift from what the checker enforces.
    private static let limits = ListingLimits.play2026
    private static let summary = limits.fDroidSummaryMaxCharacters.value

    public static let textCut = ListingTextRule(
        Rule(
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
    ) { file, finding in
        guard file.store == .fdroid else { return [] }
        let limit: Int
        switch file.field {
        case .title: limit = file.limits.fDroidNameMaxCharacters.value
        case .shortDescription: limit = file.limits.fDroidSummaryMaxCharacters.value
        case .fullDescription: limit = file.limits.fDroidDescriptionMaxCharacters.value
        case .releaseNotes: limit = file.limits.fDroidWhatsNewMaxCharacters.value
        default: return []
        }
        // F-Droid reads the file as UTF-8 with bad bytes replaced, and strips newlines around one-line fields.
        var text = (try? file.decoded.get()) ?? String(decoding: file.bytes, as: UTF8.self)
        var leadingLines = 0
        if [.title, .shortDescription].contains(file.field) {
            leadingLines = text.prefix { $0 == "\n" }.count
            let body = text.drop { $0 == "\n" }
            text = String(body[..<(body.lastIndex { $0 != "\n" }.map(body.index(after:)) ?? body.startIndex)])
        }
        let count = text.unicodeScalars.count
        guard count > limit else { return [] }
        var place = TextDecoding.location(ofScalarAt: limit, in: text)
        place.line = (place.line ?? 1) + leadingLines
        return [
            finding(
                at: place,
                "\(file.field.label) is \(count) characters; F-Droid shows only the first \(limit)\(file.forLanguage)",
                hint: "shorten it to \(limit) characters; the text from here on is cut off")
        ]
    }

    /// Every F-Droid rule.
    static let all: [Rule] = [textCut.rule]

    /// The entries on one text file F-Droid reads.
    static let fileChecks: [ListingTextRule] = [textCut]
}
