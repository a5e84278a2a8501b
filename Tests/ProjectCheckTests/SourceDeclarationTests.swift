import ArtifactKit
import Diagnostics
import TestSupport
import Testing

@testable import ProjectCheck

/// `check` without an artifact: DCL001 "may need" notes from the application's source manifests, and from the
/// manifest merger's report under build/ (which the walk skips), naming the library behind each permission.
@Suite struct SourceDeclarationTests {
    static let root = Fixtures.testImage("declarations/RestrictedApp").path

    static func notes(artifact: ArtifactCheck? = nil) -> [Diagnostic] {
        ProjectChecker(configuration: ProjectConfiguration(), jobs: 1)
            .run(ProjectDiscovery().inventory(of: root), artifact: artifact).report.diagnostics
            .filter { $0.ruleID == "DCL001" }
    }

    @Test func theSourceManifestSaysWhatMayBeNeeded() throws {
        let note = try #require(Self.notes().first { $0.file.hasSuffix("src/main/AndroidManifest.xml") })
        #expect(note.severity == .note)
        #expect(note.location?.line == 7)
        #expect(note.message.hasPrefix("may need 2 App content declarations"))
        #expect(note.message.contains("QUERY_ALL_PACKAGES\"> (if targetSdkVersion ≥ 30)"))
        #expect(note.message.contains("android:permission=\"android.permission.BIND_VPN_SERVICE\""))
        #expect(note.message.contains("the merged manifest decides"))
        // Removed with tools:node="remove", and commented out.
        #expect(!note.message.contains("READ_MEDIA_IMAGES") && !note.message.contains("READ_SMS"))
        #expect(!Self.notes().contains { $0.file.hasSuffix("src/play/AndroidManifest.xml") })
    }

    @Test func theMergerReportNamesTheLibraries() throws {
        let note = try #require(Self.notes().first { $0.file.hasSuffix("manifest-merger-release-report.txt") })
        #expect(note.message.hasPrefix("may need 4 App content declarations"))
        #expect(note.message.contains("FOREGROUND_SERVICE_DATA_SYNC\"> from [androidx.work:work-runtime:2.10.0]"))
        #expect(
            note.message.contains(
                "permission.AD_ID\"> from [com.google.android.gms:play-services-ads-identifier:18.2.0]"))
        #expect(note.message.contains("READ_CALL_LOG\"> from IMPLIED from"))
        #expect(!note.message.contains("READ_MEDIA_IMAGES"))
    }

    @Test func anArtifactReplacesTheGuess() throws {
        let apk = Fixtures.testImage("artifacts/declarations/plain.apk").path
        let artifact = try ArtifactChecker(date: ArtifactFileExample.recordedOn).check(path: apk)
        #expect(Self.notes(artifact: artifact).map(\.file) == [apk])
    }

    @Test func theMergerReportParser() {
        let report = ManifestMergerReport(
            """
            uses-permission#android.permission.USE_EXACT_ALARM
            ADDED from [com.example:alarms:1.0] /cache/AndroidManifest.xml:3:5-70
            \tandroid:name
            \t\tADDED from /app/src/main/AndroidManifest.xml:4:22
            uses-permission#android.permission.CAMERA
            ADDED from /app/src/main/AndroidManifest.xml:5:5-65
            REJECTED from [com.example:camera:2.0] /cache/AndroidManifest.xml:9:5-65
            activity#com.example.Main
            ADDED from [com.example:alarms:1.0] /cache/AndroidManifest.xml:10:9
            """)
        #expect(report.permissions == ["android.permission.USE_EXACT_ALARM"])
        #expect(report.origin(of: "android.permission.USE_EXACT_ALARM") == "[com.example:alarms:1.0]")
    }

    @Test func aMalformedSourceManifestIsRefused() {
        #expect(throws: ArtifactParseError.self) { try SourceManifest("<manifest><application></manifest>") }
        #expect(throws: ArtifactParseError.self) { try SourceManifest("<manifest><!-- open") }
    }
}
