/// The constants a Fastfile defines that its lanes use to pick a tree or a flag, read as text: string constants
/// (`WEAR_APP = 'WooCommerce-Wear'`) and hash constants keyed by strings or by those constants
/// (`METADATA_DIR_PATH = { MOBILE_APP => File.join(Dir.pwd, 'metadata', 'android'), … }.freeze`), so an upload's
/// `metadata_path: METADATA_DIR_PATH[app]` and `skip_upload_metadata: app == WEAR_APP` can be read as each CI
/// run sends them (`fastlane build_and_upload app:WooCommerce-Wear`).
///
/// Values are what fastlane's Ruby makes of them: a string literal without interpolation, a string constant, or
/// `File.join` of those and `Dir.pwd` (the `fastlane/` folder: fastlane evaluates the Fastfile there), as a path
/// relative to the folder fastlane runs in. Anything else is left unknown (`nil`), never guessed.
struct RubyConstants: Sendable {
    /// `NAME = 'value'`.
    private(set) var strings: [String: String] = [:]
    /// `NAME = { key => value, … }`: each key's value, `nil` when the value is not known.
    private(set) var hashes: [String: [String: String?]] = [:]

    init() {}

    /// Adds the constants of one file (later definitions of a name are ignored, as Ruby warns and keeps the
    /// first only until it is reassigned; a Fastfile defines each once).
    mutating func read(_ source: RubySource) {
        let lines = source.lines
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let (name, value) = Self.assignment(lines[index]) else { continue }
            if value.hasPrefix("{") {
                // The hash runs to its closing brace, over as many lines as it takes.
                var text = value
                while RubySource.walkBrackets(text) > 0, index + 1 < lines.count {
                    index += 1
                    text += "\n" + lines[index]
                }
                guard hashes[name] == nil, let entries = hash(text) else { continue }
                hashes[name] = entries
            } else if strings[name] == nil, let string = RubyValue(text: value).literal {
                strings[name] = string
            }
        }
    }

    /// The value of an expression: a string literal, a string constant, or `File.join(…)` of known parts.
    func value(of expression: String) -> String? {
        let expression = expression.trimmingWhitespace
        if let literal = RubyValue(text: expression).literal { return literal }
        if let constant = strings[expression] { return constant }
        if expression == "Dir.pwd" { return "fastlane" }
        guard expression.hasPrefix("File.join("), expression.hasSuffix(")") else { return nil }
        let inner = expression.dropFirst("File.join(".count).dropLast()
        var parts = [String]()
        for piece in RubySource.splitTopLevel(Array(inner)) {
            guard let part = value(of: piece) else { return nil }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// `NAME[index]` on a hash constant this file defines: the constant and the index expression.
    func lookup(_ expression: String) -> (hash: [String: String?], index: String)? {
        let expression = expression.trimmingWhitespace
        guard let open = expression.firstIndex(of: "["), expression.hasSuffix("]") else { return nil }
        let name = String(expression[..<open])
        guard let hash = hashes[name] else { return nil }
        return (hash, String(expression[expression.index(after: open)..<expression.index(before: expression.endIndex)]))
    }

    /// `NAME = value` with a constant's name (a capital letter first, then capitals, digits and `_`).
    private static func assignment(_ line: String) -> (String, String)? {
        let trimmed = line.trimmingWhitespace
        guard let first = trimmed.first, first.isUppercase, let equals = trimmed.firstIndex(of: "=") else {
            return nil
        }
        let name = trimmed[..<equals].trimmingWhitespace
        let after = trimmed.index(after: equals)
        guard name.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }), after < trimmed.endIndex,
            trimmed[after] != "=", trimmed[after] != "~"
        else { return nil }
        return (name, trimmed[after...].trimmingWhitespace)
    }

    /// The entries of `{ key => value, … }` (a trailing `.freeze` allowed); `nil` when a key is not known.
    private func hash(_ text: String) -> [String: String?]? {
        var body = text.trimmingWhitespace
        if body.hasSuffix(".freeze") { body = String(body.dropLast(".freeze".count)).trimmingWhitespace }
        guard body.hasPrefix("{"), body.hasSuffix("}") else { return nil }
        var entries = [String: String?]()
        for piece in RubySource.splitTopLevel(Array(body.dropFirst().dropLast())) {
            let pair = piece.trimmingWhitespace
            if pair.isEmpty { continue }
            guard let arrow = pair.range(of: "=>"), let key = value(of: String(pair[..<arrow.lowerBound])) else {
                return nil
            }
            entries[key] = value(of: String(pair[arrow.upperBound...]))
        }
        return entries.isEmpty ? nil : entries
    }
}
