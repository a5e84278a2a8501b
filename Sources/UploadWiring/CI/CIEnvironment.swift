/// The variables a command runs with: the CI file's, the job's, the step's and what scripts `export` on the way,
/// each level kept once and shared by every command below it (5,000 workflow variables over 5,000 steps are
/// 5,000 entries, not 25 million). Read it like a dictionary: `environment["SUPPLY_TRACK"]`.
public struct CIEnvironment: Sendable, Hashable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One level's variables, shared by reference between the commands that see it.
    private final class Level: Sendable {
        let values: [String: String]
        init(_ values: [String: String]) { self.values = values }
    }

    /// Outermost first; an inner level's value wins.
    private var levels: [Level] = []

    public init() {}

    public init(_ values: [String: String]) {
        if !values.isEmpty { levels = [Level(values)] }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// The value of `name`, from the innermost level that sets it.
    public subscript(name: String) -> String? {
        for level in levels.reversed() {
            if let value = level.values[name] { return value }
        }
        return nil
    }

    /// This environment with `values` set on top (shared, not copied, by every command that receives the result).
    public func adding(_ values: [String: String]) -> CIEnvironment {
        guard !values.isEmpty else { return self }
        var result = self
        result.levels.append(Level(values))
        return result
    }

    /// Every variable with its effective value.
    public var values: [String: String] {
        levels.reduce(into: [String: String]()) { merged, level in merged.merge(level.values) { $1 } }
    }

    public var isEmpty: Bool { levels.allSatisfy(\.values.isEmpty) }

    public var description: String { values.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ") }

    public static func == (lhs: CIEnvironment, rhs: CIEnvironment) -> Bool {
        lhs.levels.count == rhs.levels.count && zip(lhs.levels, rhs.levels).allSatisfy { $0 === $1 }
            || lhs.values == rhs.values
    }

    /// Equal environments may be layered differently, so only what every layering shares is hashed: nothing.
    /// Commands are told apart by their text and evidence.
    public func hash(into hasher: inout Hasher) {}
}
