import ArtifactKit
import Diagnostics
import TestSupport
import Testing

/// The DCL family on the APKs and AABs of `scripts/make-declaration-artifacts.sh` (real aapt2 links): what each
/// manifest makes Play ask for, and which findings the previous release or the declarations record prove.
@Suite struct DeclarationTests {
    static func path(_ name: String) -> String { Fixtures.testImage("artifacts/declarations/\(name)").path }

    static func check(
        _ name: String, previous: String? = nil, record: DeclarationRecord? = nil
    ) throws -> ArtifactCheck {
        var checker = ArtifactChecker(date: ArtifactFileExample.recordedOn)
        checker.declarationEvidence.record = record
        if let previous { checker.declarationEvidence.previous = try checker.check(path: path(previous)).declarations }
        return try checker.check(path: path(name))
    }

    static func findings(_ name: String, previous: String? = nil, record: DeclarationRecord? = nil) throws
        -> [Diagnostic]
    {
        try check(name, previous: previous, record: record).files.flatMap(\.diagnostics)
    }

    /// Each fixture needs its own form and the Advertising ID answer every API 33+ app owes, and nothing else.
    @Test(arguments: [
        ("foreground-service.apk", "foregroundServiceTypes"), ("foreground-service.aab", "foregroundServiceTypes"),
        ("advertising-id.apk", "advertisingId"), ("photo-video.apk", "photoVideo"),
        ("background-location.apk", "backgroundLocation"), ("full-screen-intent.apk", "fullScreenIntent"),
        ("query-all-packages.apk", "queryAllPackages"), ("request-install-packages.apk", "requestInstallPackages"),
        ("exact-alarm.apk", "exactAlarm"), ("all-files-access.apk", "allFilesAccess"),
        ("sms-call-log.apk", "smsCallLog"), ("accessibility-service.apk", "accessibility"),
        ("vpn-service.apk", "vpnService"), ("vpn-service.aab", "vpnService"), ("health.apk", "health"),
    ])
    func eachFixtureNeedsItsForm(name: String, key: String) throws {
        let keys = try Self.check(name).declarations.needs.map(\.key)
        // The VPN service is a typed foreground service too, as in real VPN apps.
        let typed: Set = name.hasPrefix("vpn") ? ["foregroundServiceTypes"] : []
        #expect(Set(keys) == Set([key, "advertisingId"]).union(typed) && keys.count == Set(keys).count, "\(keys)")
    }

    @Test func withoutTriggerNothingIsNeededAndNothingReported() throws {
        #expect(try Self.check("none.apk").declarations.needs == [])
        // Only the DCL family: none.apk targets 32 to stay below every gate, so ART003 (Play's target level) fires.
        #expect(try Self.findings("none.apk").filter { $0.ruleID.hasPrefix("DCL") } == [])
        #expect(try Self.check("plain.apk").declarations.needs.map(\.key) == ["advertisingId"])
    }

