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
                    tokens.append(.anyAcrossSegments)
                    index += 2
                    // `**/` also matches no folder at all.
                    if index < characters.count && characters[index] == "/" { index += 1 }
                    continue
                }
                tokens.append(.anyInSegment)
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

    private static func matches(_ tokens: [Token], _ path: String) -> Bool {
        let characters = Array(path)
        var memo = [Int: Bool]()
        func match(_ token: Int, _ position: Int) -> Bool {
            let key = token * (characters.count + 1) + position
            if let known = memo[key] { return known }
            let result: Bool
            if token == tokens.count {
                result = position == characters.count
            } else {
                switch tokens[token] {
                case .literal(let character):
                    result =
                        position < characters.count && characters[position] == character
                        && match(token + 1, position + 1)
                case .oneCharacter:
                    result =
                        position < characters.count && characters[position] != "/"
                        && match(token + 1, position + 1)
                case .anyInSegment:
                    var end = position
                    var found = match(token + 1, end)
                    while !found && end < characters.count && characters[end] != "/" {
                        end += 1
                        found = match(token + 1, end)
                    }
                    result = found
                case .anyAcrossSegments:
                    var end = position
                    var found = match(token + 1, end)
                    while !found && end < characters.count {
                        end += 1
                        found = match(token + 1, end)
                    }
                    result = found
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }
}
