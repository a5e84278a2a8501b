public import Diagnostics

/// The declarations a team records as filed in Play Console (`declarations:` in `playprep.yml`). A form filed
/// once persists and no API reads it, so this record is the only way a contradiction can be proven offline.
public struct DeclarationRecord: Sendable, Hashable {
    /// `advertisingId: used | notUsed`.
    public var advertisingID: AdvertisingIDAnswer?
    /// `foregroundServiceTypes: [dataSync, location]`: the types declared; `[]` says no form was filed.
    public var foregroundServiceTypes: [String]?
    /// Every other form by its key (`photoVideo: true`, `queryAllPackages: false`): whether it was filed.
    public var filed: [String: Bool]
    /// Where the record was read, named in findings.
    public var source: String

    public init(
        advertisingID: AdvertisingIDAnswer? = nil, foregroundServiceTypes: [String]? = nil,
        filed: [String: Bool] = [:], source: String = "playprep.yml"
    ) {
        self.advertisingID = advertisingID
        self.foregroundServiceTypes = foregroundServiceTypes
        self.filed = filed
        self.source = source
    }

    /// The keys a record may hold, in the order of the rules.
    public static var keys: [String] { DeclarationRules.all.map(\.key) }

    /// Whether the record says anything about the form `key`.
    func lists(_ key: String) -> Bool {
        switch key {
        case DeclarationRules.advertisingID.key: advertisingID != nil
        case DeclarationRules.foregroundService.key: foregroundServiceTypes != nil
        default: filed[key] != nil
        }
    }
}

/// What can prove a declaration finding: the record of filed forms and the checklist of the previous release.
public struct DeclarationEvidence: Sendable, Hashable {
    public var record: DeclarationRecord?
    /// The previous release's checklist (`--previous OLD.apk|aab`).
    public var previous: DeclarationChecklist?

    public init(record: DeclarationRecord? = nil, previous: DeclarationChecklist? = nil) {
        self.record = record
        self.previous = previous
    }
}

extension DeclarationRules {
    /// The findings on `checklist`, reported at `file`: without evidence, DCL001's note counting the forms; with
    /// it, for each form a contradiction with the record (an error where Play refuses the commit, else a
    /// warning), else a warning when the previous release did not need it or the record does not list it.
    public static func findings(
        _ checklist: DeclarationChecklist, evidence: DeclarationEvidence, file: String
    ) -> [Diagnostic] {
        let subject = DeclarationSubject(checklist: checklist, evidence: evidence, file: file)
        return entries.flatMap { $0.findings(on: subject) }
    }
}

extension DeclarationNeed {
    /// How Play reacts, with its words.
    var consequence: String {
        (refusesCommit ? "Play refuses the commit of the release with '" : "Play's review blocks the update: '")
            + playText + "'"
    }

