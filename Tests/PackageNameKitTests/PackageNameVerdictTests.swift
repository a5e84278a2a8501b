import Diagnostics
import PackageNameKit
import Testing

/// A name, the error rule ids it must produce (empty: Play accepts it) and a phrase the reason must contain.
struct NameVerdict: Sendable, CustomTestStringConvertible {
    var name: String
    var errors: Set<String>
    var reason: String?
    var testDescription: String { "'\(name.prefix(40))'" }

    init(_ name: String, _ errors: Set<String> = [], _ reason: String? = nil) {
        self.name = name
        self.errors = errors
        self.reason = reason
    }
}

@Suite("Package-name verdicts")
struct PackageNameVerdictTests {
    static let verdicts: [NameVerdict] = [
        // Valid
        NameVerdict("de.markusfisch.android.binaryeye"),
        NameVerdict("com.v2ray.ang"),
        NameVerdict("org.connectbot"),
        NameVerdict("fr.smarquis.soundquicksettings"),
        NameVerdict("com.kylecorry.trail_sense"),
        NameVerdict("net.gsantner.markor_test"),
        NameVerdict("a.b"),
        NameVerdict("com.app2.x9"),
        NameVerdict("com.CompanyName.game"),
        NameVerdict("com.examples.app"),
        NameVerdict("com.example2.record"),
        NameVerdict("de.cbre.break"),
        NameVerdict("com." + String(repeating: "a", count: 146)),
        // Digit- or underscore-led segment
        NameVerdict("cz.slunecno.2.m.twa", ["PKG004"], "segment 3 '2' starts with a digit"),
        NameVerdict("com.example.1app", ["PKG004", "PKG007"], "starts with a digit"),
        NameVerdict("com._private.app", ["PKG004"], "starts with an underscore"),
        NameVerdict("1com.app", ["PKG004"], "must start with a letter"),
        // One segment
        NameVerdict("omrecorder", ["PKG002"], "single segment"),
        NameVerdict("app", ["PKG002"], "at least two"),
        // Empty segment
        NameVerdict("com.adventiste_ccp.twa.", ["PKG003"], "ends with '.'"),
        NameVerdict(".com.app", ["PKG003"], "starts with '.'"),
        NameVerdict("com..app", ["PKG003"], "contains '..'"),
        NameVerdict("", ["PKG001"], "empty"),
        // Reserved
        NameVerdict("com.example.x", ["PKG007"], "\"com.example\" is restricted"),
        NameVerdict("com.android.taraashna", ["PKG007"], "com.android"),
        NameVerdict("android", ["PKG007"], "reserved"),
        NameVerdict("android.app.mine", ["PKG007"], "reserved"),
        // Length
        NameVerdict(
            "com." + String(repeating: "a", count: 147), ["PKG005"], "151 characters, over Play's limit of 150"),
        // Upper case start
        NameVerdict("AndroClient.AndroClient", ["PKG006"], "lowercase first letter"),
        // Bad characters
        NameVerdict("com.mycompany.test-78", ["PKG001"], "'-' at position 19"),
        NameVerdict("com.my app.x", ["PKG001"], "position 7"),
        NameVerdict("com.café.app", ["PKG001"], "U+E9"),
        NameVerdict("com.a$b.c", ["PKG001"], "'$'"),
        NameVerdict("com.日本.app", ["PKG001"], "U+65E5"),
    ]

    @Test("verdict and reason", arguments: verdicts)
    func verdict(_ verdict: NameVerdict) {
        let findings = PackageNameChecker().check(PackageNameCase(verdict.name))
        let errors = Set(findings.filter { $0.severity == .error }.map(\.ruleID))
        #expect(errors == verdict.errors)
        if let reason = verdict.reason {
            #expect(findings.contains { $0.message.contains(reason) }, "\(findings.map(\.message))")
        }
    }

    @Test func keywordIsAnErrorOnlyInANamespace() {
        let asID = PackageNameChecker().check(PackageNameCase("com.test.final"))
        let asNamespace = PackageNameChecker().check(PackageNameCase("com.test.final", role: .namespace))
        #expect(asID.map(\.severity) == [.warning])
        #expect(asNamespace.map(\.severity) == [.error])
        #expect(asNamespace[0].message.contains("'final' is a Java keyword"))
    }

    @Test func conventionsAreNotErrors() {
        let findings = PackageNameChecker().check("com.Kyle.trail_sense")
        #expect(Set(findings.map(\.ruleID)) == ["PKG010", "PKG011"])
        #expect(findings.allSatisfy { $0.severity != .error })
    }

    @Test func changedIdentityExplainsPermanence() throws {
        let finding = try #require(PackageNameChecker().check(PackageNameCase("com.a.b", expected: "com.a.c")).first)
        #expect(finding.ruleID == "PKG013")
        #expect(finding.hint?.contains("can never change after the first release") == true)
    }
}
