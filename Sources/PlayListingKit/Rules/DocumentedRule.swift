public import Diagnostics

/// A rule's descriptor together with inputs that pass it and inputs that break it (SwiftLint's
/// triggering / non-triggering examples). Tests run every example; docs can print them.
public struct DocumentedRule<Example: Sendable>: Sendable {
    public var descriptor: RuleDescriptor
    /// Inputs on which the rule reports nothing.
    public var passing: [Example]
    /// Inputs on which the rule reports at least one finding.
    public var failing: [Example]

    public init(_ descriptor: RuleDescriptor, passing: [Example], failing: [Example]) {
        self.descriptor = descriptor
        self.passing = passing
        self.failing = failing
    }

    /// The rule id, e.g. `PKG004`.
    public var id: String { descriptor.id }
}

extension RuleDescriptor {
    /// Shorthand used by the rule tables of this module; `optIn` rules report only when turned on.
    init(_ id: String, _ name: String, _ severity: Severity, _ summary: String, optIn: Bool = false) {
        self.init(id: id, name: name, defaultSeverity: severity, summary: summary, isEnabledByDefault: !optIn)
    }
}
