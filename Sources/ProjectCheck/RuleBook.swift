public import Diagnostics

/// What `playprep rules` shows: every rule of a catalogue grouped by family, and for one rule its summary with
/// the examples that pass and fail it (``Rule/passing``, ``Rule/failing``), or a note that none is recorded.
public struct RuleBook: Sendable {
    /// Rules sharing an id prefix, such as `NP` or `TXT`.
    public struct Family: Sendable {
        public var prefix: String
        public var name: String
        public var rules: [Rule]
    }

    /// One example of a rule: a title and the lines that say what it holds.
    public struct Example: Sendable, Hashable, Encodable {
        public var title: String
        public var details: [String]
    }

    /// One rule with its examples. `passing` and `failing` are both empty when none is recorded.
    public struct Entry: Sendable {
        public var rule: Rule
        public var family: String
        public var passing: [Example]
        public var failing: [Example]
        /// Said before the examples, e.g. that fixtures show the rule only in a project check.
        public var note: String?
    }

    public var families: [Family]

    /// The families in the order a reader meets them: NinePatch files first, then the project, then the store.
    static let familyNames: [(prefix: String, name: String)] = [
        ("NP", "NinePatch"), ("PNG", "PNG files"), ("RES", "Resource names"), ("PRJ", "Project"),
        ("PKG", "Package names"), ("TXT", "Listing text"), ("LOC", "Listing locales"), ("LAY", "Listing layout"),
        ("IMG", "Listing graphics"), ("CON", "Listing consistency"), ("FDR", "F-Droid"),
        ("UPL", "Listing uploads"), ("TGT", "Target API level"), ("ART", "Release artifact"),
        ("DCL", "Play Console declarations"), ("REL", "This release against the last (--since, --previous)"),
    ]

    /// The book of every rule playprep has.
    public static var playprep: RuleBook {
        RuleBook(catalog: .playprep)
    }

    /// The rules of `catalog`, grouped by the letters of their ids (unknown prefixes last, by prefix).
    public init(catalog: RuleCatalog) {
        let byPrefix = Dictionary(grouping: catalog.rules.values) { Self.prefix(of: $0.id) }
        let known = Self.familyNames.map(\.prefix)
        let order = known.filter { byPrefix[$0] != nil } + byPrefix.keys.filter { !known.contains($0) }.sorted()
        families = order.map { prefix in
            Family(
                prefix: prefix, name: Self.familyNames.first { $0.prefix == prefix }?.name ?? prefix,
                rules: (byPrefix[prefix] ?? []).sorted { $0.id < $1.id })
        }
    }

    /// The rule `id` (any case) with its examples, or `nil` when there is no such rule.
    public func entry(for id: String) -> Entry? {
        for family in families {
            guard let rule = family.rules.first(where: { $0.id.uppercased() == id.uppercased() }) else { continue }
            let example = { (example: any RuleExample) in Example(title: example.title, details: example.details) }
            return Entry(
                rule: rule, family: family.name, passing: rule.passing.map(example), failing: rule.failing.map(example),
                note: (rule.passing + rule.failing).lazy.compactMap(\.howToCheck).first)
        }
        return nil
    }

    /// `NP` of `NP003`: the id's leading letters.
    static func prefix(of id: String) -> String {
        String(id.prefix { $0.isLetter })
    }

    // MARK: Text

