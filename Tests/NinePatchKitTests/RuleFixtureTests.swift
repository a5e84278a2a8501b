import Diagnostics
import NinePatchKit
import Testing
import TestSupport

/// The fixtures `playprep rules NPxxx` names show their rule: failing ones report it, passing ones do not.
/// (NP105 and NP106 fixtures need a project walk; `Tests/ProjectCheckTests` pins those.)
@Suite struct RuleFixtureTests {
    static let rules = NinePatchRule.allCases.filter { $0.fixtures.map { !$0.needsProject } ?? false }

    func ruleIDs(_ path: String) -> [String] {
        let checker = NinePatchChecker(parser: NinePatchParser(badPatchTolerance: NinePatchLints.defaultBadPatchTolerance))
        return checker.check(fileAt: Fixtures.packageRoot.appendingPathComponent(path).path).diagnostics.map(\.ruleID)
    }

    @Test(arguments: rules)
    func fixturesShowTheirRule(rule: NinePatchRule) throws {
        let fixtures = try #require(rule.fixtures)
        #expect(!fixtures.failing.isEmpty)
        for path in fixtures.failing { #expect(ruleIDs(path).contains(rule.id), "\(path) should fail \(rule.id)") }
        for path in fixtures.passing { #expect(!ruleIDs(path).contains(rule.id), "\(path) should pass \(rule.id)") }
    }
}
