import Foundation
import TestSupport
import Testing

/// `--enable` and `--disable` on every checking command, and rule ids checked wherever they are named.
@Suite struct RuleChoiceCLITests {
    func rules(_ run: PlayprepBinary.Outcome) throws -> [String] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        return files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
    }

    @Test(arguments: [
        (["check", "TestImages/BrokenApp"], "NP003"),
        (["ninepatch", "check", "TestImages/problems"], "NP003"),
        // Inside playprep's repository no upload of BrokenApp's tree is proven (its one UPL001 lists TXT001):
        // `--store play` judges the folder alone, as Play's.
        (["listing", "check", "TestImages/BrokenApp/fastlane/metadata/android", "--store", "play"], "TXT001"),
        (["package", "check", "com.example.app"], "PKG007"),
        (["artifact", "check", "TestImages/artifacts/old-target.apk"], "ART003"),
    ])
    func disableRemovesARulesFindings(command: [String], rule: String) throws {
        let before = try rules(PlayprepBinary.run(command + ["--format", "json"]))
        #expect(before.contains(rule))
        let after = try rules(PlayprepBinary.run(command + ["--format", "json", "--disable", "\(rule),PKG011"]))
        #expect(!after.contains(rule))
        #expect(after == before.filter { $0 != rule })
    }

    @Test func aRuleBothEnabledAndDisabledOrUnknownIsAUsageError() throws {
        let both = try PlayprepBinary.run(["check", "TestImages/SampleApp", "--enable", "NP201", "--disable", "NP201"])
        #expect(both.status == 2)
        #expect(
            both.standardError.hasPrefix("playprep: error: NP201 is both enabled (--enable) and disabled (--disable)"))
        let unknown = try PlayprepBinary.run(["ninepatch", "check", "TestImages/problems", "--disable", "NP0003"])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError.hasPrefix("playprep: error: --disable NP0003: unknown rule (did you mean NP003?)"))
        #expect(unknown.standardOutput.isEmpty)
    }

    @Test func anUnknownRuleInTheConfigurationIsAnErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-rules-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("playprep.yml").path
        try "rules:\n  NP003: warning\n  TXT01: off\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try PlayprepBinary.run(["check", folder.path])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: \(config):3:3: unknown rule 'TXT01' (did you mean TXT001?); "
                + "`playprep rules` lists them all\n")
    }

    @Test func np201IsTurnedOnByEnableAndByTheConfiguration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("playprep-np201-\(UUID())")
        try FileManager.default.copyItem(at: Fixtures.testImage("SampleApp"), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Fixtures.testImage("crafted/no_ticks.9.png"),
            to: folder.appendingPathComponent("app/src/main/res/drawable-mdpi/plain_frame.9.png"))
        let json = ["--format", "json"]
        #expect(try !rules(PlayprepBinary.run(["check", folder.path] + json)).contains("NP201"))
        #expect(try rules(PlayprepBinary.run(["check", folder.path, "--enable", "NP201"] + json)).contains("NP201"))
        try "rules:\n  NP201: on\n".write(
            toFile: folder.appendingPathComponent("playprep.yml").path, atomically: true, encoding: .utf8)
        #expect(try rules(PlayprepBinary.run(["check", folder.path] + json)).contains("NP201"))

        let file = "TestImages/crafted/no_ticks.9.png"
        #expect(try rules(PlayprepBinary.run(["ninepatch", "check", file] + json)) == [])
        #expect(try rules(PlayprepBinary.run(["ninepatch", "check", file, "--enable", "NP201"] + json)) == ["NP201"])
    }
}
