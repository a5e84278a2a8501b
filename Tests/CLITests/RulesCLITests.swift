import Foundation
import TestSupport
import Testing

/// `playprep rules` and `playprep rules ID`, as text and JSON.
@Suite struct RulesCLITests {
    @Test func listsEveryRuleByFamilyWithSeverityAndState() throws {
        let run = try PlayprepBinary.run(["rules"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "NinePatch (NP)")
        #expect(lines.contains("Listing text (TXT)"))
        #expect(lines.contains { $0.hasPrefix("  NP003   error    on      Frame pixels must be exactly opaque black") })
        #expect(lines.contains { $0.hasPrefix("  LOC006  ") && $0.contains(" opt-in ") })
        let ids = lines.compactMap { $0.firstMatch(of: /^  ([A-Z]+[0-9]+)\s/)?.1 }.map(String.init)
        #expect(ids.count == Set(ids).count, "each rule once")
        #expect(lines.last { !$0.isEmpty }?.hasPrefix("\(ids.count) rules;") == true)
    }

    @Test func explainsARuleWithItsExamples() throws {
        let run = try PlayprepBinary.run(["rules", "txt001"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput.hasPrefix(
                "TXT001 title-too-long\n  family:   Listing text\n  severity: error, on by default\n"))
        #expect(run.standardOutput.contains("\nThe title is at most 30 characters.\n"))
        #expect(
            run.standardOutput.contains(
                "Fails:\n  - fastlane: 31 characters\n      en-US/title.txt: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" (31 characters)\n"
            ))

        let ninePatch = try PlayprepBinary.run(["rules", "NP003"])
        #expect(ninePatch.standardOutput.contains("Fails:\n  - problems/three_problems.9.png\n"))
        #expect(ninePatch.standardOutput.contains("Passes:\n  - crafted/basic.9.png\n"))

        let optIn = try PlayprepBinary.run(["rules", "LOC006"])
        #expect(optIn.standardOutput.contains("opt-in (--enable LOC006"))
        let upperCase = try PlayprepBinary.run(["rules", "NP101"])
        #expect(upperCase.standardOutput.hasSuffix("\nFails:\n  - extension-case/button.9.PNG\n"))
    }

    @Test func anUnknownRuleIsOneLineAndExitStatus2() throws {
        let run = try PlayprepBinary.run(["rules", "np03"])
        #expect(run.status == 2)
        #expect(
            run.standardError
                == "playprep: error: unknown rule 'np03' (did you mean NP003?); `playprep rules` lists them all\n")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func jsonListsAndExplains() throws {
        let list = try PlayprepBinary.run(["rules", "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        let families = try #require(document["families"] as? [[String: Any]])
        #expect(families.first?["prefix"] as? String == "NP")
        let rules = families.flatMap { $0["rules"] as? [[String: Any]] ?? [] }
        let np003 = try #require(rules.first { $0["id"] as? String == "NP003" })
        #expect(np003["severity"] as? String == "error")
        #expect(np003["enabledByDefault"] as? Bool == true)

        let one = try PlayprepBinary.run(["rules", "PKG002", "--format", "json"])
        let entry = try #require(
            try JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8)) as? [String: Any])
        #expect(entry["id"] as? String == "PKG002")
        #expect(entry["family"] as? String == "Package names")
        let failing = try #require(entry["failing"] as? [[String: Any]])
        #expect(failing.map { $0["title"] as? String } == ["applicationId 'omrecorder'", "applicationId 'app'"])
    }

    /// `--format markdown` prints the committed `docs/rules.md`; with an id it refuses in one line.
    @Test func markdownIsTheCommittedCatalogue() throws {
        let run = try PlayprepBinary.run(["rules", "--format", "markdown"])
        #expect(run.status == 0)
        let committed = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(run.standardOutput == committed)
        let one = try PlayprepBinary.run(["rules", "NP003", "--format", "markdown"])
        #expect(one.status == 2)
        #expect(one.standardError == "playprep: error: --format markdown lists every rule; drop the id 'NP003'\n")
        #expect(one.standardOutput.isEmpty)
    }
}
