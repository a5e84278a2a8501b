import AndroidBuild
public import ArtifactKit
public import Diagnostics
import PlayListingKit
import Yams

/// Why `playprep.yml` could not be used; each case names the file, line and column, in one line of plain words.
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case invalidYAML(file: String, line: Int?, column: Int? = nil, message: String)
    case unknownKey(file: String, line: Int, column: Int = 1, key: String, allowed: [String])
    case invalidValue(file: String, line: Int, column: Int = 1, key: String, expected: String)
    case unknownRule(file: String, line: Int, column: Int = 1, id: String, closest: String?)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot be read: \(reason)"
        case .invalidYAML(let file, let line, let column, let message):
            "\(file)\(line.map { ":\($0)" } ?? "")\(column.map { ":\($0)" } ?? ""): not valid YAML: \(message)"
        case .unknownKey(let file, let line, let column, let key, let allowed):
            "\(file):\(line):\(column): unknown key '\(key)' (allowed here: \(allowed.joined(separator: ", ")))"
        case .invalidValue(let file, let line, let column, let key, let expected):
            "\(file):\(line):\(column): '\(key)' must be \(expected)"
        case .unknownRule(let file, let line, let column, let id, let closest):
            "\(file):\(line):\(column): unknown rule '\(id)'\(closest.map { " (did you mean \($0)?)" } ?? ""); "
                + "`playprep rules` lists them all"
        }
    }
}

/// The project's `playprep.yml`: rule severities, excluded paths, build values and listing settings.
///
/// ```yaml
/// rules:            # per rule id: error, warning, note, on (an opt-in rule at its own severity) or off
///   NP103: error
///   LOC006: on
/// exclude:          # globs relative to the project root
///   - "legacy/**"
/// gradle:
///   properties: { APP_PACKAGE: org.example.app }   # as -P: values build scripts read that playprep cannot
///   releaseBuildTypes: [beta]   # build types that ship besides release and those made with initWith(release)
///   maxVariants: 5000         # variants read per app module (default 1,000: 30 flavour dimensions are 3^30)
/// ninepatch:
///   aapt1: true     # also report what aapt (v1) would reject (NP201)
///   badPatchTolerance: 24    # NP107's visibility threshold per premultiplied channel (default 16)
///   densityThreshold: 3      # dp from which NP106 reports a density's padding, bounds or fixed part (default 4)
/// listing:
///   defaultLanguage: en-US
///   versionCode: 42           # the version being released: its changelog is checked and must exist
///   allChangelogs: true       # check every changelog, not only the one uploaded for the release
///   roots:                    # listing trees playprep does not find, or whose store it should not guess
///     - { path: app-metadata/org.example.app, store: play }
///   limits: { title: 30, shortDescription: 80, fullDescription: 4000, releaseNotes: 500 }
/// package:
///   expect: com.example.app   # the applicationId already published (PKG013)
/// modules:                    # release values a module's build sets where playprep cannot read them
///   ":app": { applicationId: org.example.app, versionCode: 42 }
/// artifact:
///   targetSdk: 35             # Play's required target API level (ART003), instead of playprep's dated table
///   uploadCertificate: 3A:4B:…  # SHA-256 of the upload certificate the artifact must be signed with (ART015)
/// declarations:               # the App content forms filed in Play Console (DCL): contradictions are findings
///   advertisingId: used       # or notUsed
///   foregroundServiceTypes: [dataSync, location]
///   photoVideo: true          # any other form's key (playprep rules DCL…): filed or not
/// since: last-tag             # compare with the release at this git reference (REL rules), as --since
/// ```
public struct ProjectConfiguration: Sendable, Hashable {
    /// A listing tree named in the configuration.
    struct ListingRootSetting: Sendable, Hashable {
        /// Relative to the project root.
        public var path: String
        /// Who reads it; `nil` leaves playprep's inference.
        public var store: ListingStore?
        public var layout: ListingLayout?
        /// Its line in playprep.yml, shown as the evidence for its store.
        public var line = 1

        public init(path: String, store: ListingStore? = nil, layout: ListingLayout? = nil) {
            self.path = path
            self.store = store
            self.layout = layout
        }
    }

