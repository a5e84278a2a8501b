/// Checks locale folder names (LOC001–LOC004, and LAY001 for folders that are not locales at all).
struct LocaleChecker: Sendable {
    var resolver: LocaleResolver

    /// Findings for one locale name, as a folder (or the content of default-language.txt).
    func check(_ name: String, layout: ListingLayout) -> [Finding] {
        let sender = layout == .fastlane ? "supply sends the folder name as the language" : "GPP sends it as the language"
        switch resolver.verdict(for: name) {
        case .valid:
            return []
        case .misspelt(let code):
            return [Finding(
                LocaleRules.misspelt.descriptor, "locale '\(name)' must be spelt '\(code)'; \(sender) and Play refuses it",
                hint: "rename it to '\(code)'")]
        case .nearMiss(let codes):
            let options = codes.map { "'\($0)'" }.joined(separator: " or ")
            return [Finding(
                LocaleRules.nearMiss.descriptor, "'\(name)' is not a Play language; \(sender) and Play refuses it mid-upload",
                hint: "rename it to \(options)")]
        case .unsupported:
            return [Finding(
                LocaleRules.unsupported.descriptor,
                "'\(name)' is not one of Play's 87 listing languages (a placeholder or a language Play lacks); \(sender) and Play refuses it",
                hint: "remove it from the upload, or rename it to a Play language code")]
        case .notALocale:
            return [Finding(
                LayoutRules.notALocaleFolder.descriptor,
                "folder '\(name)' sits where locales go; \(sender) and Play refuses it",
                hint: "move it out of the metadata folder")]
        }
    }

    /// LOC004: folders that normalise to the same Play code.
    func duplicates(_ names: [String]) -> [String: Finding] {
        let groups = Dictionary(grouping: names) { resolver.canonical($0) ?? $0 }
        var findings: [String: Finding] = [:]
        for (code, group) in groups where group.count > 1 {
            for name in group where name != code {
                findings[name] = Finding(
                    LocaleRules.duplicate.descriptor,
                    "'\(name)' and '\(group.filter { $0 != name }.joined(separator: "', '"))' are the same Play language \(code); one overwrites the other",
                    hint: "merge them into '\(code)'")
            }
        }
        return findings
    }
}
