/// The member chain that starts a statement: `android`, `defaultConfig.applicationId`,
/// `buildTypes.getByName("release")`, `configure<ApplicationExtension>`, `extra["x"]`.
struct StatementChain {
    struct Segment {
        /// The member name; empty for an index (`["x"]`).
        var name: String
        /// Inside the segment's `( … )`, or the key inside `[ … ]` for an index.
        var arguments: Range<Int>?
        /// `configure<ApplicationExtension>` → `ApplicationExtension` (last name of the type).
        var typeArgument: String?

        var isIndex: Bool { name.isEmpty }
        var isPlainName: Bool { arguments == nil && typeArgument == nil && !name.isEmpty }
    }

    var segments: [Segment]
    /// The first token after the chain.
    var end: Int

    /// Reads the chain at the start of `range`; nil when the range does not start with a name or the chain uses
    /// `?.` (code that runs only when something is set).
    init?(_ script: TokenizedScript, in range: Range<Int>) {
        var index = range.lowerBound
        guard index < range.upperBound, script.isIdentifier(index) else { return nil }
        segments = [Segment(name: script.text(index))]
        index += 1
        while index < range.upperBound {
            if script.isSymbol(index, "?.") { return nil }
            if script.isSymbol(index, "."), script.isIdentifier(index + 1), index + 1 < range.upperBound {
                segments.append(Segment(name: script.text(index + 1)))
                index += 2
            } else if script.isSymbol(index, "("), segments[segments.count - 1].arguments == nil,
                !segments[segments.count - 1].isIndex, let close = script.closer(of: index)
            {
                segments[segments.count - 1].arguments = (index + 1)..<min(close, range.upperBound)
                index = close + 1
            } else if script.isSymbol(index, "["), let close = script.closer(of: index) {
                segments.append(Segment(name: "", arguments: (index + 1)..<min(close, range.upperBound)))
                index = close + 1
            } else if script.isSymbol(index, "<"), segments[segments.count - 1].arguments == nil,
                let (type, after) = Self.typeArgument(script, at: index, limit: range.upperBound)
            {
                segments[segments.count - 1].typeArgument = type
                index = after
            } else {
                break
            }
        }
        end = min(index, range.upperBound)
    }

    /// `<a.b.C>` → ("C", index after `>`).
    private static func typeArgument(_ script: TokenizedScript, at start: Int, limit: Int) -> (String, Int)? {
        var index = start + 1
        var name: String?
        while index < limit, script.isIdentifier(index) {
            name = script.text(index)
            index += 1
            guard script.isSymbol(index, ".") else { break }
            index += 1
        }
        guard let name, script.isSymbol(index, ">") else { return nil }
        return (name, index + 1)
    }
}
