import Diagnostics
import TestSupport
import Testing

@testable import ArtifactKit
@testable import ProjectCheck

/// `check` without an artifact: each release variant's source manifests merged as the merger merges them (or the
/// merger's report under build/, which the walk skips, naming the library behind each permission), at the build's
/// targetSdk; `plan` lists the forms (`check` says nothing of them without a comparison); a `declarations:` record leaves only
/// what it contradicts or does not list.
@Suite struct SourceDeclarationTests {
    static let root = Fixtures.testImage("declarations/RestrictedApp").path

    static func notes(artifact: ArtifactCheck? = nil) -> [Diagnostic] {
        findings(root, artifact: artifact).filter { $0.ruleID == "DCL001" }
    }

    static func findings(
        _ root: String, configuration: ProjectConfiguration = ProjectConfiguration(), artifact: ArtifactCheck? = nil
    ) -> [Diagnostic] {
        ProjectChecker(configuration: configuration, jobs: 1)
            .run(ProjectDiscovery().inventory(of: root), artifact: artifact).report.diagnostics
            .filter { $0.ruleID.hasPrefix("DCL") }
    }

    static func checklists(_ root: String) -> [DeclarationChecklist] {
        ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).plan(ProjectDiscovery().inventory(of: root))
            .sourceDeclarations
    }

    /// Without `--since` or a record, nothing says which forms are new: `check` prints nothing of them (a count
    /// repeated on every run), `plan` lists them.
    @Test func withoutAComparisonOnlyPlanListsTheForms() throws {
        #expect(Self.notes().isEmpty)
        #expect(Self.checklists(Self.root).flatMap(\.needs).count == 5)
    }

    @Test func theMergerReportNamesTheLibraries() throws {
        let checklist = try #require(Self.checklists(Self.root).first)
        #expect(checklist.artifact.hasPrefix(":app release by the merger report app/build/outputs/logs/"))
        let triggers = checklist.needs.flatMap(\.triggers)
        #expect(
            triggers.contains {
                $0.contains("FOREGROUND_SERVICE_DATA_SYNC\"> from [androidx.work:work-runtime:2.10.0]")
            })
        #expect(
            triggers.contains {
                $0.contains("permission.AD_ID\"> from [com.google.android.gms:play-services-ads-identifier:18.2.0]")
            })
        #expect(triggers.contains { $0.contains("READ_CALL_LOG\"> from IMPLIED from") })
        // The report has no services: the source manifests give the VPN service.
        #expect(triggers.contains { $0.contains("android:permission=\"android.permission.BIND_VPN_SERVICE\"") })
        // Rejected by the merger (tools:node="remove"), and commented out.
        #expect(!triggers.contains { $0.contains("READ_MEDIA_IMAGES") || $0.contains("READ_SMS") })
        #expect(checklist.targetSdk == 36)
    }

    /// The play flavour removes REQUEST_INSTALL_PACKAGES with tools:node="remove": its release is not told to
    /// declare it; the fdroid flavour keeps it. The target level comes from the version catalog.
    @Test func flavourManifestsAreMergedWithTheirRemovals() throws {
        let root = Fixtures.testImage("defaults/declarations-flavours").path
        let checklists = Self.checklists(root)
        #expect(
            checklists.map(\.artifact.description).map { String($0.prefix(20)) } == [
                ":app playRelease by ", ":app fdroidRelease b",
            ])
        #expect(checklists[0].needs.map(\.key) == ["foregroundServiceTypes", "queryAllPackages"])
        #expect(
            checklists[1].needs.map(\.key) == ["foregroundServiceTypes", "queryAllPackages", "requestInstallPackages"])
        #expect(checklists.flatMap(\.needs).allSatisfy { $0.gate.hasPrefix("targetSdkVersion 36") })
        #expect(Self.findings(root).isEmpty)
    }

    /// A record that files every form: nothing more. A record that leaves a form out: a warning for it at the
    /// record, never an error (the source manifests are not the artifact Play judges).
    @Test func aRecordLeavesOnlyWhatItDoesNotFile() throws {
        let recorded = Fixtures.testImage("defaults/declarations-recorded").path
        let configuration = try ProjectConfiguration.read(recorded + "/playprep.yml")
        #expect(Self.findings(recorded, configuration: configuration) == [])
        var partial = configuration
        partial.declarationRecord?.filed["queryAllPackages"] = false
        partial.declarationRecord?.filed["requestInstallPackages"] = nil
        let found = Self.findings(recorded, configuration: partial)
        #expect(found.map(\.ruleID) == ["DCL007", "DCL008"])
        #expect(found.allSatisfy { $0.severity == .warning && $0.file.hasSuffix("playprep.yml") })
        #expect(found[1].message.contains("record does not list"))
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

    /// Each element keeps its full path, so many elements near the depth limit are refused by the names their
    /// paths hold, and a wide manifest under that limit is read whole.
    @Test func aWideManifestNearTheDepthLimitIsBounded() throws {
        func manifest(depth: Int, width: Int) -> String {
            "<manifest>" + String(repeating: "<a>", count: depth) + String(repeating: "<b/>", count: width)
                + String(repeating: "</a>", count: depth) + "</manifest>"
        }
        let read = try SourceManifest(manifest(depth: 250, width: 1_000))
        #expect(read.elements.count == 1_251)
        #expect(read.elements.last?.path.count == 252)
        let error = #expect(throws: ArtifactParseError.self) { try SourceManifest(manifest(depth: 250, width: 4_000)) }
        #expect(error?.description.hasPrefix("line 1: the element paths hold more than 1000000 names") == true)
        let shallow = try SourceManifest(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">"
                + String(repeating: "<uses-permission android:name=\"p\"/>", count: 20_000) + "</manifest>")
        #expect(shallow.facts.permissions.count == 20_000)
    }

    /// An ASCII tag is read by its bytes, any other by its characters: both give the same attributes, entities
    /// decoded, across CR LF and spaces around `=`.
    @Test func sourceManifestAttributesReadAlikeInASCIIAndOtherTags() throws {
        let read = try SourceManifest(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\r\n"
                + "<uses-permission\r\n android:name = 'a&amp;b&quot;c' />\r\n"
                + "<uses-permission android:name=\"é&lt;x&gt;&amp;lt;\" android:label=\"&apos;\"/></manifest>")
        #expect(read.facts.permissions.map(\.name) == ["a&b\"c", "é<x>&lt;"])
        #expect(read.facts.permissions.map(\.line) == [2, 4])
    }

    @Test func aMalformedSourceManifestIsRefused() {
        #expect(throws: ArtifactParseError.self) { try SourceManifest("<manifest><application></manifest>") }
        #expect(throws: ArtifactParseError.self) { try SourceManifest("<manifest><!-- open") }
    }
}
