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

    /// Findings come grouped by who refuses the name (the build, the installer, Play), each group by id.
    @Test func findingsComeInTheOrderOfWhoRefuses() {
        let checker = PackageNameChecker()
        #expect(checker.check("if").map(\.ruleID) == ["PKG009", "PKG002"])
        #expect(checker.check("Do-It_").map(\.ruleID) == ["PKG001", "PKG002", "PKG006", "PKG010", "PKG011"])
        #expect(checker.check("").map(\.ruleID) == ["PKG001"])
        #expect(checker.check(PackageNameCase("Do-It_", role: .namespace)).map(\.ruleID) == ["PKG001"])
        #expect(checker.check(PackageNameCase("if", role: .debugApplicationID)).map(\.ruleID) == ["PKG009", "PKG002"])
    }
}