    /// Which rules report, and at which severity.
    public var rules = RuleSelection()
    public var excludes: [Glob] = []
    /// Stand-ins for Gradle properties (`-PNAME=value`), over gradle.properties.
    public var gradleProperties: [String: String] = [:]
    /// Build types that ship besides `release` and those made from it (`gradle: releaseBuildTypes`).
    var releaseBuildTypes: Set<String> = []
    var listingRoots: [ListingRootSetting] = []
    public var aapt1Compatibility = false
    /// NP107's tolerance; `nil` leaves the default.
    public var badPatchTolerance: Int?
    /// The dp from which NP106 reports a difference between density folders; smaller ones are NP109's.
    public var densityThreshold = DensityConsistency.defaultThreshold
    var listingOptions = ListingOptions()
    var listingLimits = ListingLimits.play2026
    public var expectedApplicationID: String?
    /// Play's target API level requirement for `--artifact` (ART003) and the build's release variants (TGT), with
    /// `artifact.targetSdk` as its override.
    public var targetAPIPolicy = TargetAPIPolicy.play2026
    /// The day the requirement is read for (`YYYY-MM-DD`, `--date`); `nil`: today (UTC).
    public var date: String?
    /// The declarations recorded as filed in Play Console (`declarations:`), `nil` when there is no record.
    public var declarationRecord: DeclarationRecord?
    /// The upload certificate's SHA-256 fingerprint for `--artifact` (ART015), as reports print it.
    public var uploadCertificate: String?
    /// Release values of modules by Gradle path (`modules:`), for builds playprep cannot read.
    var suppliedModules: [String: SuppliedModule] = [:]
    /// The release to compare with (`since:`, a git reference or `last-tag`), under `--since`.
    public var since: String?
    /// The most variants read per application module (`gradle: maxVariants:`); past it the flavour combinations
    /// are cut and a note names the cap.
    public var maximumVariants = AndroidBuildReader.defaultMaximumVariants

    public init() {}

    /// Parses the bytes of `file`, which must be UTF-8 text (a file saved in another encoding is an error naming
    /// the first bad byte, not a configuration read with replacement characters).
    public static func parse(bytes: [UInt8], file: String) throws(ConfigurationError) -> ProjectConfiguration {
        if let offset = UnreadableInputs.firstInvalidUTF8(bytes) {
            throw .unreadable(file: file, reason: "not UTF-8 text (byte \(offset) is invalid)")
        }
        return try parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

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
        let sections = [
            "rules", "exclude", "gradle", "ninepatch", "listing", "package", "artifact", "declarations", "modules",
            "since",
        ]
        for (key, value) in try reader.mapping(
            root, key: String(file.split(separator: "/").last ?? "playprep.yml"), allowed: sections)
        {
            switch key {
            case "rules":
                let expected = "error, warning, note, on or off"
                for (rule, severity) in try reader.mapping(value, key: key, allowed: nil) {
                    guard RuleCatalog.playprep.rules[rule] != nil else {
                        // Point at the misspelt id, not at its severity.
                        let name = value.mapping?.keys.first { $0.string == rule } ?? severity
                        throw .unknownRule(
                            file: file, line: reader.line(name), column: reader.column(name), id: rule,
                            closest: RuleCatalog.playprep.closestID(to: rule))
                    }
                    // YAML reads a bare `on`/`off` as a boolean.
                    let word: String
                    if let flag = severity.bool {
                        word = flag ? "on" : "off"
                    } else {
                        word = try reader.string(severity, key: rule, expected: expected)
                    }
                    switch word {
                    case "off": configuration.rules.settings[rule] = .off
                    case "on": configuration.rules.settings[rule] = .on
                    default:
                        guard let level = Severity(rawValue: word) else {
                            throw reader.invalid(severity, key: rule, expected: expected)
                        }
                        configuration.rules.settings[rule] = .severity(level)
                    }
                }
            case "gradle":
                for (option, setting) in try reader.mapping(
                    value, key: key, allowed: ["properties", "releaseBuildTypes", "maxVariants"])
                {
                    switch option {
                    case "releaseBuildTypes":
                        configuration.releaseBuildTypes = Set(
                            try reader.strings(setting, key: option, expected: "a build type name"))
                    case "maxVariants":
                        configuration.maximumVariants = try reader.int(
                            setting, key: option, in: NumberRanges.variants)
                    default:
                        for (name, property) in try reader.mapping(setting, key: "gradle.properties", allowed: nil) {
                            configuration.gradleProperties[name] = try reader.string(
                                property, key: name, expected: "a value")
                        }
                    }
                }
            case "exclude":
                configuration.excludes = try Self.readExcludes(value, reader: reader)
            case "ninepatch":
                for (option, setting) in try reader.mapping(
                    value, key: key, allowed: ["aapt1", "badPatchTolerance", "densityThreshold"])
                {
                    switch option {
                    case "aapt1":
                        configuration.aapt1Compatibility = try reader.bool(setting, key: option)
                    case "badPatchTolerance":
                        configuration.badPatchTolerance = try reader.int(
                            setting, key: option, in: NumberRanges.badPatchTolerance)
                    default:
                        configuration.densityThreshold = try reader.int(
                            setting, key: option, in: NumberRanges.densityThreshold)
                    }
                }
            case "listing":
                try configuration.readListing(value, reader: reader)
            case "declarations":
                configuration.declarationRecord = try Self.readDeclarations(value, reader: reader)
            case "modules":
                configuration.suppliedModules = try Self.readModules(value, reader: reader)
            case "since":
                configuration.since = try reader.string(value, key: key, expected: "a tag, branch, commit or last-tag")
            case "artifact":
                for (option, setting) in try reader.mapping(
                    value, key: key, allowed: ["targetSdk", "uploadCertificate"])
                {
                    if option == "targetSdk" {
                        configuration.targetAPIPolicy.override = try reader.int(
                            setting, key: option, in: NumberRanges.apiLevel)
                        continue
                    }
                    let expected = "a SHA-256 fingerprint (64 hex digits, colons allowed)"
                    guard
                        let fingerprint = ArtifactChecker.uploadCertificateFingerprint(
                            try reader.string(setting, key: option, expected: expected))
                    else {
                        throw reader.invalid(setting, key: option, expected: expected)
                    }
                    configuration.uploadCertificate = fingerprint
                }
            default:
                for (option, setting) in try reader.mapping(value, key: key, allowed: ["expect"])
                where option == "expect" {
                    configuration.expectedApplicationID = try reader.string(
                        setting, key: option, expected: "a package name")
                }
            }
        }
        return configuration
    }

