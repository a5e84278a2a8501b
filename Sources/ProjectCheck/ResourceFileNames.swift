public import Diagnostics

/// Checks the names of files in resource folders (RES001, RES002).
public struct ResourceFileNames: Sendable {
    /// aapt2's own words for RES001.
    static let aapt2Message = "file name cannot contain '.' other than for specifying the extension."
    static let javaKeywords: Set<String> = [
        "_", "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
        "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
        "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
        "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]

    public init() {}

    /// Findings for `paths`, files whose parent folder is a resource-type folder directly under a `res` folder
    /// (`…/res/drawable-hdpi/x.png`). Files in `values*` folders and hidden files (names starting with '.') are
    /// not file-based resources and are skipped.
    public func diagnostics(for paths: [String]) -> [Diagnostic] {
        paths.flatMap { path -> [Diagnostic] in
            let parts = path.split(separator: "/", omittingEmptySubsequences: true)
            guard parts.count >= 2, let name = parts.last.map(String.init), !name.hasPrefix(".") else { return [] }
            let type = parts[parts.count - 2].prefix { $0 != "-" }
            guard type != "values" else { return [] }
            return check(name: name, type: String(type), file: path)
        }
    }

    private func check(name: String, type: String, file: String) -> [Diagnostic] {
        let isRaw = type == "raw"
        let resource = Self.resourceName(of: name, isRaw: isRaw)
        let renamed = Self.suggestion(for: resource)
        let hint = "rename it to '\(renamed)\(name.dropFirst(resource.count))' and refer to it as @\(type)/\(renamed)"
        var found = [Diagnostic]()
        if !isRaw, let firstDot = name.firstIndex(of: "."),
            case let extensionPart = name[name.index(after: firstDot)...],
            extensionPart.contains("."), extensionPart.lowercased() != "9.png"
        {
            found.append(
                ProjectRules.dotInName.diagnostic(
                    file: file, "aapt2 compile fails: \"\(Self.aapt2Message)\" (resource name '\(resource)')",
                    hint: hint))
        }
        if let problem = Self.nameProblem(resource, dotsAllowed: !isRaw) {
            found.append(
                ProjectRules.invalidName.diagnostic(
                    file: file, "the Android Gradle plugin's resource merger rejects '\(name)': \(problem)", hint: hint)
            )
        }
        return found
    }

    /// The name AGP validates: without `.9.png` (any case) in drawable and mipmap folders, else without the last
    /// extension.
    static func resourceName(of fileName: String, isRaw: Bool) -> String {
        if !isRaw && fileName.lowercased().hasSuffix(".9.png") && fileName.count > 6 {
            return String(fileName.dropLast(6))
        }
        guard let lastDot = fileName.lastIndex(of: "."), lastDot != fileName.startIndex else { return fileName }
        return String(fileName[..<lastDot])
    }

    /// What AGP's merger says is wrong with `name`, or `nil`. A '.' is left to RES001 where aapt2 reports it.
    static func nameProblem(_ name: String, dotsAllowed: Bool) -> String? {
        guard let first = name.first else { return "the name is empty" }
        if !(first.isLetter || first == "_" || first == "$") {
            return "'\(name)' must start with a letter, not '\(first)'"
        }
        let allowed = { (character: Character) in
            ("a"..."z").contains(character) || ("0"..."9").contains(character) || character == "_"
                || (character == "." && dotsAllowed)
        }
        if let bad = name.first(where: { !allowed($0) }) {
            return "'\(bad)' is not allowed in a file-based resource name: only lowercase a-z, 0-9 and '_' are"
        }
        if javaKeywords.contains(name) {
            return "'\(name)' is a reserved Java keyword"
        }
        return nil
    }

    /// A name AGP and aapt2 accept: lower-cased, other characters turned into '_', prefixed when it would start
    /// with a digit or be a keyword.
    static func suggestion(for name: String) -> String {
        let cleaned = String(
            name.lowercased().map { character -> Character in
                ("a"..."z").contains(character) || ("0"..."9").contains(character) ? character : "_"
            })
        guard let first = cleaned.first, !("0"..."9").contains(first), !javaKeywords.contains(cleaned) else {
            return "res_" + cleaned
        }
        return cleaned
    }
}
