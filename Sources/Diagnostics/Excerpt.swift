/// A value from a user's file as a finding quotes it: whole when it is short, else its start and its end around
/// the number of characters left out, so a 4 MB string in a build file makes a readable line, not a 4 MB report.
public enum Excerpt {
    /// The longest value quoted whole; real package names, expressions and listing words are far shorter.
    public static let maximumCharacters = 160
    /// Characters kept from each end of a longer value.
    static let keptAtStart = 100
    static let keptAtEnd = 40

    /// `value`, or its excerpt when it is longer than ``maximumCharacters``.
    public static func of(_ value: some StringProtocol) -> String {
        guard value.count > maximumCharacters else { return String(value) }
        let left = value.count - keptAtStart - keptAtEnd
        return "\(value.prefix(keptAtStart))…(\(left) characters left out)…\(value.suffix(keptAtEnd))"
    }
}

extension Diagnostic {
    /// The longest message or hint kept whole: findings that list many things (the declarations a manifest
    /// may need) reach a few thousand characters; past this the middle is cut, a last guard for a value quoted
    /// without ``Excerpt``.
    public static let maximumMessageCharacters = 16_384

    /// `text` with its middle cut when it is longer than ``maximumMessageCharacters``.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumMessageCharacters, text.count > maximumMessageCharacters else { return text }
        let kept = maximumMessageCharacters / 2
        return "\(text.prefix(kept))…(\(text.count - 2 * kept) characters left out)…\(text.suffix(kept))"
    }
}
