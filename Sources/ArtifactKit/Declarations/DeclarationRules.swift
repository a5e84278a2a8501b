public import Diagnostics

/// What one declaration rule finds in a manifest: the elements that make Play ask for its form, and for the
/// forms that have one, the foreground service types or the advertising ID answer the artifact is consistent with.
struct DeclarationTrigger: Sendable {
    var elements: [String]
    /// The first trigger's line in a source manifest.
    var line: Int? = nil
    var foregroundServiceTypes: [String] = []
    var advertisingID: AdvertisingIDAnswer?
}

/// What the declaration rules judge: one artifact's checklist, reported at `file`, and the evidence that can prove
/// a finding. ``ArtifactChecker`` fills it once.
public struct DeclarationSubject: Sendable {
    var checklist: DeclarationChecklist
    var evidence: DeclarationEvidence
    var file: String
}

/// The entry of a declaration rule: the rule with its example artifacts and its check on the checklist.
public typealias DeclarationCheck = RuleCheck<DeclarationSubject, Diagnostic, Never>

/// One Play Console declaration rule: the entry, the App content form it is about, what Play says when the form is
/// missing, and the trigger that finds it in the merged manifest (which makes the checklist the entry judges).
public struct DeclarationRule: Sendable {
    /// The rule and its check: a contradiction with the record, else what is new since the previous release.
    public let entry: DeclarationCheck
    /// The key of the form in `playprep.yml`'s `declarations:` record and in the checklist's JSON.
    public let key: String
    /// The form's name in Policy › App content.
    public let form: String
    /// Play's own words when the form is missing or does not match.
    public let playText: String
    /// Whether Google documents that Play refuses the edit's commit (else the form is a review gate).
    public let refusesCommit: Bool
    /// The target level from which the form is needed, `nil` for every level.
    public let fromTargetSdk: Int?
    let trigger: @Sendable (DeclarationFacts) -> DeclarationTrigger?

    public var rule: Rule { entry.rule }

    init(
        _ rule: Rule, key: String, form: String, playText: String, refusesCommit: Bool, fromTargetSdk: Int?,
        trigger: @escaping @Sendable (DeclarationFacts) -> DeclarationTrigger?
    ) {
        entry = DeclarationCheck(rule) { subject, finding in
            guard let need = subject.checklist.need(key) else { return [] }
            let file = subject.file
            let evidence = subject.evidence
            // The record speaks for the forms it lists; the previous release, else the record's silence, for the rest.
            if let record = evidence.record, record.lists(key) {
                return need.contradiction(record: record, file: file, finding).map { [$0] } ?? []
            }
            if let previous = evidence.previous {
                return need.novelty(previous: previous, file: file, finding).map { [$0] } ?? []
            }
            return evidence.record.map { [need.unrecorded(record: $0, file: file, finding)] } ?? []
        }
        self.key = key
        self.form = form
        self.playText = playText
        self.refusesCommit = refusesCommit
        self.fromTargetSdk = fromTargetSdk
        self.trigger = trigger
    }

    /// What this artifact needs of the form, or `nil` when it does not need it.
    func need(_ facts: DeclarationFacts) -> DeclarationNeed? {
        if let level = fromTargetSdk, let target = facts.targetSdk, target < level { return nil }
        guard let found = trigger(facts) else { return nil }
        let gate =
            switch (fromTargetSdk, facts.targetSdk) {
            case (let level?, let target?): "targetSdkVersion \(target) ≥ \(level)"
            case (let level?, nil): "if targetSdkVersion ≥ \(level)"
            case (nil, let target?): "targetSdkVersion \(target); needed at every level"
            case (nil, nil): "needed at every level"
            }
        return DeclarationNeed(
            key: key, ruleID: rule.id, form: form, triggers: found.elements, line: found.line,
            targetSdk: facts.targetSdk, gate: gate,
            refusesCommit: refusesCommit, playText: playText,
            foregroundServiceTypes: found.foregroundServiceTypes.isEmpty ? nil : found.foregroundServiceTypes,
            advertisingID: found.advertisingID)
    }
}

/// The Play Console declarations family (DCL): which App content forms the merged manifest of this release makes
/// Play ask for. One entry per form; a missing form cannot be seen offline, so without evidence the family
/// reports one note listing them (DCL001), and a rule reports only what `--previous` or the `declarations:`
/// record proves.
public enum DeclarationRules {
    static let adIDPermission = "com.google.android.gms.permission.AD_ID"

