import Diagnostics
import PlayListingKit
import Testing

@Suite("Package-name rule examples")
struct PackageNameRuleExampleTests {
    let checker = PackageNameChecker()

    @Test("every rule has a passing and a failing example", arguments: PackageNameRules.all.map(\.id))
    func everyRuleHasExamples(id: String) throws {
        let rule = try #require(PackageNameRules.all.first { $0.id == id })
        #expect(!rule.passing.isEmpty)
        #expect(!rule.failing.isEmpty)
    }

    @Test("passing examples do not trigger their rule", arguments: PackageNameRules.all.map(\.id))
    func passing(id: String) throws {
        let rule = try #require(PackageNameRules.all.first { $0.id == id })
        for example in rule.passing {
            let ids = checker.check(example).map(\.ruleID)
            #expect(!ids.contains(id), "\(example) should pass \(id) but got \(ids)")
        }
    }

    @Test("failing examples trigger their rule", arguments: PackageNameRules.all.map(\.id))
    func failing(id: String) throws {
        let rule = try #require(PackageNameRules.all.first { $0.id == id })
        for example in rule.failing {
            let ids = checker.check(example).map(\.ruleID)
            #expect(ids.contains(id), "\(example) should fail \(id) but got \(ids)")
        }
    }

    @Test func descriptorsAreWellFormed() {
        let ids = PackageNameRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in PackageNameRules.all {
            #expect(rule.descriptor.name.allSatisfy { $0.isLowercase || $0 == "-" || $0.isNumber })
            #expect(rule.descriptor.summary.hasSuffix("."))
        }
    }

    @Test func limitsComeFromTheTable() {
        var limits = ListingLimits.play2026
        limits.packageNameMaxLength.value = 10
        let ids = PackageNameChecker(limits: limits).check("com.example2.x").map(\.ruleID)
        #expect(ids.contains("PKG005"))
    }
}