    private mutating func readListing(_ node: Node, reader: NodeReader) throws(ConfigurationError) {
        let allowed = ["defaultLanguage", "versionCode", "allChangelogs", "roots", "limits"]
        for (option, setting) in try reader.mapping(node, key: "listing", allowed: allowed) {
            switch option {
            case "defaultLanguage":
                listingOptions.defaultLanguage = try reader.string(setting, key: option, expected: "a locale code")
            case "versionCode":
                listingOptions.versionCode = try reader.int(setting, key: option, in: NumberRanges.versionCode)
                listingOptions.requiresReleaseNotes = true
            case "allChangelogs":
                listingOptions.checksAllChangelogs = try reader.bool(setting, key: option)
            case "roots":
                listingRoots = try reader.items(setting, key: option).map { item throws(ConfigurationError) in
                    try readListingRoot(item, reader: reader)
                }
            default:
                let allowed = ["title", "shortDescription", "fullDescription", "releaseNotes"]
                for (limit, value) in try reader.mapping(setting, key: "listing.limits", allowed: allowed) {
                    let number = try reader.int(value, key: limit, in: NumberRanges.characterLimit)
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

    /// The `exclude:` globs, each at most ``Glob/maximumPatternLength`` characters; a pattern repeated (by YAML
    /// aliases, say) is one glob.
    private static func readExcludes(_ node: Node, reader: NodeReader) throws(ConfigurationError) -> [Glob] {
        var seen = Set<String>()
        var globs = [Glob]()
        for item in try reader.items(node, key: "exclude") {
            let pattern = try reader.string(item, key: "exclude", expected: "a path pattern")
            guard pattern.count <= Glob.maximumPatternLength else {
                throw reader.invalid(
                    item, key: "exclude",
                    expected: "patterns of at most \(Glob.maximumPatternLength) characters (this one has "
                        + "\(pattern.count))")
            }
            if seen.insert(pattern).inserted { globs.append(Glob(pattern)) }
        }
        return globs
    }

    private static func readDeclarations(_ node: Node, reader: NodeReader) throws(ConfigurationError)
        -> DeclarationRecord
    {
        var record = DeclarationRecord(source: reader.file)
        for (key, value) in try reader.mapping(node, key: "declarations", allowed: DeclarationRecord.keys) {
            switch key {
            case "advertisingId":
                record.advertisingID =
                    try reader.word(value, key: key, expected: "used or notUsed") as AdvertisingIDAnswer
            case "foregroundServiceTypes":
                record.foregroundServiceTypes = try reader.strings(value, key: key)
            default:
                record.filed[key] = try reader.bool(value, key: key)
            }
        }
        return record
    }

    private static func readModules(_ node: Node, reader: NodeReader) throws(ConfigurationError)
        -> [String: SuppliedModule]
    {
        var modules = [String: SuppliedModule]()
        for (path, values) in try reader.mapping(node, key: "modules", allowed: nil) {
            // A module of a Gradle build below the project root is named after the build's folder: `android/:app`.
            guard path.hasPrefix(":") || path.contains("/:") else {
                throw reader.invalid(
                    values, key: path,
                    expected: "named by its Gradle path (':app', or 'android/:app' in a build below the root)")
            }
            var module = SuppliedModule(file: reader.file, line: reader.line(values))
            for (key, value) in try reader.mapping(
                values, key: "modules.'\(path)'", allowed: ["applicationId", "versionCode"])
            {
                if key == "versionCode" {
                    module.versionCode = try reader.int(value, key: key, in: NumberRanges.versionCode)
                } else {
                    module.applicationID = try reader.string(value, key: key, expected: "a package name")
                }
            }
            modules[path] = module
        }
        return modules
    }

    private func readListingRoot(_ node: Node, reader: NodeReader) throws(ConfigurationError) -> ListingRootSetting {
        var root = ListingRootSetting(path: "")
        root.line = reader.line(node)
        for (key, value) in try reader.mapping(node, key: "listing.roots", allowed: ["path", "store", "layout"]) {
            switch key {
            case "path":
                root.path = try reader.string(value, key: key, expected: "a folder relative to the project")
            case "store":
                root.store = try reader.word(value, key: key, expected: "play or fdroid") as ListingStore
            default:
                root.layout = try reader.word(value, key: key, expected: "fastlane or gpp") as ListingLayout
            }
        }
        guard !root.path.isEmpty else {
            throw reader.invalid(node, key: "roots", expected: "an entry with a path")
        }
        return root
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

/// The numbers `playprep.yml` accepts: each a range a real project needs, so a value can neither be negative
/// where a count is meant nor overflow the arithmetic done on it.
enum NumberRanges {
    /// Play's largest versionCode.
    static let versionCode = 1...2_100_000_000
    /// A listing field's character limit (Play's are 30 to 4,000).
    static let characterLimit = 1...1_000_000
    static let apiLevel = 1...1_000
    static let badPatchTolerance = 0...255
    /// NP106's threshold in dp: 1 dp is a pixel's rounding on mdpi, 100 dp a whole button.
    static let densityThreshold = 1...100
    static let variants = 1...AndroidBuildReader.largestMaximumVariants
}

/// Typed access to YAML nodes with errors that carry the file, line and column.
private struct NodeReader {
    let file: String

    func line(_ node: Node) -> Int { node.mark.map { $0.line } ?? 1 }

    func column(_ node: Node) -> Int { node.mark.map { $0.column } ?? 1 }

    /// The error for `node`, the value of `key`, which is not what was `expected`.
    func invalid(_ node: Node, key: String, expected: String) -> ConfigurationError {
        .invalidValue(file: file, line: line(node), column: column(node), key: key, expected: expected)
    }

    /// The key/value pairs of the mapping under `key`, refusing keys outside `allowed` (any key when `nil`).
    func mapping(_ node: Node, key section: String, allowed: [String]?) throws(ConfigurationError) -> [(String, Node)] {
        guard let mapping = node.mapping else {
            throw invalid(node, key: section, expected: "a mapping of keys to values, not \(Self.kind(of: node))")
        }
        var pairs = [(String, Node)]()
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                throw invalid(key, key: section, expected: "keyed by plain words, not by \(Self.kind(of: key))")
            }
            if let allowed, !allowed.contains(name) {
                throw .unknownKey(file: file, line: line(key), column: column(key), key: name, allowed: allowed)
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// What a node is, in words: no library type names reach a message.
    private static func kind(of node: Node) -> String {
        switch node {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }

    /// One of the words of `Word` (`play`, `fdroid`), else an error saying what is `expected`.
    func word<Word: RawRepresentable<String>>(_ node: Node, key: String, expected: String)
        throws(ConfigurationError) -> Word
    {
        guard let word = Word(rawValue: try string(node, key: key, expected: expected)) else {
            throw invalid(node, key: key, expected: expected)
        }
        return word
    }

    func string(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> String {
        guard let scalar = node.scalar else { throw invalid(node, key: key, expected: expected) }
        return scalar.string
    }

    func strings(_ node: Node, key: String, expected: String = "a path pattern") throws(ConfigurationError)
        -> [String]
    {
        var values = [String]()
        for item in try items(node, key: key) { values.append(try string(item, key: key, expected: expected)) }
        return values
    }

    func items(_ node: Node, key: String) throws(ConfigurationError) -> [Node] {
        guard let sequence = node.sequence else { throw invalid(node, key: key, expected: "a list") }
        return Array(sequence)
    }

    /// A whole number within `range` (so a limit can be neither negative nor overflow the arithmetic on it).
    func int(_ node: Node, key: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let value = node.int, range.contains(value) else {
            throw invalid(
                node, key: key, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    func bool(_ node: Node, key: String) throws(ConfigurationError) -> Bool {
        guard let value = node.bool else { throw invalid(node, key: key, expected: "true or false") }
        return value
    }
}
