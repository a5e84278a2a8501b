public import PlayListingKit

/// What a project's fastlane folder says about its Play uploads: the `upload_to_play_store` / `supply` calls of
/// its Fastfile (any lane) and the Appfile's package name. Read as text, not run: enough to know which parts of
/// the metadata tree supply sends, and for which app.
public struct FastlaneFiles: Sendable {
    /// One call that uploads to Play.
    struct Upload: Sendable, Hashable {
        /// What the call leaves in (its `skip_upload_*` options left out).
        var parts: UploadedParts
        /// `metadata_path:` when given, relative to the folder fastlane runs in.
        var metadataPath: String?
        var packageName: String?
        /// The lane the call is written in (`nil` outside every lane).
        var lane: Lane?
        /// The call's 1-based line in the Fastfile, and its text.
        var line: Int
        var quote: String
    }

    /// One `lane :name do` (or `private_lane`) of the Fastfile.
    struct Lane: Sendable, Hashable {
        var name: String
        /// The `platform :android do` block it is in, if any.
        var platform: String?
        var line: Int
        /// The other lanes its body names (`build; deploy_internal`), which it runs.
        var calls: Set<String>
    }

    var uploads: [Upload]
    var lanes: [Lane]
    /// `package_name("…")` of the Appfile.
    var packageName: String?
    /// The Appfile's `json_key_file(…)` line: a Play service-account key, a sign of uploads from somewhere.
    var jsonKeyLine: (line: Int, quote: String)?

    /// Reads `fastfile` and `appfile` (their contents; either may be absent).
    public init(fastfile: String?, appfile: String?) {
        lanes = fastfile.map(Self.lanes(in:)) ?? []
        uploads = fastfile.map(Self.uploads(in:)) ?? []
        for index in uploads.indices {
            uploads[index].lane = lanes.last { $0.line <= uploads[index].line }
        }
        packageName = appfile.flatMap { Self.stringArgument(of: "package_name", in: Self.withoutComments($0)) }
        if let appfile {
            let lines = Self.withoutComments(appfile).split(separator: "\n", omittingEmptySubsequences: false)
            if let index = lines.firstIndex(where: { $0.contains("json_key_file") || $0.contains("json_key_data") }) {
                jsonKeyLine = (index + 1, lines[index].trimmingWhitespace)
            }
        }
    }

    /// The lanes that run `lane`: itself and every lane of its platform that calls it, directly or not.
    func lanesRunning(_ lane: Lane) -> [Lane] {
        var found = [lane]
        var changed = true
        while changed {
            changed = false
            for candidate in lanes
            where !found.contains(candidate) && candidate.platform == lane.platform
                && found.contains(where: { candidate.calls.contains($0.name) })
            {
                found.append(candidate)
                changed = true
            }
        }
        return found
    }

    /// Whether `fastlane [platform] name` runs `lane`: the same name, and the same platform when both have one.
    static func command(name: String, platform: String?, runs lane: Lane) -> Bool {
        lane.name == name && (platform == nil || lane.platform == nil || lane.platform == platform)
    }

    /// The calls that upload the tree at `path` (relative to the folder fastlane runs in).
    func uploads(ofTreeAt path: String) -> [Upload] {
        let wanted = Self.normalized(path)
        return uploads.filter { Self.normalized($0.metadataPath ?? "fastlane/metadata/android") == wanted }
    }