    @Test func foregroundServiceTypesComeFromPermissionsAndServicesInBothFormats() throws {
        let apk = try #require(try Self.check("foreground-service.apk").declarations.need("foregroundServiceTypes"))
        #expect(apk.foregroundServiceTypes == ["dataSync", "location"])
        #expect(
            apk.triggers.contains("<uses-permission android:name=\"android.permission.FOREGROUND_SERVICE_LOCATION\">"))
        #expect(
            apk.triggers.contains(
                "<service android:name=\".tracking.TrackingService\" android:foregroundServiceType=\"location\">"))
        #expect(apk.gate == "targetSdkVersion 36 ≥ 34")
        let bundle = try #require(try Self.check("foreground-service.aab").declarations.need("foregroundServiceTypes"))
        #expect(bundle.foregroundServiceTypes == ["dataSync"])
    }

    @Test func theVPNServiceIsFoundByItsServicePermission() throws {
        for name in ["vpn-service.apk", "vpn-service.aab"] {
            let need = try #require(try Self.check(name).declarations.need("vpnService"))
            #expect(need.triggers.count == 1)
            #expect(need.triggers[0].contains("android:permission=\"android.permission.BIND_VPN_SERVICE\""))
            #expect(!need.refusesCommit)
        }
    }

    /// Without evidence: one short note counting the forms (the checklist lists them), nothing else.
    @Test func theDefaultIsOneShortNote() throws {
        let found = try Self.findings("release-42.apk")
        #expect(found.map(\.ruleID) == ["DCL001"])
        #expect(found[0].severity == .note)
        #expect(
            found[0].message
                == "this release needs 3 App content declarations; `playprep artifact declarations` lists them")
        #expect(found[0].hint?.contains("--previous") == true)
    }

    @Test func thePreviousReleaseProvesOnlyTheNewDeclaration() throws {
        for name in ["release-42.apk", "release-42.aab"] {
            // With the previous release, no count: only what it proves.
            let found = try Self.findings(name, previous: "release-41.apk")
            #expect(found.map(\.ruleID) == ["DCL004"], "\(name)")
            #expect(found.first?.severity == .warning)
            #expect(found.first?.message.contains("release-41.apk") == true)
            #expect(
                found.first?.message.contains("You must let us know whether your app uses any photo and video") == true)
        }
        #expect(try Self.findings("release-41.apk", previous: "release-41.apk") == [])
    }

    @Test func aChangedAdvertisingIDAnswerAndNewForegroundTypesAreWarnings() throws {
        let found = try Self.findings("foreground-service.apk", previous: "release-41.apk")
        // release-41 had dataSync and AD_ID; this one adds location and drops AD_ID.
        #expect(found.map(\.ruleID) == ["DCL002", "DCL003"])
        #expect(found[0].message.contains("foreground service types location"))
        #expect(found[1].message.contains("must now be 'No'"))
    }

    @Test func adIDWithAdvertisingIDRecordedAsNotUsedIsAnError() throws {
        let found = try Self.findings("release-42.apk", record: DeclarationRecord(advertisingID: .notUsed))
        let error = try #require(found.first { $0.ruleID == "DCL003" })
        #expect(error.severity == .error)
        #expect(error.message.contains("your declaration on Play Console says your app doesn't use advertising ID"))
        let used = try Self.findings("plain.apk", record: DeclarationRecord(advertisingID: .used))
        #expect(used.first { $0.ruleID == "DCL003" }?.severity == .warning)
        // The answer matches; the forms the record does not list are warnings of their own rules.
        let matching = try Self.findings("release-42.apk", record: DeclarationRecord(advertisingID: .used))
        #expect(matching.map(\.ruleID) == ["DCL002", "DCL004"])
        #expect(matching.allSatisfy { $0.severity == .warning && $0.message.contains("record does not list") })
    }

    @Test func aFormRecordedAsNotFiledIsAnErrorOnlyWherePlayRefusesTheCommit() throws {
        let record = DeclarationRecord(filed: ["photoVideo": false, "requestInstallPackages": false])
        let photo = try Self.findings("photo-video.apk", record: record).first { $0.ruleID == "DCL004" }
        #expect(photo?.severity == .error)
        let install = try Self.findings("request-install-packages.apk", record: record).first { $0.ruleID == "DCL008" }
        #expect(install?.severity == .warning)
        let filed = DeclarationRecord(advertisingID: .notUsed, filed: ["photoVideo": true])
        #expect(try Self.findings("photo-video.apk", record: filed) == [])
    }

    @Test func recordedForegroundServiceTypes() throws {
        let none = try Self.findings("foreground-service.apk", record: DeclarationRecord(foregroundServiceTypes: []))
        #expect(none.first { $0.ruleID == "DCL002" }?.severity == .error)
        let some = try Self.findings(
            "foreground-service.apk", record: DeclarationRecord(foregroundServiceTypes: ["dataSync"]))
        let missing = try #require(some.first { $0.ruleID == "DCL002" })
        #expect(missing.severity == .warning)
        #expect(missing.message.hasPrefix("foreground service types location "))
        let all = DeclarationRecord(advertisingID: .notUsed, foregroundServiceTypes: ["dataSync", "location"])
        #expect(try Self.findings("foreground-service.apk", record: all) == [])
    }

    /// A record that files every form the release needs leaves nothing to say; one it does not list is a warning
    /// that says how to record it.
    @Test func aRecordThatFilesEveryFormPrintsNothing() throws {
        let every = DeclarationRecord(
            advertisingID: .used, foregroundServiceTypes: ["dataSync"], filed: ["photoVideo": true])
        #expect(try Self.findings("release-42.apk", record: every) == [])
        let partial = DeclarationRecord(advertisingID: .used, foregroundServiceTypes: ["dataSync"])
        let unlisted = try Self.findings("release-42.apk", record: partial)
        #expect(unlisted.map(\.ruleID) == ["DCL004"])
        #expect(unlisted.first?.hint?.contains("declarations: {photoVideo: true}") == true)
    }

    /// The Advertising ID form is owed by the target level: its way out is an answer, never removing a permission
    /// (whose absence is what the form asks about).
    @Test func theAdvertisingIDWayOutRemovesNothing() throws {
        let need = try #require(try Self.check("plain.apk").declarations.need("advertisingId"))
        #expect(need.advertisingID == .notUsed)
        #expect(
            DeclarationRules.waysOut(need)
                == "answer Policy › App content › Advertising ID in Play Console ('No' for this release)")
        let found = try Self.findings("plain.apk", previous: "release-41.apk")
        #expect(found.map(\.ruleID) == ["DCL003"])
        #expect(found.allSatisfy { !($0.hint ?? "").contains("remove") })
        let checklist = try Self.check("plain.apk").declarations.text
        #expect(!checklist.contains("tools:node"))
    }

    @Test func theChecklistJSONNamesEachDeclarationWithItsTrigger() throws {
        let json = try Self.check("release-42.aab").declarations.json
        #expect(json.contains("\"key\" : \"photoVideo\""))
        #expect(json.contains("\"ruleID\" : \"DCL004\""))
        #expect(json.contains("<uses-permission android:name=\\\"android.permission.READ_MEDIA_IMAGES\\\">"))
        #expect(json.contains("\"advertisingID\" : \"used\""))
    }
}
