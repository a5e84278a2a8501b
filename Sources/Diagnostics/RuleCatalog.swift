/// The rules a report may mention, by id, so reporters that describe their rules (SARIF) can do so.
public struct RuleCatalog: Sendable, Hashable {
    public private(set) var descriptors: [String: RuleDescriptor]

    public init(_ descriptors: [RuleDescriptor]) {
        self.descriptors = Dictionary(descriptors.map { ($0.id, $0) }) { first, _ in first }
    }

    /// The descriptor of `id`; an id the catalogue does not know gets a minimal one.
    public func descriptor(for id: String, severity: Severity) -> RuleDescriptor {
        descriptors[id] ?? RuleDescriptor(id: id, name: id.lowercased(), defaultSeverity: severity, summary: id)
    }
}
