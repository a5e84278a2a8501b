import Diagnostics

/// An entry on one locale name: a rule, its examples and its check on the name's verdict.
typealias LocaleNameRule = RuleCheck<LocaleName, Finding, Never>

/// A locale folder name (or the content of GPP's `default-language.txt`) as Play would receive it, judged once
/// against ``PlayLocales``, with the other folders of its tree for the hints: what the LOC001–LOC004 and LAY001
/// entries judge.
struct LocaleName: Sendable {
    let name: String
    let layout: ListingLayout
    let verdict: LocaleVerdict
    /// The tree's locale folder names.
    let existing: Set<String>
    /// The Play code the folder becomes once renamed as the one suggestion says, when it differs from its name.
    let renamedTo: String?
    /// The other folders of the tree that become the same Play code (LOC004).
    let otherClaimants: [String]

    /// The names of a tree's locale folders, each judged with the others in view.
    static func folders(_ names: [String], layout: ListingLayout, resolver: LocaleResolver) -> [LocaleName] {
        let verdicts = names.map { resolver.verdict(for: $0) }
        // The Play code each folder becomes: as it is, or once renamed as the one suggestion says.
        var becomes = [String: String]()
        for (name, verdict) in zip(names, verdicts) {
            switch verdict {
            case .valid: becomes[name] = name
            case .misspelt(let code): becomes[name] = code
            case .nearMiss(let codes) where codes.count == 1: becomes[name] = codes[0]
            default: break
            }
        }
        let claimants = Dictionary(grouping: becomes.keys) { becomes[$0] ?? $0 }
        let existing = Set(names)
        return zip(names, verdicts).map { name, verdict in
            let code = becomes[name].flatMap { $0 == name ? nil : $0 }
            return LocaleName(
                name: name, layout: layout, verdict: verdict, existing: existing, renamedTo: code,
                otherClaimants: code.map { code in claimants[code]?.filter { $0 != name } ?? [] } ?? [])
        }
    }

    /// One name on its own (GPP's `default-language.txt`).
    static func single(_ name: String, layout: ListingLayout, resolver: LocaleResolver) -> LocaleName {
        LocaleName(
            name: name, layout: layout, verdict: resolver.verdict(for: name), existing: [], renamedTo: nil,
            otherClaimants: [])
    }

    /// How the uploader sends the name, for messages.
    var sender: String {
        layout == .fastlane ? "supply sends the folder name as the language" : "GPP sends it as the language"
    }

    /// "rename it to 'a' or 'b'", or, when a target folder exists already, "merge it into the existing 'a'".
    func renameHint(_ codes: [String]) -> String {
        let quoted = { (codes: [String]) in codes.map { "'\($0)'" }.joined(separator: " or ") }
        let taken = codes.filter(existing.contains)
        let free = codes.filter { !existing.contains($0) }
        if taken.isEmpty { return "rename it to \(quoted(codes))" }
        let merge = "merge it into the existing \(quoted(taken)) folder"
        return free.isEmpty ? merge + ", or remove it" : "rename it to \(quoted(free)), or \(merge)"
    }
}
