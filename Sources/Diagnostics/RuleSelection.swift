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
            FileReport(
                file: file.file,
                diagnostics: file.diagnostics.compactMap { diagnostic in
                    switch settings[diagnostic.ruleID] {
                    case .off:
                        return nil
                    case .on:
                        return diagnostic
                    case .severity(let severity):
                        var changed = diagnostic
                        changed.severity = severity
                        return changed
                    case nil:
                        if let rule = catalog.rules[diagnostic.ruleID], !rule.isEnabledByDefault {
                            withheld[diagnostic.ruleID, default: 0] += 1
                            return nil
                        }
                        return diagnostic
                    }
                }, artifact: file.artifact, unreadable: file.unreadable)
        }
        return (Report(files: files), withheld)
    }
}
