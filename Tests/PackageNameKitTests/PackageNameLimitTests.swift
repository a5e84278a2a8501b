import Diagnostics
import PackageNameKit
import Testing

@Suite("Package-name limits")
struct PackageNameLimitTests {
    @Test func limitsComeFromTheTable() {
        var limits = PackageNameLimits.play2026
        limits.maxLength.value = 10
        let ids = PackageNameChecker(limits: limits).check("com.example2.x").map(\.ruleID)
        #expect(ids.contains("PKG005"))
    }

    @Test func summariesQuoteTheTable() {
        let limits = PackageNameLimits.play2026
        #expect(PackageNameRules.tooLong.rule.summary.contains("at most \(limits.maxLength.value) characters"))
        for prefix in limits.reservedPrefixes.value { #expect(PackageNameRules.reservedPrefix.rule.summary.contains(prefix)) }
    }
}
