import Diagnostics
import ProjectCheck
import Testing

/// `RuleBook`: every rule in one family, every listing and package-name rule with its examples.
@Suite struct RuleBookTests {
    let book = RuleBook.playprep

    @Test func everyRuleIsInExactlyOneKnownFamily() {
        let ids = book.families.flatMap(\.rules).map(\.id)
        #expect(Set(ids) == Set(RuleCatalog.playprep.rules.keys))
        #expect(ids.count == Set(ids).count)
        #expect(book.families.allSatisfy { $0.name != $0.prefix }, "every prefix has a family name")
    }

    @Test func storeRulesShowTheirOwnExamples() throws {
        let prefixes = ["PKG", "TXT", "LOC", "LAY", "IMG", "CON", "FDR"]
        let families = book.families.filter { prefixes.contains($0.prefix) }
        #expect(families.map(\.prefix).sorted() == prefixes.sorted())
        #expect(families.allSatisfy { !$0.rules.isEmpty })
        for family in families {
            for rule in family.rules {
                let entry = try #require(book.entry(for: rule.id))
                #expect(!entry.passing.isEmpty && !entry.failing.isEmpty, "\(rule.id)")
            }
        }
    }

    @Test func listingExamplesNameOnlyTheFilesThatMatter() throws {
        let entry = try #require(book.entry(for: "IMG002"))
        #expect(entry.failing.allSatisfy { $0.details.count <= 2 }, "\(entry.failing)")
        let fdroid = try #require(book.entry(for: "FDR001"))
        #expect(fdroid.failing.first?.title == "fastlane: 81-character summary (read by F-Droid)")
        #expect(fdroid.failing.first?.details == ["en-US/short_description.txt: \"bbbbbbbbbbbbbbbbbbbbbbbb…\" (81 characters)"])
        #expect(book.entry(for: "NP101")?.failing.isEmpty == true)
        #expect(book.entry(for: "nope") == nil)
    }
}
