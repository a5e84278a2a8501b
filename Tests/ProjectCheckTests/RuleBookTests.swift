import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import ProjectCheck

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
        // Fixtures are named below TestImages/, which the release tarball does not ship.
        #expect(book.entry(for: "NP101")?.failing.map(\.title) == ["extension-case/button.9.PNG"])
        #expect(book.entry(for: "nope") == nil)
    }

    static let golden = Fixtures.packageRoot.appendingPathComponent("Tests/ProjectCheckTests/Golden")
    static let ids = RuleBook.playprep.families.flatMap(\.rules).map(\.id).sorted()

    /// Every rule's id, name, severity, default and summary exactly as `playprep rules` prints them, and every
    /// rule page as `playprep rules ID` prints it (`Golden/rules/<ID>.txt`): a refactor of the rules must not
    /// change a byte. After a deliberate change, `PLAYPREP_RECORD=1 swift test --filter RuleBookTests` rewrites
    /// them; review the diff.
    @Test func theListingIsUnchanged() throws {
        let file = Self.golden.appendingPathComponent("rules.txt")
        #expect(try Golden.expected(book.listing, in: file) == book.listing)
    }

    @Test(arguments: ids) func theRulePageIsUnchanged(id: String) throws {
        let page = book.explanation(of: try #require(book.entry(for: id)))
        let file = Self.golden.appendingPathComponent("rules/\(id).txt")
        #expect(try Golden.expected(page, in: file) == page, "\(id)")
    }

    /// No page of a removed rule (recording deletes those); a missing page fails `theRulePageIsUnchanged`.
    @Test func everyRulePageIsARule() throws {
        let folder = Self.golden.appendingPathComponent("rules")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let stale = pages.filter { !Self.ids.contains(String($0.prefix { $0 != "." })) }
        if Golden.isRecording {
            for page in stale { try FileManager.default.removeItem(at: folder.appendingPathComponent(page)) }
        } else {
            #expect(stale.isEmpty, "pages of rules that no longer exist: \(stale)")
        }
    }

    /// `docs/rules.md` is what `playprep rules --format markdown` prints, so the published catalogue cannot
    /// drift from the rules.
    @Test func docsRulesIsGeneratedFromTheCatalogue() throws {
        let file = Fixtures.packageRoot.appendingPathComponent("docs/rules.md")
        #expect(
            try Golden.expected(book.markdown, in: file) == book.markdown,
            "docs/rules.md differs from the catalogue: regenerate it with `swift run playprep rules --format markdown > docs/rules.md` (or PLAYPREP_RECORD=1 swift test --filter RuleBookTests)"
        )
    }

    @Test func theMarkdownCatalogueHasOneRowPerRule() {
        let rows = book.markdown.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| id ") }
        #expect(rows.count == Self.ids.count)
        #expect(book.markdown.contains("| NP003 | `"), "rows start with the id and the name")
        #expect(RuleBook.tableCell("a | b\nc") == "a \\| b c")
    }
}
