import Diagnostics

/// Runs the entries that compare files and locales: the locale-name entries on GPP's declared default language
/// and on every locale folder Play receives, then every family's tree entries on the ``ListingTree``. Findings are
/// keyed by root-relative path, each path's in the order the entries make them.
struct TreeChecker: Sendable {
    var resolver: LocaleResolver

    /// The entries on one locale name.
    static let nameEntries = LocaleRules.nameChecks + LayoutRules.nameChecks
    /// The entries on the tree, in the order their findings are reported.
    static let treeEntries =
        LayoutRules.treeChecks + ImageRules.treeChecks + LocaleRules.treeChecks + TextRules.treeChecks
        + ConsistencyRules.treeChecks

    func check(_ tree: ListingTree) -> [String: [Finding]] {
        var findings: [String: [Finding]] = [:]
        if let declared = tree.declaredDefaultLanguage {
            let name = LocaleName.single(declared, layout: .gpp, resolver: resolver)
            findings["default-language.txt", default: []] += Self.nameEntries.flatMap { $0.findings(on: name) }
        }
        for name in LocaleName.folders(tree.sentLocales, layout: tree.classified.layout, resolver: resolver) {
            let nameFindings = Self.nameEntries.flatMap { $0.findings(on: name) }
            if !nameFindings.isEmpty { findings[tree.folder(of: name.name), default: []] += nameFindings }
        }
        for entry in Self.treeEntries {
            for placed in entry.findings(on: tree) { findings[placed.path, default: []].append(placed.finding) }
        }
        return findings
    }
}
