import Diagnostics
import Foundation
import ProjectCheck
import TestSupport
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
        #expect(
            fdroid.failing.first?.details == [
                "en-US/short_description.txt: \"bbbbbbbbbbbbbbbbbbbbbbbb…\" (81 characters)"
            ])
        #expect(book.entry(for: "NP101")?.failing.isEmpty == true)
        #expect(book.entry(for: "nope") == nil)
    }

    /// Every rule's id, name, severity, default and summary, and every rule page with its examples, exactly as
    /// `playprep rules` and `playprep rules ID` print them: a refactor of the rules must not change a byte.
    /// (After a deliberate change: `playprep rules > Tests/ProjectCheckTests/Golden/rules.txt`, and the pages.)
    @Test func theBookIsUnchanged() throws {
        let golden = Fixtures.packageRoot.appendingPathComponent("Tests/ProjectCheckTests/Golden")
        let listing = try String(contentsOf: golden.appendingPathComponent("rules.txt"), encoding: .utf8)
        #expect(book.listing == listing)
        let pages = try String(contentsOf: golden.appendingPathComponent("rule-pages.txt"), encoding: .utf8)
        let ids = book.families.flatMap(\.rules).map(\.id).sorted()
        let explained = try ids.map { try book.explanation(of: #require(book.entry(for: $0))) }
        #expect(explained.joined(separator: "\n") == pages)
    }
}
