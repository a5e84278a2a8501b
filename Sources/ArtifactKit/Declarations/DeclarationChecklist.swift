import Foundation

/// The answer to Play's Advertising ID question that an artifact is consistent with.
public enum AdvertisingIDAnswer: String, Sendable, Hashable, Codable {
    case used
    case notUsed
}

/// One App content declaration a release needs, with the manifest elements that make Play ask for it.
public struct DeclarationNeed: Sendable, Hashable, Codable {
    /// The form's key (`foregroundServiceTypes`, `advertisingId`, `queryAllPackages`, …), as in `playprep.yml`.
    public var key: String
    /// The rule that reports it (DCL002…).
    public var ruleID: String
    /// The form's name in Policy › App content.
    public var form: String
    /// The merged manifest's elements that trigger it.
    public var triggers: [String]
    /// The first trigger's line, when the elements come from a source manifest.
    public var line: Int?
    /// The target level, when known.
    public var targetSdk: Int?
    /// Why the target level matters (`targetSdkVersion 35 ≥ 34`).
    public var gate: String
    /// Whether Play refuses the commit without it (else its review blocks the update).
    public var refusesCommit: Bool
    /// Play's words when it is missing.
    public var playText: String
    /// The foreground service types to declare (foreground service form only).
    public var foregroundServiceTypes: [String]?
    /// The answer this artifact is consistent with (advertising ID form only).
    public var advertisingID: AdvertisingIDAnswer?

    /// One line: the form, its detail and its triggers.
    var summary: String {
        var text = form
        if let types = foregroundServiceTypes { text += " (\(types.joined(separator: ", ")))" }
        if let advertisingID { text += " (answer: \(advertisingID == .used ? "uses" : "does not use") advertising ID)" }
        return text + " — " + triggers.joined(separator: ", ") + "; " + gate
    }
}

/// The App content declarations one artifact needs: what `playprep artifact declarations` prints and what the
/// release plan lists, as text or JSON.
public struct DeclarationChecklist: Sendable, Hashable, Codable {
    /// The artifact as the user named it.
    public var artifact: String
    public var targetSdk: Int?
    public var needs: [DeclarationNeed]

    public init(artifact: String, facts: DeclarationFacts) {
        self.artifact = artifact
        self.targetSdk = facts.targetSdk
        self.needs = DeclarationRules.needs(facts)
    }

    /// The need for the form `key`, if the artifact has one.
    public func need(_ key: String) -> DeclarationNeed? {
        needs.first { $0.key == key }
    }

    /// For people: one line per form, then what to do.
    public var text: String {
        guard !needs.isEmpty else {
            return
                "\(artifact) (targetSdkVersion \(targetSdk.map(String.init) ?? "unknown")) needs no manifest-triggered App content declaration\n"
        }
        let lines = needs.map { need in
            "- [\(need.refusesCommit ? "commit" : "review")] \(need.summary)\n  Play: \"\(need.playText)\""
        }
        // The Advertising ID form is answered, never avoided by removing anything: its way out is its own.
        let isAdvertising = { (need: DeclarationNeed) in need.key == DeclarationRules.advertisingID.key }
        let ways = (needs.first { !isAdvertising($0) }.map { [$0] } ?? []) + needs.filter(isAdvertising)
        let toDo = ways.map(DeclarationRules.waysOut).joined(separator: "; and ")
        return
            "\(artifact) (targetSdkVersion \(targetSdk.map(String.init) ?? "unknown")) needs \(needs.count) App content "
            + "declaration\(needs.count == 1 ? "" : "s") (commit: Play refuses the release without it; review: "
            + "Play's review blocks it):\n" + lines.joined(separator: "\n") + "\nTo do: " + toDo + ".\n"
    }

    /// For programs: the checklist as a JSON object (keys sorted).
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
