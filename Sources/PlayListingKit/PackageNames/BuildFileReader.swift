/// Reads the package names a module declares from `build.gradle` (Groovy), `build.gradle.kts` (Kotlin DSL) or
/// `AndroidManifest.xml`, with line numbers. A light scanner, not a Gradle evaluator: values built from variables
/// or string templates are skipped, since only literal names can be checked offline.
public struct BuildFileReader: Sendable {
    public init() {}

    /// Which reader a file name calls for.
    public enum FileKind: Sendable, Hashable {
        case gradle
        case manifest

        /// `build.gradle`, `*.gradle.kts` and `AndroidManifest.xml`-like names; `nil` for anything else.
        public init?(fileName: String) {
            if fileName.hasSuffix(".gradle") || fileName.hasSuffix(".gradle.kts") {
                self = .gradle
            } else if fileName.hasSuffix(".xml") {
                self = .manifest
            } else {
                return nil
            }
        }
    }

    /// Every literal declaration in `text`, in file order.
    public func declarations(in text: String, kind: FileKind) -> [DeclaredPackageName] {
        switch kind {
        case .gradle: gradleDeclarations(text)
        case .manifest: manifestDeclarations(text)
        }
    }

    private static let gradleKeywords: [(String, PackageDeclarationKind)] = [
        ("applicationIdSuffix", .applicationIDSuffix), ("applicationId", .applicationID), ("namespace", .namespace),
    ]

    private func gradleDeclarations(_ text: String) -> [DeclaredPackageName] {
        var found: [DeclaredPackageName] = []
        var scope: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Array(Self.withoutComment(rawLine))
            var statementStart = 0
            var quote: Character?
            func finishStatement(at end: Int) {
                if let declaration = Self.declaration(in: line, from: statementStart, to: end, line: index + 1) {
                    found.append(DeclaredPackageName(
                        kind: declaration.kind, value: declaration.value, line: index + 1, column: declaration.column,
                        scope: scope))
                }
            }
            for (offset, character) in line.enumerated() {
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                switch character {
                case "\"", "'":
                    quote = character
                case "{":
                    scope.append(Self.blockName(String(line[statementStart..<offset])))
                    statementStart = offset + 1
                case "}":
                    finishStatement(at: offset)
                    _ = scope.popLast()
                    statementStart = offset + 1
                default:
                    break
                }
            }
            finishStatement(at: line.count)
        }
        return found
    }

    /// `defaultConfig {` → `defaultConfig`; `create("nightly") {` / `getByName('debug') {` → the quoted name.
    private static func blockName(_ head: String) -> String {
        let isQuote: (Character) -> Bool = { $0 == "\"" || $0 == "'" }
        if let close = head.lastIndex(where: isQuote), let open = head[..<close].lastIndex(where: isQuote) {
            return String(head[head.index(after: open)..<close])
        }
        let separators: Set<Character> = [" ", "\t", ".", "("]
        return head.split(whereSeparator: separators.contains).last.map(String.init) ?? ""
    }

    /// `applicationId "x"`, `applicationId = "x"`, `applicationId("x")`, `namespace 'x'`, … in `line[start..<end]`.
    private static func declaration(in line: [Character], from start: Int, to end: Int, line number: Int)
        -> (kind: PackageDeclarationKind, value: String, column: Int)?
    {
        guard start < end else { return nil }
        var position = start
        while position < end, line[position] == " " || line[position] == "\t" { position += 1 }
        let rest = String(line[position..<end])
        guard let (keyword, kind) = gradleKeywords.first(where: { rest.hasPrefix($0.0) }) else { return nil }
        position += keyword.count
        while position < end, " \t=(".contains(line[position]) { position += 1 }
        guard position < end, line[position] == "\"" || line[position] == "'" else { return nil }
        let quote = line[position]
        let valueStart = position + 1
        guard let valueEnd = line[valueStart..<end].firstIndex(of: quote) else { return nil }
        let value = String(line[valueStart..<valueEnd])
        guard !value.contains("$") else { return nil }
        return (kind, value, valueStart + 1)
    }

    /// The line without a `//` comment that starts outside a string.
    private static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "/", previous == "/" {
                return line[..<line.index(before: index)]
            }
            previous = character
        }
        return line
    }

    private func manifestDeclarations(_ text: String) -> [DeclaredPackageName] {
        guard let manifest = text.firstRange(of: "<manifest") else { return [] }
        let tagEnd = text[manifest.upperBound...].firstIndex(of: ">") ?? text.endIndex
        let tag = text[manifest.upperBound..<tagEnd]
        guard let attribute = tag.firstRange(of: #"package=""#) ?? tag.firstRange(of: "package='") else { return [] }
        let quote = text[text.index(before: attribute.upperBound)]
        guard let valueEnd = text[attribute.upperBound..<tagEnd].firstIndex(of: quote) else { return [] }
        let before = text[..<attribute.upperBound]
        let line = before.count(where: { $0 == "\n" }) + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let column = text.distance(from: lineStart, to: attribute.upperBound) + 1
        return [DeclaredPackageName(
            kind: .manifestPackage, value: String(text[attribute.upperBound..<valueEnd]), line: line, column: column)]
    }
}
