public import Diagnostics
public import PlayListingKit
import Yams

/// Why `playprep.yml` could not be used; each case names the file and line.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case invalidYAML(file: String, line: Int?, message: String)
    case unknownKey(file: String, line: Int, key: String, allowed: [String])
    case invalidValue(file: String, line: Int, key: String, expected: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot be read: \(reason)"
        case let .invalidYAML(file, line, message):
            "\(file)\(line.map { ":\($0)" } ?? ""): not valid YAML: \(message)"
        case let .unknownKey(file, line, key, allowed):
            "\(file):\(line): unknown key '\(key)' (allowed here: \(allowed.joined(separator: ", ")))"
        case let .invalidValue(file, line, key, expected):
            "\(file):\(line): '\(key)' must be \(expected)"
        }
    }
}

/// The project's `playprep.yml`: rule severities, excluded paths and listing settings.
///
/// ```yaml
/// rules:            # per rule id: error, warning, note or off
///   NP103: error
///   IMG017: off
/// exclude:          # globs relative to the project root
///   - "legacy/**"
/// ninepatch:
///   aapt1: true     # also report what aapt (v1) would reject (NP201)
///   badPatchTolerance: 4   # NP107: accepted difference between neighbouring stretched pixels (default 2)
/// listing:
///   defaultLanguage: en-US
///   versionCode: 42
///   limits: { title: 30, shortDescription: 80, fullDescription: 4000, releaseNotes: 500 }
/// package:
///   expect: com.example.app   # the applicationId already published (PKG013)
/// ```
public struct ProjectConfiguration: Sendable, Hashable {
    /// Severity per rule id; `nil` turns the rule off.
    public var severities: [String: Severity?] = [:]
    public var excludes: [Glob] = []
    public var aapt1Compatibility = false
    /// NP107's tolerance; `nil` leaves the default.
    public var badPatchTolerance: Int?
    public var listingOptions = ListingOptions()
    public var listingLimits = ListingLimits.play2026
    public var expectedApplicationID: String?

    public init() {}

