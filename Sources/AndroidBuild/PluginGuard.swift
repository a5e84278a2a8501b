/// Reads the condition of an `if` that applies a plugin, to tell the usual guard of a publishing plugin ("apply it
/// where the publishing credentials are": `publishingKey != null && file(publishingKey).exists()`,
/// `System.getenv("PLAY_JSON_KEY") != null`, `project.hasProperty("playCredentials")`) from any other condition.
struct PluginGuard {
    let script: TokenizedScript

    /// Words of a name or path that say it holds publishing credentials.
    static let credentialWords = ["key", "credential", "secret", "json", "serviceaccount", "service_account"]
    /// Words of the signing set-up, which are not Play's credentials (`keystore`, `signingKey`).
    static let signingWords = ["keystore", "signing", "storepass", "store_pass"]

    /// Whether every `&&` clause of `condition` only tests that something named like credentials is present: a
    /// value not null (or Groovy-true), a file that exists or can be read, a project property that is set. A
    /// negation, an `||`, a comparison with a value or any other test makes it false.
    func testsOnlyCredentials(_ condition: Range<Int>) -> Bool {
        let clauses = self.clauses(of: condition)
        return !clauses.isEmpty
            && clauses.allSatisfy { clause in
                guard let subject = presenceSubject(clause) else { return false }
                return namesCredentials(subject)
            }
    }

    /// The condition split at its top-level `&&`; empty when it has a top-level `||`.
    private func clauses(of condition: Range<Int>) -> [Range<Int>] {
        var clauses = [Range<Int>]()
        var start = condition.lowerBound
        var index = condition.lowerBound
        while index < condition.upperBound {
            if script.isOpener(index), let close = script.closer(of: index) {
                index = close + 1
                continue
            }
            if script.isSymbol(index, "||") { return [] }
            if script.isSymbol(index, "&&") {
                clauses.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        clauses.append(start..<condition.upperBound)
        return clauses.map(unwrapped)
    }

    /// A clause without the parentheses around all of it.
    private func unwrapped(_ clause: Range<Int>) -> Range<Int> {
        var clause = clause
        while clause.count >= 2, script.isSymbol(clause.lowerBound, "("),
            script.closer(of: clause.lowerBound) == clause.upperBound - 1
        {
            clause = (clause.lowerBound + 1)..<(clause.upperBound - 1)
        }
        return clause
    }

    /// What a presence test tests: `x != null`, `null != x`, `x.exists()` (`canRead`, `isFile`),
    /// `hasProperty("x")`, or a lone name; `nil` for any other clause.
    private func presenceSubject(_ clause: Range<Int>) -> Range<Int>? {
        guard !clause.isEmpty, !script.isSymbol(clause.lowerBound, "!") else { return nil }
        let last = clause.upperBound - 1
        if clause.count >= 3, script.isIdentifier(last, "null"), script.isSymbol(last - 1, "!=") {
            return clause.lowerBound..<(last - 1)
        }
        if clause.count >= 3, script.isIdentifier(clause.lowerBound, "null"),
            script.isSymbol(clause.lowerBound + 1, "!=")
        {
            return (clause.lowerBound + 2)..<clause.upperBound
        }
        if clause.count >= 4, script.isSymbol(last, ")"), script.isSymbol(last - 1, "("),
            ["exists", "canRead", "isFile"].contains(where: { script.isIdentifier(last - 2, $0) }),
            script.isSymbol(last - 3, ".") || script.isSymbol(last - 3, "?.")
        {
            return clause.lowerBound..<(last - 3)
        }
        if let property = (clause.lowerBound..<clause.upperBound).first(where: {
            script.isIdentifier($0, "hasProperty")
        }),
            script.isSymbol(property + 1, "("), script.closer(of: property + 1) == last
        {
            return (property + 2)..<last
        }
        if clause.count == 1, script.isIdentifier(clause.lowerBound) { return clause }
        return nil
    }

    /// Whether a name or string of `subject` says credentials (`publishingKey`, `"play-service-account.json"`).
    private func namesCredentials(_ subject: Range<Int>) -> Bool {
        subject.contains { index in
            guard index < script.tokens.count, script.tokens[index].kind != .symbol else { return false }
            let text = script.text(index).lowercased()
            return Self.credentialWords.contains { text.contains($0) }
                && !Self.signingWords.contains { text.contains($0) }
        }
    }
}
