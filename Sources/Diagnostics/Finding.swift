/// One problem a rule found, before it is tied to the file the user named (a package name, a text field).
public struct Finding: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var location: Location?
    /// One line with the numbers that matter; lowercase, no final period.
    public var message: String
    public var hint: String?
    /// Set by rules whose findings in several files are one problem (`Cause`).
    public var cause: Cause?

    /// A finding of `rule`, at the rule's default severity unless `severity` is given.
    public init(
        _ rule: Rule, severity: Severity? = nil, at location: Location? = nil, _ message: String,
        hint: String? = nil, cause: Cause? = nil
    ) {
        self.ruleID = rule.id
        self.severity = severity ?? rule.defaultSeverity
        self.location = location
        self.message = message
        self.hint = hint
        self.cause = cause
    }

    /// The finding as a diagnostic of `file`; a location already set on the finding wins over `location`.
    public func diagnostic(file: String, location: Location? = nil) -> Diagnostic {
        Diagnostic(
            ruleID: ruleID, severity: severity, file: file, location: self.location ?? location, message: message,
            hint: hint, cause: cause)
    }
}
