/// The parts of a Gradle version catalog (`gradle/libs.versions.toml`) a build script's values and plugins come
/// from: `[versions]` and `[plugins]`, keyed by accessor path (`android-compileSdk` → `android.compileSdk`).
struct VersionCatalog: Sendable, Hashable {
    /// `libs.versions.<path>` → version text.
    var versions: [String: String] = [:]
    /// `libs.plugins.<path>` → plugin id.
    var plugins: [String: String] = [:]

    /// The accessor path of a catalog key: `-`, `_` and `.` all separate segments.
    static func accessorPath(_ key: String) -> String {
        String(key.map { $0 == "-" || $0 == "_" ? "." : $0 })
    }

    /// Reads the TOML subset catalogs use: `[table]` and `[table.key]` headers, bare and quoted keys, dotted keys,
    /// strings and inline tables. Other tables and values are skipped.
    init(toml bytes: [UInt8]) {
        var table = ""
        var subtableKey: String?
        for rawLine in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var scanner = TOMLLineScanner(Substring(rawLine))
            scanner.skipBlanks()
            guard let first = scanner.peek, first != "#" else { continue }
            if first == "[" {
                let header = scanner.header()
                table = header.first ?? ""
                subtableKey = header.count > 1 ? header.dropFirst().joined(separator: ".") : nil
                continue
            }
            guard table == "versions" || table == "plugins", let key = scanner.dottedKey() else { continue }
            scanner.skipBlanks()
            guard scanner.consume("=") else { continue }
            scanner.skipBlanks()
            let value = scanner.value()
            if let subtableKey {
                // [plugins.android-application] / id = "…"; [versions.x] / strictly = "…" is not a plain version.
                if table == "plugins", key == ["id"], case .string(let id) = value {
                    plugins[Self.accessorPath(subtableKey)] = id
                }
                continue
            }
            let path = Self.accessorPath(key.joined(separator: "."))
            switch (table, value) {
            case ("versions", .string(let version)):
                versions[path] = version
            case ("plugins", .string(let notation)):
                plugins[path] = String(notation.prefix { $0 != ":" })
            case ("plugins", .table(let fields)):
                if let id = fields["id"] { plugins[path] = id }
            default:
                break
            }
        }
    }
}

/// Reads keys and values from one line of TOML.
private struct TOMLLineScanner {
    enum Value {
        case string(String)
        /// An inline table's string fields (`version.ref` kept as a dotted name).
        case table([String: String])
        case other
    }

    private let characters: [Character]
    private var index = 0

    init(_ line: Substring) {
        characters = Array(line)
    }

    var peek: Character? { index < characters.count ? characters[index] : nil }

    mutating func skipBlanks() {
        while let character = peek, character == " " || character == "\t" { index += 1 }
    }

    mutating func consume(_ character: Character) -> Bool {
        guard peek == character else { return false }
        index += 1
        return true
    }

    /// `[a.b]` → ["a", "b"].
    mutating func header() -> [String] {
        _ = consume("[")
        skipBlanks()
        let key = dottedKey() ?? []
        return key
    }

    /// `a.b`, `"a".b`, `'a'` → its parts.
    mutating func dottedKey() -> [String]? {
        var parts: [String] = []
        repeat {
            skipBlanks()
            guard let part = simpleKey() else { return nil }
            parts.append(part)
            skipBlanks()
        } while consume(".")
        return parts
    }

    private mutating func simpleKey() -> String? {
        if peek == "\"" || peek == "'" { return quotedString() }
        var key = ""
        while let character = peek, character.isLetter || character.isNumber || character == "-" || character == "_" {
            key.append(character)
            index += 1
        }
        return key.isEmpty ? nil : key
    }

    mutating func value() -> Value {
        if peek == "\"" || peek == "'" { return quotedString().map(Value.string) ?? .other }
        guard consume("{") else { return .other }
        var fields: [String: String] = [:]
        while true {
            skipBlanks()
            if consume("}") || peek == nil { break }
            guard let key = dottedKey() else { break }
            skipBlanks()
            guard consume("=") else { break }
            skipBlanks()
            // Only string fields matter (`id`, `version.ref`); a nested table ends the read instead of recursing.
            guard peek == "\"" || peek == "'", let text = quotedString() else { break }
            fields[key.joined(separator: ".")] = text
            skipBlanks()
            _ = consume(",")
        }
        return .table(fields)
    }

    /// A basic ("…", with escapes) or literal ('…') string; nil when it is not closed on this line.
    private mutating func quotedString() -> String? {
        guard let quote = peek else { return nil }
        index += 1
        var text = ""
        while let character = peek {
            index += 1
            if character == quote { return text }
            if character == "\\" && quote == "\"", let escaped = peek {
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
                continue
            }
            text.append(character)
        }
        return nil
    }
}
