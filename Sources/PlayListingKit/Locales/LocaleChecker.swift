import Diagnostics

/// Checks locale folder names (LOC001–LOC004, and LAY001 for folders that are not locales at all), with hints
/// that know which folders already exist.
struct LocaleChecker: Sendable {
    var resolver: LocaleResolver

    /// Findings per folder name for the locale folders `names` of one tree.
    func check(_ names: [String], layout: ListingLayout) -> [String: [Finding]] {
        let existing = Set(names)
        // The Play code each folder becomes: as it is, or once renamed as the one suggestion says.
        var becomes = [String: String]()
        for name in names {
            switch resolver.verdict(for: name) {
            case .valid: becomes[name] = name
            case .misspelt(let code): becomes[name] = code
            case .nearMiss(let codes) where codes.count == 1: becomes[name] = codes[0]
            default: break
            }
        }
        let claimants = Dictionary(grouping: becomes.keys) { becomes[$0] ?? $0 }
        var findings = [String: [Finding]]()
        for name in names {
            findings[name] = check(name, layout: layout, existing: existing)
            // A folder whose target exists already has LOC002/LOC003 with a hint to merge into it; LOC004 is for
            // folders that would collide only once renamed (`de` and `de_DE` both becoming de-DE).
            if let code = becomes[name], code != name, !existing.contains(code),
                let others = claimants[code]?.filter({ $0 != name }), !others.isEmpty
            {
                findings[name, default: []].append(
                    Finding(
                        LocaleRules.duplicate,
                        "'\(name)' becomes Play's \(code), as \(others.sorted().map { "'\($0)'" }.joined(separator: " and ")) "
                            + "does too; one would overwrite the other",
                        hint: "merge the folders into one '\(code)' folder"))
            }
        }
        return findings
    }

    /// Findings for one locale name, as a folder (or the content of default-language.txt).
    func check(_ name: String, layout: ListingLayout, existing: Set<String> = []) -> [Finding] {
        let sender =
            layout == .fastlane ? "supply sends the folder name as the language" : "GPP sends it as the language"
        switch resolver.verdict(for: name) {
        case .valid:
            return []
        case .misspelt(let code):
            return [
                Finding(
                    LocaleRules.misspelt, "locale '\(name)' must be spelt '\(code)'; \(sender) and Play refuses it",
                    hint: Self.renameHint([code], existing: existing))
            ]
        case .nearMiss(let codes):
            return [
                Finding(
                    LocaleRules.nearMiss, "'\(name)' is not a Play language; \(sender) and Play refuses it mid-upload",
                    hint: Self.renameHint(codes, existing: existing))
            ]
        case .unsupported:
            return [
                Finding(
                    LocaleRules.unsupported,
                    "'\(name)' is not one of Play's 87 listing languages (a placeholder or a language Play lacks); \(sender) and Play refuses it",
                    hint: "remove it from the upload, or rename it to a Play language code")
            ]
        case .notALocale:
            return [
                Finding(
                    LayoutRules.notALocaleFolder,
                    "folder '\(name)' sits where locales go; \(sender) and Play refuses it",
                    hint: "move it out of the metadata folder")
            ]
        }
    }

    /// "rename it to 'a' or 'b'", or, when a target folder exists already, "merge it into the existing 'a'".
    private static func renameHint(_ codes: [String], existing: Set<String>) -> String {
        let quoted = { (codes: [String]) in codes.map { "'\($0)'" }.joined(separator: " or ") }
        let taken = codes.filter(existing.contains)
        let free = codes.filter { !existing.contains($0) }
        if taken.isEmpty { return "rename it to \(quoted(codes))" }
        let merge = "merge it into the existing \(quoted(taken)) folder"
        return free.isEmpty ? merge + ", or remove it" : "rename it to \(quoted(free)), or \(merge)"
    }
}
