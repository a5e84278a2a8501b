import Diagnostics
import FileAccess

/// Checks the names of files in resource folders: RES001 (aapt2) and RES002 (AGP's resource merger).
struct ResourceFileNames: Sendable {
    /// aapt2's own words for RES001.
    static let aapt2Message = "file name cannot contain '.' other than for specifying the extension."
    static let javaKeywords: Set<String> = [
        "_", "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto",
        "if", "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package",
        "private", "protected", "public", "return", "short", "static", "strictfp", "super", "switch",
        "synchronized", "this", "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]

    /// RES001's findings for `paths`: a '.' in the name other than the one starting the extension, outside
    /// `res/raw`.
    func dotsInNames(_ paths: [String], _ finding: RuleOutput) -> [Diagnostic] {
        resources(paths).compactMap { file in
            guard !file.isRaw, let firstDot = file.name.firstIndex(of: "."),
                case let extensionPart = file.name[file.name.index(after: firstDot)...],
                extensionPart.contains("."), extensionPart.lowercased() != "9.png"
            else { return nil }
            return finding.diagnostic(
                file: file.path, "aapt2 compile fails: \"\(Self.aapt2Message)\" (resource name '\(file.resource)')",
                hint: file.hint)
        }
    }

    /// RES002's findings for `paths`: names AGP's resource merger rejects.
    func invalidNames(_ paths: [String], _ finding: RuleOutput) -> [Diagnostic] {
        resources(paths).compactMap { file in
            Self.nameProblem(file.resource, dotsAllowed: !file.isRaw).map { problem in
                finding.diagnostic(
                    file: file.path, "the Android Gradle plugin's resource merger rejects '\(file.name)': \(problem)",
                    hint: file.hint)
            }
        }
    }

    /// A file-based resource: its path, file name, type folder, resource name and how to rename it.
    private struct ResourceFile {
        var path: String
        var name: String
        var type: String
        var resource: String
        var hint: String
        var isRaw: Bool { type == "raw" }
    }

    /// The files among `paths` whose parent folder is a resource-type folder directly under a `res` folder
    /// (`…/res/drawable-hdpi/x.png`). Files in `values*` folders and hidden files (names starting with '.') are
    /// not file-based resources and are skipped.
    private func resources(_ paths: [String]) -> [ResourceFile] {
        paths.compactMap { path in
            let parts = path.pathComponents
            guard parts.count >= 2, let name = parts.last.map(String.init), !name.hasPrefix(".") else { return nil }
            let type = String(parts[parts.count - 2].prefix { $0 != "-" })
            guard type != "values" else { return nil }
            let resource = Self.resourceName(of: name, isRaw: type == "raw")
            let renamed = Self.suggestion(for: resource)
            return ResourceFile(
                path: path, name: name, type: type, resource: resource,
                hint:
                    "rename it to '\(renamed)\(name.dropFirst(resource.count))' and refer to it as @\(type)/\(renamed)")
        }
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