    /// The record says the form is not filed, or filed otherwise than this artifact needs.
    func contradiction(record: DeclarationRecord, file: String, _ finding: RuleOutput) -> Diagnostic? {
        let elements = triggers.joined(separator: ", ")
        let recorded = "\(record.source) records declarations.\(key)"
        switch key {
        case DeclarationRules.advertisingID.key:
            guard let answer = record.advertisingID, let needed = advertisingID, answer != needed else {
                return nil
            }
            if needed == .used {
                return finding.diagnostic(
                    file: file, severity: .error,
                    "\(elements) is in the merged manifest (\(gate)) but \(recorded): notUsed: Play refuses the "
                        + "commit with 'This release includes the \(DeclarationRules.adIDPermission) permission but "
                        + "your declaration on Play Console says your app doesn't use advertising ID. You must update "
                        + "your advertising ID declaration.'",
                    hint: "answer 'Yes' in Policy › App content › Advertising ID (and record advertisingId: used), or "
                        + "remove the permission with tools:node=\"remove\" and replace the older builds on every track"
                )
            }
            return finding.diagnostic(
                file: file, severity: .warning,
                "\(recorded): used, but the merged manifest has no \(DeclarationRules.adIDPermission) "
                    + "(\(gate)): Play shows the skippable error 'Your advertising ID declaration in Play Console "
                    + "says that your app uses advertising ID. A manifest file in one of your active artifacts "
                    + "doesn't include the \(DeclarationRules.adIDPermission) permission.' and devices give the app "
                    + "a zeroed ID",
                hint: "answer 'No' in Policy › App content › Advertising ID if the app does not use it, or keep the "
                    + "permission (an SDK's manifest, or tools:node=\"remove\" removed it)")
        case DeclarationRules.foregroundService.key:
            guard let declared = record.foregroundServiceTypes else { return nil }
            let missing = (foregroundServiceTypes ?? []).filter { !declared.contains($0) }
            guard !missing.isEmpty else { return nil }
            if declared.isEmpty {
                return finding.diagnostic(
                    file: file, severity: refusesCommit ? .error : finding.rule.defaultSeverity,
                    "\(elements) need the \(form) declaration (\(gate)), and \(recorded): [] (not filed): "
                        + consequence, hint: DeclarationRules.waysOut(self))
            }
            return finding.diagnostic(
                file: file,
                "foreground service types \(missing.joined(separator: ", ")) (\(elements)) are not among "
                    + "\(recorded): [\(declared.joined(separator: ", "))]: Play's review rejects a type "
                    + "'incorrectly submitted or is missing from your Console declaration'",
                hint: "add each type with its description and video to the declaration, then to the record; or "
                    + "remove the type's permission and service attribute with tools:node=\"remove\"")
        default:
            guard record.filed[key] == false else { return nil }
            return finding.diagnostic(
                file: file, severity: refusesCommit ? .error : finding.rule.defaultSeverity,
                "\(elements) needs the \(form) declaration (\(gate)), and \(recorded): false (not filed): "
                    + consequence, hint: DeclarationRules.waysOut(self))
        }
    }

    /// The record does not list the form this release needs: new to the team as far as playprep can tell.
    func unrecorded(record: DeclarationRecord, file: String, _ finding: RuleOutput) -> Diagnostic {
        let elements = triggers.joined(separator: ", ")
        return finding.diagnostic(
            file: file,
            "\(elements) needs the \(form) declaration (\(gate)), which \(record.source)'s declarations: record does "
                + "not list: if it is not filed, " + consequence,
            hint: DeclarationRules.waysOut(self) + "; once it is filed, record it (declarations: {\(key): "
                + (key == DeclarationRules.advertisingID.key
                    ? (advertisingID == .used ? "used" : "notUsed")
                    : key == DeclarationRules.foregroundService.key
                        ? "[\((foregroundServiceTypes ?? []).joined(separator: ", "))]" : "true") + "})")
    }

    /// The previous release did not need the form (or, for the forms with answers, needed another one).
    func novelty(previous: DeclarationChecklist, file: String, _ finding: RuleOutput) -> Diagnostic? {
        let before = previous.need(key)
        let elements = triggers.joined(separator: ", ")
        let since = "which the previous release (\(previous.artifact)) did not need"
        if before == nil {
            return finding.diagnostic(
                file: file,
                "\(elements) needs the \(form) declaration (\(gate)), \(since): if it is not filed, "
                    + consequence, hint: DeclarationRules.waysOut(self))
        }
        if let answer = advertisingID, let old = before?.advertisingID, answer != old {
            return finding.diagnostic(
                file: file,
                "\(elements): the Advertising ID answer must now be '\(answer == .used ? "Yes" : "No")', and the "
                    + "previous release (\(previous.artifact)) \(old == .used ? "had" : "did not have") "
                    + "\(DeclarationRules.adIDPermission): update the declaration before this release",
                hint: "update Policy › App content › Advertising ID; Play judges every active artifact on every track")
        }
        let newTypes = (foregroundServiceTypes ?? []).filter {
            !(before?.foregroundServiceTypes?.contains($0) ?? false)
        }
        guard !newTypes.isEmpty else { return nil }
        return finding.diagnostic(
            file: file,
            "foreground service types \(newTypes.joined(separator: ", ")) (\(elements)) are new since the previous "
                + "release (\(previous.artifact)): each type needs its description and video in the \(form) "
                + "declaration, or Play's review rejects it as 'missing from your Console declaration'",
            hint: DeclarationRules.waysOut(self))
    }
}
