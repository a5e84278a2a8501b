/// Which rules report, and how loudly: each rule's default (on, or opt-in) changed by the user's choices.
///
/// One place decides this for every command, so `playprep check`, `listing check` and the library agree.
public struct RuleSelection: Sendable, Hashable {
    /// What the user said about one rule.
    public enum Setting: Sendable, Hashable {
        case off
        /// On at the rule's own severity (turns an opt-in rule on).
        case on
        /// On at this severity.
        case severity(Severity)
    }

    public var settings: [String: Setting]

    public init(settings: [String: Setting] = [:]) {
        self.settings = settings
    }

    /// Turns the rules `ids` on; a severity already chosen for one of them stays.
    public mutating func enable(_ ids: some Sequence<String>) {
        for id in ids {
            if case .severity = settings[id] { continue }
            settings[id] = .on
        }
    }

    /// Turns the rules `ids` off.
    public mutating func disable(_ ids: some Sequence<String>) {
        for id in ids { settings[id] = .off }
    }

    /// Whether the user turned rule `id` on (or gave it a severity), as an opt-in rule needs.
    public func isTurnedOn(_ id: String) -> Bool {
        switch settings[id] {
        case .on, .severity: true
        case .off, nil: false
        }
    }

    /// What `report` says once the selection is applied, and how many findings of each opt-in rule nobody
    /// turned on it held back (rules turned off are not counted).
    public func apply(to report: Report, catalog: RuleCatalog) -> (report: Report, withheld: [String: Int]) {
        var withheld = [String: Int]()
        let files = report.files.map { file in
            // Most files keep every finding as it is: they are kept whole instead of rebuilt.
            guard !file.diagnostics.allSatisfy({ outcome(of: $0, catalog: catalog) == .kept }) else { return file }
            var selected = file
            selected.diagnostics = file.diagnostics.compactMap { diagnostic in
                switch outcome(of: diagnostic, catalog: catalog) {
                case .kept:
                    return diagnostic
                case .dropped(let isWithheld):
                    if isWithheld { withheld[diagnostic.ruleID, default: 0] += 1 }
                    return nil
                case .reported(let severity):
                    var changed = diagnostic
                    changed.severity = severity
                    return changed
                }
            }
            return selected
        }
        return (Report(files: files), withheld)
    }

    /// What the selection does to one finding.
    private enum Outcome: Equatable {
        case kept
        /// Not reported: turned off, or (`withheld`) an opt-in rule nobody turned on.
        case dropped(withheld: Bool)
        case reported(Severity)
    }

    private func outcome(of diagnostic: Diagnostic, catalog: RuleCatalog) -> Outcome {
        switch settings[diagnostic.ruleID] {
        case .off:
            .dropped(withheld: false)
        case .on:
            .kept
        case .severity(let severity):
            severity == diagnostic.severity ? .kept : .reported(severity)
        case nil:
            catalog.rules[diagnostic.ruleID].map { !$0.isEnabledByDefault } == true ? .dropped(withheld: true) : .kept
        }
    }
}
