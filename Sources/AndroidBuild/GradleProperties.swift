/// The Gradle properties a script sees: `-P` overrides first, then the module's gradle.properties, then the root's.
struct GradleProperties: Sendable {
    /// Most important first.
    private var layers: [[String: String]]

    init(layers: [[String: String]]) {
        self.layers = layers
    }

    func value(of name: String) -> String? {
        for layer in layers {
            if let value = layer[name] { return value }
        }
        return nil
    }

    /// `System.getProperty(name)` as far as the build defines it: `systemProp.name` in gradle.properties.
    func systemProperty(_ name: String) -> String? { value(of: "systemProp." + name) }
}

/// Reads a Java `.properties` file (gradle.properties): `key=value`, `key: value` or `key value` lines, `#` and `!`
/// comments, backslash line continuations and escapes (`\:`, `\=`, `\t`, `\uXXXX`). The bytes are ISO-8859-1, as
/// `java.util.Properties.load(InputStream)` and so Gradle read them (gradle/gradle#13741): every byte is a character.
enum PropertiesFile {
    static func parse(_ bytes: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        for line in logicalLines(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))) {
            let characters = Array(line.drop { $0 == " " || $0 == "\t" || $0 == "\u{0C}" })
            guard let first = characters.first, first != "#", first != "!" else { continue }
            var key = ""
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character == "\\", index + 1 < characters.count {
                    key.append(unescape(characters, at: &index))
                    continue
                }
                if character == "=" || character == ":" || character == " " || character == "\t" { break }
                key.append(character)
                index += 1
            }
            while index < characters.count && (characters[index] == " " || characters[index] == "\t") { index += 1 }
            if index < characters.count && (characters[index] == "=" || characters[index] == ":") { index += 1 }
            while index < characters.count && (characters[index] == " " || characters[index] == "\t") { index += 1 }
            var value = ""
            while index < characters.count {
                if characters[index] == "\\", index + 1 < characters.count {
                    value.append(unescape(characters, at: &index))
                } else {
                    value.append(characters[index])
                    index += 1
                }
            }
            result[key] = value
        }
        return result
    }

    /// Lines joined where one ends in an odd number of backslashes (the next line's leading blanks dropped).
    private static func logicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var pending: String?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = Substring(rawLine)
            if pending != nil { line = line.drop { $0 == " " || $0 == "\t" } }
            let trailingBackslashes = line.reversed().prefix { $0 == "\\" }.count
            let isComment =
                pending == nil && (line.first { $0 != " " && $0 != "\t" }).map { $0 == "#" || $0 == "!" } ?? false
            if trailingBackslashes % 2 == 1 && !isComment {
                // Appended in place: a long run of continued lines stays linear.
                pending = pending ?? ""
                pending?.append(contentsOf: line.dropLast())
            } else {
                lines.append((pending ?? "") + line)
                pending = nil
            }
        }
        if let pending { lines.append(pending) }
        return lines
    }

    private static func unescape(_ characters: [Character], at index: inout Int) -> Character {
        let escaped = characters[index + 1]
        index += 2
        switch escaped {
        case "t": return "\t"
        case "n": return "\n"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "u":
            let digits = String(characters[index..<min(index + 4, characters.count)])
            if digits.count == 4, let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) {
                index += 4
                return Character(scalar)
            }
            return "u"
        default: return escaped
        }
    }
}
