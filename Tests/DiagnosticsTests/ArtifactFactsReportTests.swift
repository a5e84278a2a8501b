import Diagnostics
import Foundation
import Testing

/// An artifact's facts in each report: the text identity line (also without findings), the JSON `artifact`
/// object, SARIF's run properties and the HTML section; files without facts keep their former shape.
@Suite struct ArtifactFactsReportTests {
    static let facts = ArtifactFacts(
        kind: "apk", applicationId: "org.example.app", versionCode: 42, versionName: "1.4.2", minSdk: 24,
        targetSdk: 35, compileSdk: nil, abis: [ArtifactFacts.ABI(name: "arm64-v8a", pageSize16KB: "ok")],
        signatureSchemes: ["v2", "v3"],
        signers: [
            ArtifactFacts.Signer(
                schemes: ["v2", "v3"], subject: "CN=Upload", sha256: "3A:4B:5C:6D", validFrom: "2025-01-01",
                validUntil: "2075-01-01")
        ], sizeBytes: 4_404_019)
    let report = Report(files: [
        FileReport(file: "release.apk", diagnostics: [], artifact: ArtifactFactsReportTests.facts),
        FileReport(file: "other.9.png", diagnostics: []),
    ])

    @Test func theTextReportHasOneIdentityLinePerArtifact() {
        #expect(
            TextReporter().render(report)
                == "release.apk: org.example.app 42 (1.4.2) min 24 target 35 · arm64-v8a 16 KB ok · v2+v3 signed by "
                + "CN=Upload (SHA-256 3A:4B:5C…) · 4.2 MB\n2 files checked: 0 errors, 0 warnings, 0 notes\n")
        var unsigned = Self.facts
        unsigned.signatureSchemes = []
        unsigned.signers = []
        unsigned.sizeBytes = 812
        #expect(unsigned.identityLine.hasSuffix(" · unsigned · 812 B"))
    }

    @Test func theJSONReportHasAnArtifactObjectOnlyOnArtifacts() throws {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let artifact = try #require(files[0]["artifact"] as? [String: Any])
        #expect(artifact["applicationId"] as? String == "org.example.app")
        #expect(artifact["versionCode"] as? Int == 42)
        #expect((artifact["signers"] as? [[String: Any]])?.first?["sha256"] as? String == "3A:4B:5C:6D")
        #expect(files[1]["artifact"] == nil)
    }

    @Test func sarifAndHTMLShowTheArtifacts() throws {
        let catalog = RuleCatalog([])
        let sarif = try #require(
            try JSONSerialization.jsonObject(
                with: Data(SARIFReporter(catalog: catalog, toolVersion: "1").render(report).utf8)) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let artifacts = try #require((run["properties"] as? [String: Any])?["artifacts"] as? [[String: Any]])
        #expect(artifacts.first?["file"] as? String == "release.apk")
        #expect((artifacts.first?["artifact"] as? [String: Any])?["targetSdk"] as? Int == 35)
        let plain = Report(files: [FileReport(file: "other.9.png", diagnostics: [])])
        #expect(!SARIFReporter(catalog: catalog, toolVersion: "1").render(plain).contains("properties"))
        let html = HTMLReporter(catalog: catalog, toolVersion: "1").render(report)
        #expect(html.contains("<section id=\"artifacts\">"))
        #expect(html.contains("SHA-256 <code>3A:4B:5C:6D</code>, valid 2025-01-01 to 2075-01-01"))
        #expect(!HTMLReporter(catalog: catalog, toolVersion: "1").render(plain).contains("id=\"artifacts\""))
    }
}
