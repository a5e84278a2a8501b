/// A path pattern as used in `playprep.yml` `exclude:` lists: `*` matches within one folder name, `**` across
/// folders, `?` one character; patterns are matched against paths relative to the project root.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    let pattern: String
    private let tokens: [Token]

    private enum Token: Hashable {
        case literal(Character)
        case anyInSegment
        case anyAcrossSegments
        case oneCharacter
    }

    /// The longest pattern `playprep.yml` may give: real excludes are a few dozen characters; the matcher's time
    /// grows with the pattern's length times the path's.
    public static let maximumPatternLength = 1_024

    public init(_ pattern: String) {
        self.pattern = pattern
        var tokens = [Token]()
        var characters = Array(pattern)
        // A trailing slash means "this folder and everything in it".
        if characters.last == "/" { characters += ["*", "*"] }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "*" {
                if index + 1 < characters.count && characters[index + 1] == "*" {
                    index += 2
                    // `**/` also matches no folder at all.
                    if index < characters.count && characters[index] == "/" { index += 1 }
                    // A run of stars is one: `**` absorbs a `*` beside it.
                    if tokens.last == .anyInSegment { tokens.removeLast() }
                    if tokens.last != .anyAcrossSegments { tokens.append(.anyAcrossSegments) }
                    continue
                }
                if tokens.last != .anyInSegment && tokens.last != .anyAcrossSegments { tokens.append(.anyInSegment) }
            } else if character == "?" {
                tokens.append(.oneCharacter)
            } else {
                tokens.append(.literal(character))
            }
            index += 1
        }
        self.tokens = tokens
    }

    public var description: String { pattern }

    /// Whether `path` (relative, `/`-separated) matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        Self.matches(tokens, path)
    }

    /// Whether every path below `folder` (relative, `/`-separated) matches, so a walk need not enter it: the
    /// pattern is `**`, or ends in `/**` after a part that matches the folder itself.
    func matchesEverything(under folder: String) -> Bool {
        if tokens == [.anyAcrossSegments] { return true }
        guard tokens.count >= 2, tokens.last == .anyAcrossSegments, tokens[tokens.count - 2] == .literal("/") else {
            return false
        }
        return Self.matches(Array(tokens.dropLast(2)), folder)
    }

    /// Runs the pattern as a set of positions over the path, one character at a time: time proportional to the
    /// pattern's length times the path's, memory to the pattern's, no recursion.
    private static func matches(_ tokens: [Token], _ path: String) -> Bool {
        var current = PositionSet(count: tokens.count + 1)
        var next = PositionSet(count: tokens.count + 1)
        current.insert(0, skippingStarsOf: tokens)
        for character in path {
            next.removeAll()
            for position in current.members where position < tokens.count {
                switch tokens[position] {
                case .literal(let expected):
                    if character == expected { next.insert(position + 1, skippingStarsOf: tokens) }
                case .oneCharacter:
                    if character != "/" { next.insert(position + 1, skippingStarsOf: tokens) }
                case .anyInSegment:
                    if character != "/" { next.insert(position, skippingStarsOf: tokens) }
                case .anyAcrossSegments:
                    next.insert(position, skippingStarsOf: tokens)
                }
            }
            if next.members.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains(tokens.count)
    }

    /// Positions in a pattern (how many tokens have matched so far), without repeats.
    private struct PositionSet {
        private var present: [Bool]
        private(set) var members: [Int] = []

        init(count: Int) { present = Array(repeating: false, count: count) }

        func contains(_ position: Int) -> Bool { present[position] }

        /// Adds `position` and, since a star may match nothing, the positions after each star that follows it.
        mutating func insert(_ position: Int, skippingStarsOf tokens: [Token]) {
            var position = position
            while !present[position] {
                present[position] = true
                members.append(position)
                guard position < tokens.count,
                    tokens[position] == .anyInSegment || tokens[position] == .anyAcrossSegments
                else { return }
                position += 1
            }
        }

        mutating func removeAll() {
            for position in members { present[position] = false }
            members.removeAll(keepingCapacity: true)
        }
    }
}
