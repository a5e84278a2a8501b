import ArtifactKit
import Testing

@testable import ProjectCheck

/// `declarations:` in playprep.yml: the App content forms a team records as filed.
@Suite struct DeclarationRecordTests {
    @Test func theRecordIsRead() throws {
        let configuration = try ProjectConfiguration.parse(
            """
            declarations:
              advertisingId: used
              foregroundServiceTypes: [dataSync, location]
              photoVideo: true
              queryAllPackages: false
            """, file: "playprep.yml")
        let record = try #require(configuration.declarationRecord)
        #expect(record.advertisingID == .used)
        #expect(record.foregroundServiceTypes == ["dataSync", "location"])
        #expect(record.filed == ["photoVideo": true, "queryAllPackages": false])
        #expect(record.source == "playprep.yml")
        #expect(try ProjectConfiguration.parse("rules: {}\n", file: "p.yml").declarationRecord == nil)
    }

    @Test func anUnknownFormOrAnswerIsAnErrorWithItsLine() {
        #expect(throws: ConfigurationError.self) {
            try ProjectConfiguration.parse("declarations:\n  advertisingId: yes please\n", file: "p.yml")
        }
        do {
            _ = try ProjectConfiguration.parse("declarations:\n  photoVideo: true\n  dataSafety: true\n", file: "p.yml")
            Issue.record("an unknown form was accepted")
        } catch {
            #expect(error.description.contains("p.yml:3"), "\(error.description)")
            #expect(error.description.contains("queryAllPackages"))
        }
    }
}
