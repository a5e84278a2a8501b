/// Finds the valid name a misspelt one was meant to be: equal once case, `_` and `-` are ignored, or within a
/// small edit distance.
struct NameSuggester: Sendable {
    var candidates: [String]

    func suggestion(for name: String) -> String? {
        let key = Self.key(name)
        if let exact = candidates.first(where: { Self.key($0) == key }) { return exact }
        let scored = candidates.map { ($0, Self.distance(key, Self.key($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, key.count / 4) else { return nil }
        return best.0
    }

    private static func key(_ name: String) -> [Character] {
        Array(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Levenshtein distance.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
