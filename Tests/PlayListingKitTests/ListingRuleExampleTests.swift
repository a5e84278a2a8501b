import Diagnostics
import PlayListingKit
import Testing

/// Every listing rule's examples, run through the whole checker on an in-memory tree.
@Suite("Listing rule examples")
struct ListingRuleExampleTests {
    static let rules = TextRules.all + LocaleRules.all + LayoutRules.all + ImageRules.all + ConsistencyRules.all
        + FDroidRules.all

    static func ruleIDs(_ example: ListingExample) throws -> [String] {
        let report = try ListingChecker().check(example.source, options: example.options, displayRoot: "metadata")
        return report.diagnostics.map(\.ruleID)
    }

    @Test("every rule has a passing and a failing example", arguments: rules.map(\.id))
    func everyRuleHasExamples(id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        #expect(!rule.passing.isEmpty && !rule.failing.isEmpty)
    }

    @Test("passing examples do not trigger their rule", arguments: rules.map(\.id))
    func passing(id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        for example in rule.passing {
            let ids = try Self.ruleIDs(example)
            #expect(!ids.contains(id), "\(example) should pass \(id) but got \(ids)")
        }
    }

    @Test("failing examples trigger their rule", arguments: rules.map(\.id))
    func failing(id: String) throws {
        let rule = try #require(Self.rules.first { $0.id == id })
        for example in rule.failing {
            let ids = try Self.ruleIDs(example)
            #expect(ids.contains(id), "\(example) should fail \(id) but got \(ids)")
        }
    }

    @Test("the base listings are clean")
    func baseListingsAreClean() throws {
        #expect(try Self.ruleIDs(.fastlane("base")) == [])
        #expect(try Self.ruleIDs(.gpp("base")) == [])
    }

    @Test func descriptorsAreUniqueAndDescribed() {
        let ids = Self.rules.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Self.rules.allSatisfy { $0.descriptor.summary.hasSuffix(".") && !$0.descriptor.name.contains(" ") })
    }
}