    /// Parses `yaml`, the contents of `file`; unknown keys and ill-typed values are errors with their line.
    public static func parse(_ yaml: String, file: String) throws(ConfigurationError) -> ProjectConfiguration {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw .invalidYAML(file: file, line: Self.line(of: error), message: Self.summary(of: error))
        } catch {
            throw .invalidYAML(file: file, line: nil, message: "\(error)")
        }
        var configuration = ProjectConfiguration()
        guard let root else { return configuration }
        let reader = NodeReader(file: file)
        for (key, value) in try reader.mapping(root, allowed: ["rules", "exclude", "ninepatch", "listing", "package"]) {
            switch key {
            case "rules":
                for (rule, severity) in try reader.mapping(value, allowed: nil) {
                    let word = try reader.string(severity, key: rule, expected: "error, warning, note or off")
                    if word == "off" {
                        configuration.severities[rule] = .some(nil)
                    } else if let level = Severity(rawValue: word) {
                        configuration.severities[rule] = level
                    } else {
                        throw .invalidValue(file: file, line: reader.line(severity), key: rule,
                                            expected: "error, warning, note or off")
                    }
                }
            case "exclude":
                configuration.excludes = try reader.strings(value, key: key).map(Glob.init)
            case "ninepatch":
                for (option, setting) in try reader.mapping(value, allowed: ["aapt1", "badPatchTolerance"]) {
                    if option == "aapt1" {
                        configuration.aapt1Compatibility = try reader.bool(setting, key: option)
                    } else {
                        let tolerance = try reader.int(setting, key: option)
                        guard (0...255).contains(tolerance) else {
                            throw .invalidValue(file: file, line: reader.line(setting), key: option,
                                                expected: "a number from 0 to 255")
                        }
                        configuration.badPatchTolerance = tolerance
                    }
                }
            case "listing":
                try configuration.readListing(value, reader: reader)
            default:
                for (option, setting) in try reader.mapping(value, allowed: ["expect"]) where option == "expect" {
                    configuration.expectedApplicationID = try reader.string(setting, key: option, expected: "a package name")
                }
            }
        }
        return configuration
    }

    private mutating func readListing(_ node: Node, reader: NodeReader) throws(ConfigurationError) {
        for (option, setting) in try reader.mapping(node, allowed: ["defaultLanguage", "versionCode", "limits"]) {
            switch option {
            case "defaultLanguage":
                listingOptions.defaultLanguage = try reader.string(setting, key: option, expected: "a locale code")
            case "versionCode":
                listingOptions.versionCode = try reader.int(setting, key: option)
            default:
                let allowed = ["title", "shortDescription", "fullDescription", "releaseNotes"]
                for (limit, value) in try reader.mapping(setting, allowed: allowed) {
                    let number = try reader.int(value, key: limit)
                    let source = "playprep.yml (\(reader.file):\(reader.line(value)))"
                    let sourced = SourcedLimit(number, source: source, asOf: "project configuration")
                    switch limit {
                    case "title": listingLimits.titleMaxCharacters = sourced
                    case "shortDescription": listingLimits.shortDescriptionMaxCharacters = sourced
                    case "fullDescription": listingLimits.fullDescriptionMaxCharacters = sourced
                    default: listingLimits.releaseNotesMaxCharacters = sourced
                    }
                }
            }
        }
    }

    /// Applies the severity overrides: changes a finding's severity, or drops it when its rule is off.
    public func applySeverities(to report: Report) -> Report {
        guard !severities.isEmpty else { return report }
        return Report(files: report.files.map { file in
            FileReport(file: file.file, diagnostics: file.diagnostics.compactMap { diagnostic in
                guard let override = severities[diagnostic.ruleID] else { return diagnostic }
                guard let severity = override else { return nil }
                var changed = diagnostic
                changed.severity = severity
                return changed
            })
        })
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            mark.line
        default:
            nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            problem
        default:
            "\(error)".split(separator: "\n").first.map(String.init) ?? "invalid YAML"
        }
    }
}

/// Typed access to YAML nodes with errors that carry the file and line.
private struct NodeReader {
    let file: String

    func line(_ node: Node) -> Int { node.mark.map { $0.line } ?? 1 }

    /// The key/value pairs of a mapping, refusing keys outside `allowed` (any key when `nil`).
    func mapping(_ node: Node, allowed: [String]?) throws(ConfigurationError) -> [(String, Node)] {
        guard let mapping = node.mapping else {
            throw .invalidValue(file: file, line: line(node), key: "(section)", expected: "a mapping of keys to values")
        }
        var pairs = [(String, Node)]()
        for (key, value) in mapping {
            guard let name = key.string else {
                throw .invalidValue(file: file, line: line(key), key: "\(key)", expected: "a plain key")
            }
            if let allowed, !allowed.contains(name) {
                throw .unknownKey(file: file, line: line(key), key: name, allowed: allowed)
            }
            pairs.append((name, value))
        }
        return pairs
    }

    func string(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else { throw .invalidValue(file: file, line: line(node), key: key, expected: expected) }
        return scalar.string
    }

    func strings(_ node: Node, key: String) throws(ConfigurationError) -> [String] {
        guard let sequence = node.sequence else {
            throw .invalidValue(file: file, line: line(node), key: key, expected: "a list of path patterns")
        }
        var values = [String]()
        for item in sequence { values.append(try string(item, key: key, expected: "a path pattern")) }
        return values
    }

    func int(_ node: Node, key: String) throws(ConfigurationError) -> Int {
        guard let value = node.int else { throw .invalidValue(file: file, line: line(node), key: key, expected: "a whole number") }
        return value
    }

    func bool(_ node: Node, key: String) throws(ConfigurationError) -> Bool {
        guard let value = node.bool else { throw .invalidValue(file: file, line: line(node), key: key, expected: "true or false") }
        return value
    }
}