    /// Play's ways out for `need`: declare the form, or upload a draft first so the form appears, or remove the
    /// element that triggers it. The Advertising ID form is owed by the target level itself and always offered: it
    /// is answered, and no removal avoids it.
    public static func waysOut(_ need: DeclarationNeed) -> String {
        guard need.key != advertisingID.key else {
            return "answer Policy › App content › Advertising ID in Play Console "
                + "('\(need.advertisingID == .used ? "Yes" : "No")' for this release)"
        }
        return "declare the form in Play Console › Policy › App content; if the form is not offered yet, upload this "
            + "build once as a draft (supply release_status: \"draft\", Gradle Play Publisher --release-status draft, "
            + "upload-google-play status: draft) and the form appears; or remove the permission (tools:node=\"remove\" "
            + "in the app's manifest) and replace the older builds on every track"
    }

    public static let checklist = DeclarationCheck(
        Rule(
            "DCL001", "declarations-needed", .note,
            "How many App content declarations this release makes Play ask for, once per artifact, when neither "
                + "--previous nor a declarations: record can tell which are new; `playprep artifact declarations` "
                + "lists them.",
            why: "A count: whether a form is filed cannot be seen offline, and a filed form persists.",
            examples: DeclarationExample.self, passing: [DeclarationExample("none")],
            failing: [DeclarationExample("foreground-service")])
    ) { subject, finding in
        let needs = subject.checklist.needs
        guard !needs.isEmpty, subject.evidence.record == nil, subject.evidence.previous == nil else { return [] }
        return [
            finding.diagnostic(
                file: subject.file,
                "this release needs \(needs.count) App content declaration\(needs.count == 1 ? "" : "s"); "
                    + "`playprep artifact declarations` lists them",
                hint: "with --previous or a declarations: record in playprep.yml, only the forms to file are reported")
        ]
    }

    public static let foregroundService = DeclarationRule(
        .declaration(
            "DCL002", "foreground-service-declaration",
            "Targets API 34+ with FOREGROUND_SERVICE_<TYPE> permissions or typed services: Play needs the "
                + "Foreground service permissions declaration for each type.", fixture: "foreground-service"),
        key: "foregroundServiceTypes", form: "Foreground service permissions",
        playText: "You must let us know whether your app uses any Foreground Service permissions.",
        refusesCommit: true, fromTargetSdk: 34
    ) { facts in
        let prefix = "android.permission.FOREGROUND_SERVICE_"
        let permissions = facts.permissions.filter { $0.name.hasPrefix(prefix) }
        let services = facts.services.filter { !$0.foregroundServiceTypes.isEmpty }
        guard !permissions.isEmpty || !services.isEmpty else { return nil }
        let fromPermissions = permissions.map { camelCase($0.name.dropFirst(prefix.count)) }
        let types = (fromPermissions + services.flatMap(\.foregroundServiceTypes)).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        return DeclarationTrigger(
            elements: permissions.map(\.element) + services.map(\.element),
            line: (permissions.compactMap(\.line) + services.compactMap(\.line)).min(), foregroundServiceTypes: types)
    }

    public static let advertisingID = DeclarationRule(
        .declaration(
            "DCL003", "advertising-id-declaration",
            "Targets API 33+: Play needs the Advertising ID declaration, and its answer must match whether the "
                + "merged manifest has com.google.android.gms.permission.AD_ID.", fixture: "advertising-id"),
        key: "advertisingId", form: "Advertising ID",
        playText:
            "Your app targets Android 13 (API 33) or above. You must declare the use of advertising ID in Play Console.",
        refusesCommit: true, fromTargetSdk: 33
    ) { facts in
        if let permission = facts.permission(adIDPermission) {
            return DeclarationTrigger(elements: [permission.element], line: permission.line, advertisingID: .used)
        }
        return DeclarationTrigger(
            elements: ["<uses-sdk android:targetSdkVersion=\"\(facts.targetSdk ?? 0)\"> without \(adIDPermission)"],
            advertisingID: .notUsed)
    }

    public static let photoVideo = DeclarationRule(
        .declaration(
            "DCL004", "photo-video-permissions",
            "READ_MEDIA_IMAGES or READ_MEDIA_VIDEO: Play needs the Photo and video permissions declaration.",
            fixture: "photo-video"),
        key: "photoVideo", form: "Photo and video permissions",
        playText: "You must let us know whether your app uses any photo and video permissions",
        refusesCommit: true, fromTargetSdk: nil
    ) { facts in
        permissions(facts, ["android.permission.READ_MEDIA_IMAGES", "android.permission.READ_MEDIA_VIDEO"])
    }

