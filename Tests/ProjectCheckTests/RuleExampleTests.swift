import Diagnostics
import PlayListingKit
import TestSupport
import Testing

@testable import ProjectCheck

/// Every rule playprep has, whatever it checks, against its own examples (what `playprep rules ID` prints): each
/// failing example reports the rule, each passing one does not. NinePatch files, project folders and APKs of the
/// repository, package names and in-memory listing trees all run through their library's real checker.
@Suite("Rule examples")
struct RuleExampleTests {
    static let rules = RuleCatalog.playprep.rules.values.sorted { $0.id < $1.id }
    static let repository = Fixtures.packageRoot.path

    @Test("failing examples report their rule", arguments: rules.filter { !$0.failing.isEmpty }.map(\.id))
    func failing(id: String) throws {
        let rule = try #require(RuleCatalog.playprep.rules[id])
        for example in rule.failing {
            let reported = try example.reportedRuleIDs(repository: Self.repository)
            #expect(reported.contains(id), "\(example.title) should fail \(id) but reports \(reported.sorted())")
        }
    }

    @Test("passing examples do not report their rule", arguments: rules.filter { !$0.passing.isEmpty }.map(\.id))
    func passing(id: String) throws {
        let rule = try #require(RuleCatalog.playprep.rules[id])
        for example in rule.passing {
            let reported = try example.reportedRuleIDs(repository: Self.repository)
            #expect(!reported.contains(id), "\(example.title) should pass \(id) but reports \(reported.sorted())")
        }
    }

    @Test func everyRuleHasAFailingExample() {
        #expect(Self.rules.filter { $0.failing.isEmpty }.map(\.id) == [])
    }

    @Test func everyIDNamesOneRule() {
        #expect(RuleCatalog.playprep.duplicateIDs == [])
        #expect(RuleCatalog.playprep.all.count == Self.rules.count)
    }

    @Test func rulesAreDescribed() {
        for rule in Self.rules {
            #expect(rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(
                !rule.name.isEmpty && rule.name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.id)")
        }
    }

    @Test func theBaseListingsOfTheExamplesAreClean() throws {
        #expect(try ListingExample.fastlane("base").report().diagnostics == [])
        #expect(try ListingExample.gpp("base").report().diagnostics == [])
    }
}
