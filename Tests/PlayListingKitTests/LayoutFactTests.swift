import Diagnostics
import Testing

@testable import PlayListingKit

/// The classifiers record what they saw at each path as a typed ``LayoutFact`` and know no words; each fact becomes
/// the finding of exactly one layout entry, on its path.
@Suite struct LayoutFactTests {
    @Test func fastlaneRecordsWhatSupplySkips() {
        let facts = FastlaneClassifier().classify([
            "en-US/title.txt", "en-US/titel.txt", "en-US/icon.png", "en-US/images/icon.png", "en-US/images/icon.jpg",
            "en-US/changelogs/v1.txt", "en-US/screenshots.yml",
        ]).facts
        #expect(
            facts.recorded.map(\.path) == [
                "en-US/titel.txt", "en-US/icon.png", "en-US/changelogs/v1.txt", "en-US/screenshots.yml",
                "en-US/images/icon.png",
            ])
        #expect(
            facts.recorded.map(\.fact) == [
                .misspelt(.supplyTextFile, name: "titel.txt", meant: "title.txt"),
                .singleImageOutsideImages(.icon, fileExtension: "png", locale: "en-US"),
                .changelogNotVersionCode(name: "v1.txt"), .unread,
                .duplicateSingleImage(count: 2, uploaded: "en-US/images/icon.jpg"),
            ])
        #expect(
            ruleIDs(LayoutChecker.check(facts)) == [
                "en-US/titel.txt": ["LAY002"], "en-US/icon.png": ["LAY002"], "en-US/changelogs/v1.txt": ["LAY006"],
                "en-US/screenshots.yml": ["LAY002"], "en-US/images/icon.png": ["LAY004"],
            ])
    }

    @Test func gppRecordsWhatGPPRefusesOrIgnores() {
        let facts = GPPClassifier().classify([
            "listings/en-US/title.txt", "listings/notes.txt", "readme.md", "release-notes/en-US/nightly.txt",
            "en-US/whatsnew", "listings/en-US/graphics/icon/1.webp", "listings/en-US/graphics/promo-graphic/1.png",
        ]).facts
        #expect(
            facts.recorded.map(\.fact) == [
                .refusedByGPP(.directlyUnder(folder: "listings", file: "notes.txt")),
                .refusedByGPP(.unknownResource(meant: nil)), .customTrack("nightly"), .legacyName,
                .imageFormatNotUploaded(file: "1.webp"), .promoGraphic,
            ])
        #expect(
            ruleIDs(LayoutChecker.check(facts)) == [
                "listings/notes.txt": ["LAY003"], "readme.md": ["LAY003"],
                "release-notes/en-US/nightly.txt": ["LAY006"],
                "en-US/whatsnew": ["LAY008"], "listings/en-US/graphics/icon/1.webp": ["LAY007"],
                "listings/en-US/graphics/promo-graphic/1.png": ["LAY005"],
            ])
    }

    private func ruleIDs(_ findings: [String: [Finding]]) -> [String: [String]] {
        findings.mapValues { $0.map(\.ruleID) }
    }
}
