#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// SARIF 2.1.0 (OASIS), the format GitHub code scanning and most CI dashboards import: one run whose driver
/// lists the rules that fired (with their summaries as help) and one result per finding. Text findings carry a
/// region with line and column; a finding about a whole file or an image carries `startLine` 1, which GitHub code
/// scanning needs to show an alert (SARIF has no pixel coordinates: the pixel is in the message and in the
/// result's `properties`).
///
/// One cause in several files (`FindingGroup`) is one result: its first file is the location, and every file,
/// the first included, is a `relatedLocations` entry with its own message, so code scanning raises one alert and
/// no location is lost. `partialFingerprints["playprep/v1"]` is the baseline's fingerprint (`Fingerprint`).
public struct SARIFReporter: Reporter {
    public var catalog: RuleCatalog
    public var toolVersion: String

    public init(catalog: RuleCatalog, toolVersion: String) {
        self.catalog = catalog
        self.toolVersion = toolVersion
    }

    public func render(_ report: Report) -> String {
        let diagnostics = report.diagnostics
        var ruleIDs = [String]()
        for diagnostic in diagnostics where !ruleIDs.contains(diagnostic.ruleID) { ruleIDs.append(diagnostic.ruleID) }
        ruleIDs.sort()
        let rules = ruleIDs.map { id in
            let severity = diagnostics.first { $0.ruleID == id }?.severity ?? .warning
            return SARIFRule(catalog.rule(for: id, severity: severity))
        }
        let results = report.findingGroups.map { group in
            Result(group, ruleIndex: ruleIDs.firstIndex(of: group.first.ruleID) ?? 0)
        }
        let artifacts = report.files.compactMap { file in
            file.artifact.map { RunProperties.Artifact(file: file.file, artifact: $0) }
        }
        let unreadable = report.files.compactMap { file in
            file.unreadable.map { Notification(file: file.file, reason: $0) }
        }
        let log = Log(runs: [
            Run(
                tool: Tool(driver: Driver(version: toolVersion, rules: rules)),
                invocations: [
                    Invocation(executionSuccessful: unreadable.isEmpty, toolExecutionNotifications: unreadable)
                ],
                results: results,
                properties: artifacts.isEmpty ? nil : RunProperties(artifacts: artifacts))
        ])
        return JSONReporter.encode(log)
    }

    /// SARIF's `level` for a severity.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A relative URI reference for a path (percent-encoded), or a `file://` URI for an absolute one.
    static func uri(for path: String) -> String {
        var allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        allowed.insert(UInt8(ascii: "@"))
        let hex = Array("0123456789ABCDEF")
        let encoded = path.utf8.map { byte in
            allowed.contains(byte)
                ? String(UnicodeScalar(byte)) : "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
        }.joined()
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    private struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
        /// The checked APKs and AABs (identity, signers), only when there are any.
        var properties: RunProperties?
    }

    /// Whether every input could be read; each one that could not is an error notification naming it.
    private struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    private struct Notification: Encodable {
        struct Location: Encodable {
            var physicalLocation: PhysicalLocation
        }

        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
        }

        struct ArtifactLocation: Encodable {
            var uri: String
        }

        let level = "error"
        var message: Message
        var locations: [Location]

        init(file: String, reason: String) {
            message = Message(text: "\(file): \(reason)")
            locations = [
                Location(
                    physicalLocation: PhysicalLocation(
                        artifactLocation: ArtifactLocation(uri: SARIFReporter.uri(for: file))))
            ]
        }
    }

    private struct RunProperties: Encodable {
        /// As in the JSON report: the file and its facts.
        struct Artifact: Encodable {
            var file: String
            var artifact: ArtifactFacts
        }

        var artifacts: [Artifact]
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        let name = "playprep"
        var version: String
        var rules: [SARIFRule]
    }

    private struct Message: Encodable {
        var text: String
    }

    private struct SARIFRule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration

        struct Configuration: Encodable {
            var level: String
            /// `false` for opt-in rules, which report only when turned on.
            var enabled: Bool
        }

        init(_ rule: Rule) {
            id = rule.id
            name = rule.name
            shortDescription = Message(text: rule.summary)
            fullDescription = Message(text: rule.summary)
            help = Message(text: "\(rule.id) (\(rule.name)): \(rule.summary)")
            defaultConfiguration = Configuration(
                level: SARIFReporter.level(rule.defaultSeverity), enabled: rule.isEnabledByDefault)
        }
    }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        var properties: Properties?

        struct Location: Encodable {
            var id: Int?
            var physicalLocation: PhysicalLocation
            var message: Message?
        }

        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region?
        }

        struct ArtifactLocation: Encodable {
            var uri: String
        }

        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int?
        }

        struct Properties: Encodable {
            var pixelX: Int
            var pixelY: Int
        }

        init(_ group: FindingGroup, ruleIndex: Int) {
            let diagnostic = group.first
            ruleId = diagnostic.ruleID
            self.ruleIndex = ruleIndex
            level = SARIFReporter.level(diagnostic.severity)
            partialFingerprints = ["playprep/v1": Fingerprint(of: diagnostic).value]
            var text = group.message
            if !group.isMerged, let x = diagnostic.location?.x, let y = diagnostic.location?.y {
                text += " (at pixel \(x),\(y))"
                properties = Properties(pixelX: x, pixelY: y)
            }
            if let hint = diagnostic.hint { text += ". Fix: " + hint }
            message = Message(text: text)
            locations = [Location(id: nil, physicalLocation: Self.physicalLocation(diagnostic), message: nil)]
            if !diagnostic.related.isEmpty {
                relatedLocations = diagnostic.related.enumerated().map { id, place in
                    let region = place.location?.line.map { Region(startLine: $0, startColumn: place.location?.column) }
                    return Location(
                        id: id,
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: SARIFReporter.uri(for: place.file)), region: region),
                        message: Message(text: place.message))
                }
            }
            guard group.isMerged else { return }
            relatedLocations = group.members.enumerated().map { id, member in
                var text = member.diagnostic.message
                if let x = member.diagnostic.location?.x, let y = member.diagnostic.location?.y {
                    text += " (at pixel \(x),\(y))"
                }
                return Location(
                    id: id, physicalLocation: Self.physicalLocation(member.diagnostic), message: Message(text: text))
            }
        }

        private static func physicalLocation(_ diagnostic: Diagnostic) -> PhysicalLocation {
            let location = diagnostic.location
            let region =
                location?.line.map { Region(startLine: $0, startColumn: location?.column) }
                ?? Region(startLine: 1, startColumn: nil)
            return PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: SARIFReporter.uri(for: diagnostic.file)), region: region)
        }
    }
}