    public static let backgroundLocation = DeclarationRule(
        .declaration(
            "DCL005", "background-location",
            "ACCESS_BACKGROUND_LOCATION (or fine/coarse location at target 28 or lower, which implies it): Play "
                + "needs the location permissions declaration.", fixture: "background-location"),
        key: "backgroundLocation", form: "Location permissions",
        playText: "Release artifacts require permissions that are missing from permission declaration.",
        refusesCommit: true, fromTargetSdk: nil
    ) { facts in
        if let found = permissions(facts, ["android.permission.ACCESS_BACKGROUND_LOCATION"]) { return found }
        guard let target = facts.targetSdk, target <= 28 else { return nil }
        let foreground = ["android.permission.ACCESS_FINE_LOCATION", "android.permission.ACCESS_COARSE_LOCATION"]
        return permissions(facts, foreground).map { found in
            DeclarationTrigger(
                elements: found.elements.map { "\($0) (background access at targetSdkVersion ≤ 28)" }, line: found.line)
        }
    }

    public static let fullScreenIntent = DeclarationRule(
        .declaration(
            "DCL006", "full-screen-intent",
            "USE_FULL_SCREEN_INTENT: Play needs the Full-screen intent declaration (only calling and alarm apps "
                + "keep it granted on Android 14+).", fixture: "full-screen-intent"),
        key: "fullScreenIntent", form: "Full-screen intent",
        playText: "You must let us know whether your app uses any full-screen intent permissions",
        refusesCommit: true, fromTargetSdk: nil
    ) { facts in
        permissions(facts, ["android.permission.USE_FULL_SCREEN_INTENT"])
    }

    public static let queryAllPackages = DeclarationRule(
        .declaration(
            "DCL007", "query-all-packages",
            "QUERY_ALL_PACKAGES at target 30+: Play needs the Package visibility declaration (prefer <queries>).",
            fixture: "query-all-packages"),
        key: "queryAllPackages", form: "Package visibility (QUERY_ALL_PACKAGES)",
        playText:
            "This release includes the QUERY_ALL_PACKAGES permission, which hasn't been declared in Play Console.",
        refusesCommit: true, fromTargetSdk: 30
    ) { facts in
        permissions(facts, ["android.permission.QUERY_ALL_PACKAGES"])
    }

    public static let requestInstallPackages = DeclarationRule(
        .declaration(
            "DCL008", "request-install-packages",
            "REQUEST_INSTALL_PACKAGES at target 26+: Play needs its declaration before it reviews an update.",
            fixture: "request-install-packages"),
        key: "requestInstallPackages", form: "Request install packages",
        playText: "Permission use is not directly related to your app's core purpose",
        refusesCommit: false, fromTargetSdk: 26
    ) { facts in
        permissions(facts, ["android.permission.REQUEST_INSTALL_PACKAGES"])
    }

    public static let exactAlarm = DeclarationRule(
        .declaration(
            "DCL009", "exact-alarm",
            "USE_EXACT_ALARM or SCHEDULE_EXACT_ALARM: Play needs the Exact alarm declaration.", fixture: "exact-alarm"),
        key: "exactAlarm", form: "Exact alarm permissions",
        playText: "You must let us know whether your app uses any exact alarm permissions",
        refusesCommit: true, fromTargetSdk: nil
    ) { facts in
        permissions(facts, ["android.permission.USE_EXACT_ALARM", "android.permission.SCHEDULE_EXACT_ALARM"])
    }

    public static let allFilesAccess = DeclarationRule(
        .declaration(
            "DCL010", "all-files-access",
            "MANAGE_EXTERNAL_STORAGE at target 30+: Play needs the All files access declaration.",
            fixture: "all-files-access"),
        key: "allFilesAccess", form: "All files access",
        playText: "Your scoped storage permission declaration needs to be updated",
        refusesCommit: false, fromTargetSdk: 30
    ) { facts in
        permissions(facts, ["android.permission.MANAGE_EXTERNAL_STORAGE"])
    }

    public static let smsCallLog = DeclarationRule(
        .declaration(
            "DCL011", "sms-call-log",
            "SMS or call log permissions (also those the manifest merger implies): Play needs the Permissions "
                + "declaration form.", fixture: "sms-call-log"),
        key: "smsCallLog", form: "SMS and Call Log permissions",
        playText: "Requested permissions do not match core functionality of the app",
        refusesCommit: false, fromTargetSdk: nil
    ) { facts in
        permissions(
            facts,
            [
                "READ_SMS", "SEND_SMS", "RECEIVE_SMS", "RECEIVE_MMS", "RECEIVE_WAP_PUSH", "READ_CALL_LOG",
                "WRITE_CALL_LOG", "PROCESS_OUTGOING_CALLS",
            ].map { "android.permission." + $0 })
    }