    /// Every rule, one line each under its family: id, default severity, on or opt-in, summary.
    public var listing: String {
        var lines = [String]()
        for family in families {
            lines.append("\(family.name) (\(family.prefix))")
            for rule in family.rules {
                let state = rule.isEnabledByDefault ? "on" : "opt-in"
                lines.append(
                    "  \(rule.id.padding(6))  \(rule.defaultSeverity.rawValue.padding(7))  "
                        + "\(state.padding(6))  \(rule.summary)")
            }
            lines.append("")
        }
        let count = families.map(\.rules.count).reduce(0, +)
        lines.append(
            "\(count) rules; `playprep rules ID` shows one with its examples, `--enable ID` turns an opt-in rule on.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One rule explained, like `lint --show`: id, name, family, severity, state, why that severity, summary and
    /// examples.
    public func explanation(of entry: Entry) -> String {
        let rule = entry.rule
        var lines = [
            "\(rule.id) \(rule.name)",
            "  family:   \(entry.family)",
            "  severity: \(rule.defaultSeverity.rawValue), "
                + (rule.isEnabledByDefault
                    ? "on by default" : "opt-in (--enable \(rule.id) or `\(rule.id): on` in playprep.yml)"),
            "  why:      \(rule.severityReason)",
            "",
            rule.summary,
        ]
        if let note = entry.note { lines += ["", note] }
        for (title, examples) in [("Passes", entry.passing), ("Fails", entry.failing)] where !examples.isEmpty {
            lines += ["", "\(title):"]
            for example in examples {
                lines.append("  - \(example.title)")
                lines += example.details.map { "      \($0)" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// Every rule as a Markdown page (`playprep rules --format markdown`, committed as `docs/rules.md`): one table
    /// per family with id, name, default severity, on or opt-in, what the rule checks and why that severity.
    public var markdown: String {
        let count = families.map(\.rules.count).reduce(0, +)
        var lines = [
            "# Rules",
            "",
            "Generated by `playprep rules --format markdown` from the rule catalogue; do not edit by hand.",
            "\(count) rules in \(families.count) families. `playprep rules ID` shows one rule with the examples that "
                + "pass and fail it; `--enable ID` (or `ID: on` in playprep.yml) turns an opt-in rule on.",
        ]
        for family in families {
            lines += [
                "", "## \(family.name) (\(family.prefix))", "",
                "| id | name | severity | default | what it checks | why this severity |", "|---|---|---|---|---|---|",
            ]
            for rule in family.rules {
                let cells = [
                    rule.id, "`\(rule.name)`", rule.defaultSeverity.rawValue, rule.isEnabledByDefault ? "on" : "opt-in",
                    Self.tableCell(rule.summary), Self.tableCell(rule.severityReason),
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` fit for one Markdown table cell: on one line, with its pipes escaped.
    static func tableCell(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ").reduce(into: "") { cell, character in
            if character == "|" { cell.append("\\") }
            cell.append(character)
        }
    }

    // MARK: JSON

    /// `{"families": [{"prefix", "name", "rules": [{"id", "name", "severity", "enabledByDefault", "summary",
    /// "why"}]}]}`.
    public var listingJSON: String {
        JSONReporter.encode([
            "families": families.map { family in
                FamilyJSON(prefix: family.prefix, name: family.name, rules: family.rules.map(RuleJSON.init))
            }
        ])
    }

    /// The rule's fields as in ``listingJSON``, with `family`, `note`, `passing` and `failing`
    /// (`[{"title", "details"}]`).
    public func explanationJSON(of entry: Entry) -> String {
        JSONReporter.encode(
            EntryJSON(
                rule: RuleJSON(entry.rule), family: entry.family, note: entry.note, passing: entry.passing,
                failing: entry.failing))
    }

    private struct FamilyJSON: Encodable {
        var prefix: String
        var name: String
        var rules: [RuleJSON]
    }

    private struct RuleJSON: Encodable {
        var id: String
        var name: String
        var severity: Severity
        var enabledByDefault: Bool
        var summary: String
        var why: String

        init(_ rule: Rule) {
            id = rule.id
            name = rule.name
            severity = rule.defaultSeverity
            enabledByDefault = rule.isEnabledByDefault
            summary = rule.summary
            why = rule.severityReason
        }
    }

    private struct EntryJSON: Encodable {
        var rule: RuleJSON
        var family: String
        var note: String?
        var passing: [Example]
        var failing: [Example]

        enum CodingKeys: String, CodingKey {
            case id, name, severity, enabledByDefault, summary, why, family, note, passing, failing
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule.id, forKey: .id)
            try container.encode(rule.name, forKey: .name)
            try container.encode(rule.severity, forKey: .severity)
            try container.encode(rule.enabledByDefault, forKey: .enabledByDefault)
            try container.encode(rule.summary, forKey: .summary)
            try container.encode(rule.why, forKey: .why)
            try container.encode(family, forKey: .family)
            try container.encode(note, forKey: .note)
            try container.encode(passing, forKey: .passing)
            try container.encode(failing, forKey: .failing)
        }
    }
}

extension String {
    /// The string left-aligned in `width` columns.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
