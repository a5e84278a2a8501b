/// The constants of the build's own Kotlin code in `buildSrc` (`object Versions { const val targetSdk = 28 }`),
/// which scripts read as `Versions.targetSdk`: whole numbers and plain strings only, by object and name. A value
/// computed by code is left out, so the script's expression stays unresolved (build code).
struct BuildCodeConstants: Sendable {
    private(set) var objects: [String: [String: ScriptValue]] = [:]

    init() {}

    /// The constants of every `object` in `sources` (the `.kt` files under `buildSrc/src/main/`).
    init(sources: [ScriptSource]) {
        for source in sources { read(source.text(0..<source.bytes.count)) }
    }

    subscript(object: String) -> [String: ScriptValue]? { objects[object] }

    /// Reads `object Name {` blocks line by line, keeping `val`/`const val name = literal` at the object's own
    /// level (not inside a nested function or class).
    private mutating func read(_ text: String) {
        var depth = 0
        var open = [(name: String, depth: Int)]()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "{" })
            if let index = words.firstIndex(of: "object"), index + 1 < words.count, index <= 2 {
                open.append((String(words[index + 1]), depth + 1))
            } else if let object = open.last, object.depth == depth, let (name, value) = Self.constant(trimmed) {
                objects[object.name, default: [:]][name] = value
            }
            for character in line {
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if let object = open.last, depth < object.depth { open.removeLast() }
                }
            }
        }
    }

    /// `const val name = 28`, `val name: Int = 28`, `const val name = "x"`.
    private static func constant(_ line: Substring) -> (String, ScriptValue)? {
        var rest = line
        if rest.hasPrefix("const ") { rest = rest.dropFirst("const ".count) }
        guard rest.hasPrefix("val "), let equals = rest.firstIndex(of: "=") else { return nil }
        let name = rest.dropFirst("val ".count)[..<equals].split(separator: ":").first.map {
            $0.filter { $0 != " " }
        }
        var value = rest[rest.index(after: equals)...].drop { $0 == " " }
        while value.last == " " || value.last == "\r" { value = value.dropLast() }
        guard let name, !name.isEmpty else { return nil }
        if let number = Int(value) { return (name, .int(number)) }
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            let inner = value.dropFirst().dropLast()
            guard !inner.contains("$"), !inner.contains("\\"), !inner.contains("\"") else { return nil }
            return (name, .string(String(inner)))
        }
        return nil
    }
}