    private static func lanes(in fastfile: String) -> [Lane] {
        let lines = withoutComments(fastfile).split(separator: "\n", omittingEmptySubsequences: false)
        var starts = [(name: String, platform: String?, line: Int)]()
        var platform: String?
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == "," })
            guard words.count >= 2, words[1].hasPrefix(":") else { continue }
            if words[0] == "platform" { platform = String(words[1].dropFirst()) }
            guard words[0] == "lane" || words[0] == "private_lane" else { continue }
            starts.append((String(words[1].dropFirst()), platform, index + 1))
        }
        let names = Set(starts.map(\.name))
        return starts.enumerated().map { offset, start in
            let end = offset + 1 < starts.count ? starts[offset + 1].line - 1 : lines.count
            var calls = Set<String>()
            for line in lines[start.line..<max(start.line, end)] {
                var word = ""
                for character in line + " " {
                    if character.isLetter || character.isNumber || character == "_" || character == ":" {
                        word.append(character)
                    } else {
                        if names.contains(word), word != start.name { calls.insert(word) }
                        word = ""
                    }
                }
            }
            return Lane(name: start.name, platform: start.platform, line: start.line, calls: calls)
        }
    }

    /// What supply uploads from the metadata tree at `path` (relative to the folder fastlane runs in, such as
    /// `fastlane/metadata/android`): the union over every call that reads it. Empty: nothing goes to Play.
    public func uploadedParts(ofTreeAt path: String) -> UploadedParts {
        uploads(ofTreeAt: path).reduce(into: UploadedParts()) { $0.formUnion($1.parts) }
    }

    /// The package name the uploads are for: the Appfile's, or the one every call names.
    public var uploadedPackage: String? {
        packageName
            ?? Set(uploads.compactMap(\.packageName)).first.flatMap { name in
                uploads.allSatisfy { $0.packageName == nil || $0.packageName == name } ? name : nil
            }
    }

    private static let skipOptions: [(String, UploadedParts)] = [
        ("skip_upload_metadata", .text), ("skip_upload_changelogs", .changelogs), ("skip_upload_images", .images),
        ("skip_upload_screenshots", .screenshots),
    ]

    private static func uploads(in fastfile: String) -> [Upload] {
        let text = Array(withoutComments(fastfile))
        let lineStarts = [0] + text.indices.filter { text[$0] == "\n" }.map { $0 + 1 }
        var found = [Upload]()
        var index = 0
        while index < text.count {
            if text[index] == "\"" || text[index] == "'" {
                // Skip the string: a lane's description may mention supply.
                let quote = text[index]
                index += 1
                while index < text.count, text[index] != quote { index += 1 }
                index += 1
                continue
            }
            guard let (name, end) = identifier(in: text, at: index) else {
                index += 1
                continue
            }
            let start = index
            index = end
            guard name == "upload_to_play_store" || name == "supply" else { continue }
            let (arguments, argumentsEnd) = self.arguments(in: text, after: end)
            index = max(index, argumentsEnd)
            var parts = UploadedParts.all
            for (option, part) in skipOptions where arguments[option] == "true" { parts.remove(part) }
            // The last line start at or before the call (binary search: a hostile Fastfile has many calls).
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= start { low = middle } else { high = middle - 1 }
            }
            let line = low + 1
            let lineStart = lineStarts[low]
            let lineEnd = low + 1 < lineStarts.count ? lineStarts[low + 1] - 1 : text.count
            found.append(
                Upload(
                    parts: parts, metadataPath: arguments["metadata_path"].flatMap(unquoted),
                    packageName: arguments["package_name"].flatMap(unquoted), lane: nil, line: line,
                    quote: String(text[lineStart..<lineEnd]).trimmingWhitespace))
        }
        return found
    }

    /// The word starting at `index` when it is a whole identifier (not part of a longer name or a symbol).
    private static func identifier(in text: [Character], at index: Int) -> (String, Int)? {
        let isWord = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
        guard isWord(text[index]), index == 0 || !isWord(text[index - 1]) && text[index - 1] != ":" else { return nil }
        var end = index
        while end < text.count, isWord(text[end]) { end += 1 }
        return (String(text[index..<end]), end)
    }

    /// `key: value` arguments of a call: inside parentheses, or up to the end of the line without them; and where
    /// they end, so the scan goes on from there (each character is read once).
    private static func arguments(in text: [Character], after start: Int) -> ([String: String], end: Int) {
        var position = start
        while position < text.count, text[position] == " " || text[position] == "\t" { position += 1 }
        var body = ""
        var depth = 0
        var quote: Character?
        var lastVisible: Character?
        if position < text.count, text[position] == "(" {
            position += 1
            depth = 1
        }
        while position < text.count {
            let character = text[position]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" || character == "[" || character == "{" {
                depth += 1
            } else if character == ")" || character == "]" || character == "}" {
                depth -= 1
                if depth <= 0 { break }
            } else if character == "\n", depth == 0, lastVisible != "," {
                break
            }
            body.append(character)
            if !character.isWhitespace { lastVisible = character }
            position += 1
        }
        var arguments = [String: String]()
        for pair in splitTopLevel(body) {
            guard let colon = pair.firstIndex(of: ":") else { continue }
            let key = pair[..<colon].trimmingWhitespace
            let value = pair[pair.index(after: colon)...].trimmingWhitespace
            if !key.isEmpty { arguments[key] = value }
        }
        return (arguments, position)
    }

    /// Splits at commas outside brackets and quotes.
    private static func splitTopLevel(_ body: String) -> [String] {
        var pieces = [String]()
        var current = ""
        var depth = 0
        var quote: Character?
        for character in body {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == ",", depth == 0 {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    /// `name("x")` or `name "x"`: the first string argument of a call.
    private static func stringArgument(of name: String, in text: String) -> String? {
        guard let range = text.range(of: name) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "(" }
        return unquoted(String(rest.prefix { $0 != "\n" && $0 != ")" }))
    }

    private static func unquoted(_ value: String) -> String? {
        let trimmed = value.trimmingWhitespace
        guard let first = trimmed.first, first == "\"" || first == "'", trimmed.count >= 2, trimmed.last == first else {
            return nil
        }
        return String(trimmed.dropFirst().dropLast())
    }

    /// Ruby source without `#` comments (outside strings).
    private static func withoutComments(_ text: String) -> String {
        var out = ""
        var quote: Character?
        var inComment = false
        for character in text {
            if inComment {
                if character == "\n" {
                    inComment = false
                    out.append(character)
                }
                continue
            }
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                inComment = true
                continue
            }
            out.append(character)
        }
        return out
    }

    static func normalized(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

extension StringProtocol {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
