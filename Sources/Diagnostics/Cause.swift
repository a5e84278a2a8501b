/// Why a rule fired, as the rule itself names it, so that the same problem in many files (every screenshot of
/// one size in every locale, say) is one finding for people and one baseline entry, not fifty.
///
/// Reporters group diagnostics by rule, severity and `key` (`FindingGroup`), never by comparing messages. A rule
/// sets a cause only when its findings in different files are really one problem with one fix.
public struct Cause: Sendable, Hashable {
    /// Stable identity of the cause within its rule, free of positions: `phone-screenshots 1080x2340`. It is also
    /// the baseline fingerprint of the finding.
    public var key: String
    /// The files it is about, in the plural: `phone screenshots`.
    public var subjects: String
    /// What holds for all of them, as a plural predicate: `are 1080x2340, 2.17:1; Play documents at most 2.00:1`.
    public var statement: String
    /// Where this file sits among its group (a locale, a density), counted in the group's message.
    public var scope: Scope?

    public init(key: String, subjects: String, statement: String, scope: Scope? = nil) {
        self.key = key
        self.subjects = subjects
        self.statement = statement
        self.scope = scope
    }

    /// One value of the dimension a cause repeats along, e.g. the locale `de-DE`.
    public struct Scope: Sendable, Hashable {
        /// The dimension in the plural: `locales`, `densities`.
        public var kind: String
        public var value: String

        public init(kind: String, value: String) {
            self.kind = kind
            self.value = value
        }
    }
}

/// The identity a finding keeps across unrelated edits: its rule's cause key when the rule sets one, else its
/// message with every run of digits replaced by `#`, so a moved pixel, line or count does not change it.
public struct Fingerprint: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public var value: String

    public init(_ value: String) {
        self.value = value
    }

    /// The fingerprint of `diagnostic`.
    public init(of diagnostic: Diagnostic) {
        value = diagnostic.cause?.key ?? Self.normalised(diagnostic.message)
    }

    /// `text` with each run of ASCII digits replaced by one `#`.
    public static func normalised(_ text: String) -> String {
        var out = ""
        var inDigits = false
        for character in text {
            if character.isASCII, character.isNumber {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                out.append(character)
                inDigits = false
            }
        }
        return out
    }

    public var description: String { value }

    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool { lhs.value < rhs.value }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
