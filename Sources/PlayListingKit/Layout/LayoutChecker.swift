import Diagnostics

/// Runs the layout entries (LAY002–LAY008) on the facts a classifier recorded on one tree, so the classifiers know
/// no rules and no words.
enum LayoutChecker {
    /// The findings of every entry on `facts`, keyed by root-relative path, each path's in entry order.
    static func check(_ facts: LayoutFacts) -> [String: [Finding]] {
        var byPath: [String: [Finding]] = [:]
        for entry in LayoutRules.factChecks {
            for placed in entry.findings(on: facts) { byPath[placed.path, default: []].append(placed.finding) }
        }
        return byPath
    }
}
