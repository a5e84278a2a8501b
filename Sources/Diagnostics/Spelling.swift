/// The nearest known word to a mistyped one, for "did you mean …?": rule ids, command names.
public enum Spelling {
    /// The word of `known` nearest to `word` (fewest edits, ignoring letter case), when it is within
    /// `maximumEdits` (no limit: always one).
    public static func closest(to word: String, among known: [String], maximumEdits: Int? = nil) -> String? {
        let wanted = Array(word.uppercased())
        let scored = known.map { ($0, distance(wanted, Array($0.uppercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return maximumEdits.map { best.1 <= $0 } ?? true ? best.0 : nil
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
