/// A rule as one entry: the rule (with its passing and failing examples) and the check that finds it on its
/// family's subject, so adding a rule touches one place. Each family names its subject, the context its checker
/// fills once (a listing text file, a NinePatch frame, a package name, an artifact's contents), and what a check
/// returns: `Finding`s where the checker knows the file, `Diagnostic`s where a check names files itself. The
/// checker runs every entry of its family in order; the catalogue, the example test and `playprep rules` read
/// the same entries' `rule`.
///
/// ```swift
/// public typealias ArtifactRule = RuleCheck<ArtifactContents, Diagnostic, ArtifactError>
/// ```
public struct RuleCheck<Subject, Output, Failure: Error>: Sendable {
    /// The maker of this rule's findings, made once, and the check, behind one reference: checkers run their
    /// entries on every file, and an entry copied by value copies every text and example of its rule.
    @usableFromInline let storage: Storage

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let output: RuleOutput
        @usableFromInline let check: @Sendable (Subject, RuleOutput) throws(Failure) -> [Output]

        init(output: RuleOutput, check: @escaping @Sendable (Subject, RuleOutput) throws(Failure) -> [Output]) {
            self.output = output
            self.check = check
        }
    }

    /// An entry: `check` gets the subject and a maker of this rule's findings, at its default severity unless
    /// told otherwise.
    public init(
        _ rule: Rule,
        check: @escaping @Sendable (_ subject: Subject, _ finding: RuleOutput) throws(Failure) -> [Output]
    ) {
        storage = Storage(output: RuleOutput(rule: rule), check: check)
    }

    public var rule: Rule { storage.output.rule }

    /// The rule's id, as the catalogue and the rule selection name it.
    public var id: String { storage.output.rule.id }

    /// The rule's findings on `subject`, in the order the check makes them. Inlinable, so a checker in another
    /// module calls its entries with its own types instead of through generic copies of the subject.
    @inlinable
    public func findings(on subject: Subject) throws(Failure) -> [Output] {
        try storage.check(subject, storage.output)
    }
}

extension Array {
    /// The findings of every entry of a family's list on `subject`, entry by entry in order. The entries are read
    /// in place, not copied: checkers run their lists on every file. Most entries find nothing: their empty
    /// results are not appended, since appending even an empty list to the empty one allocates a buffer.
    @inlinable
    public func findings<Subject, Output, Failure>(on subject: Subject) throws(Failure) -> [Output]
    where Element == RuleCheck<Subject, Output, Failure> {
        var found = [Output]()
        try withUnsafeBufferPointer { entries throws(Failure) in
            for index in entries.indices {
                let more = try entries[index].findings(on: subject)
                if more.isEmpty { continue }
                if found.isEmpty { found = more } else { found += more }
            }
        }
        return found
    }
}

/// Makes one rule's findings or diagnostics, at the rule's default severity unless `severity` is given, so a
/// check never spells its own id.
public struct RuleOutput: Sendable {
    public let rule: Rule

    public init(rule: Rule) {
        self.rule = rule
    }

    /// A finding of the rule (the checker adds the file).
    public func callAsFunction(
        severity: Severity? = nil, at location: Location? = nil, _ message: String, hint: String? = nil,
        cause: Cause? = nil
    ) -> Finding {
        Finding(rule, severity: severity, at: location, message, hint: hint, cause: cause)
    }

    /// A diagnostic of the rule in `file`, for checks whose subject spans several files.
    public func diagnostic(
        file: String, severity: Severity? = nil, at location: Location? = nil, _ message: String, hint: String? = nil
    ) -> Diagnostic {
        rule.diagnostic(file: file, severity: severity, at: location, message, hint: hint)
    }
}