    public static let accessibilityService = DeclarationRule(
        .declaration(
            "DCL012", "accessibility-service",
            "A <service android:permission=\"android.permission.BIND_ACCESSIBILITY_SERVICE\">: Play needs the "
                + "Accessibility API declaration and a prominent disclosure.", fixture: "accessibility-service"),
        key: "accessibility", form: "Accessibility API",
        playText: "Missing prominent disclosure", refusesCommit: false, fromTargetSdk: nil
    ) { facts in
        services(facts, permission: "android.permission.BIND_ACCESSIBILITY_SERVICE")
    }

    public static let vpnService = DeclarationRule(
        .declaration(
            "DCL013", "vpn-service",
            "A <service android:permission=\"android.permission.BIND_VPN_SERVICE\"> (not a <uses-permission>): "
                + "Play needs the VpnService declaration.", fixture: "vpn-service"),
        key: "vpnService", form: "VpnService",
        playText: "Issue found: Missing or Incomplete Declaration", refusesCommit: false, fromTargetSdk: nil
    ) { facts in
        services(facts, permission: "android.permission.BIND_VPN_SERVICE")
    }

    public static let health = DeclarationRule(
        .declaration(
            "DCL014", "health-permissions",
            "ACTIVITY_RECOGNITION, BODY_SENSORS, FOREGROUND_SERVICE_HEALTH or android.permission.health.*: Play "
                + "needs the Health apps declaration.", fixture: "health"),
        key: "health", form: "Health apps",
        playText: "You must let us know whether your app includes any health features",
        refusesCommit: true, fromTargetSdk: nil
    ) { facts in
        let named: Set = [
            "android.permission.ACTIVITY_RECOGNITION", "android.permission.BODY_SENSORS",
            "android.permission.BODY_SENSORS_BACKGROUND", "android.permission.FOREGROUND_SERVICE_HEALTH",
        ]
        return permissions(facts) { named.contains($0) || $0.hasPrefix("android.permission.health.") }
    }

    /// Every declaration rule, in the order the checklist lists the forms.
    public static let all: [DeclarationRule] = [
        foregroundService, advertisingID, photoVideo, backgroundLocation, fullScreenIntent, queryAllPackages,
        requestInstallPackages, exactAlarm, allFilesAccess, smsCallLog, accessibilityService, vpnService, health,
    ]

    /// The entries of the family in the order their findings are reported: the checklist's note, then the forms'.
    public static var entries: [DeclarationCheck] { [checklist] + all.map(\.entry) }

    /// The rules of the family, the checklist's first.
    public static var rules: [Rule] { entries.map(\.rule) }

    /// The declarations the manifest described by `facts` needs.
    public static func needs(_ facts: DeclarationFacts) -> [DeclarationNeed] {
        all.compactMap { $0.need(facts) }
    }

    /// `DATA_SYNC` → `dataSync`.
    static func camelCase(_ words: Substring) -> String {
        let parts = words.lowercased().split(separator: "_")
        return (parts.first.map(String.init) ?? "")
            + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// The `<uses-permission>` elements among `names`, or `nil` when there is none.
    static func permissions(_ facts: DeclarationFacts, _ names: [String]) -> DeclarationTrigger? {
        permissions(facts) { names.contains($0) }
    }

    /// The `<uses-permission>` elements whose name `matches`, or `nil` when there is none.
    static func permissions(_ facts: DeclarationFacts, where matches: (String) -> Bool) -> DeclarationTrigger? {
        let found = facts.permissions.filter { matches($0.name) }
        return found.isEmpty
            ? nil : DeclarationTrigger(elements: found.map(\.element), line: found.compactMap(\.line).min())
    }

    /// The services protected by `permission`, or `nil` when there is none.
    static func services(_ facts: DeclarationFacts, permission: String) -> DeclarationTrigger? {
        let found = facts.services.filter { $0.permission == permission }
        return found.isEmpty
            ? nil : DeclarationTrigger(elements: found.map(\.element), line: found.compactMap(\.line).min())
    }
}

extension Rule {
    /// A declaration rule failed by `TestImages/artifacts/declarations/<fixture>.apk` released after `plain.apk`
    /// (which needs only the advertising ID answer) and passed by `plain.apk` released after itself.
    static func declaration(_ id: String, _ name: String, _ summary: String, fixture: String) -> Rule {
        Rule(
            id, name, .warning,
            summary + " Reported when --previous shows it new, or the declarations record contradicts it or does not "
                + "list it.",
            why: "Play holds the release until the form is filed; shown only where --previous or the record proves it.",
            examples: DeclarationExample.self,
            passing: [DeclarationExample("plain", previous: "plain")],
            failing: [DeclarationExample(fixture, previous: "plain")])
    }
}
