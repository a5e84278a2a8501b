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
            "contactEmail",
        ]).facts
        #expect(
            facts.recorded.map(\.fact) == [
                .refusedByGPP(.directlyUnder(folder: "listings", file: "notes.txt")), .unread, .customTrack("nightly"),
                .refusedByGPP(.unknownResource(meant: nil, legacy: true)), .imageFormatNotUploaded(file: "1.webp"),
                .promoGraphic, .legacyName,
            ])
        #expect(
            ruleIDs(LayoutChecker.check(facts)) == [
                "listings/notes.txt": ["LAY003"], "readme.md": ["LAY002"],
                "release-notes/en-US/nightly.txt": ["LAY006"], "en-US/whatsnew": ["LAY003"],
                "listings/en-US/graphics/icon/1.webp": ["LAY007"],
                "listings/en-US/graphics/promo-graphic/1.png": ["LAY005"], "contactEmail": ["LAY008"],
            ])
    }

    /// GPP's resource task (`GenerateResources.Validator`, 3.x and 4.0) fails the build on exactly these paths of a
    /// play folder, as its own integration tests expect (`unknownFile`, `invalidLocale`, `illegalPlayFile`,
    /// `illegalPlayDir`), and accepts the rest (`validPlayFile`, a file directly in the play folder, anything deeper
    /// in its own folders).
    @Test func gppRefusesWhatItsResourceTaskRefuses() {
        let refused: [(String, LayoutFact.GPPRefusal)] = [
            ("invalid/en-US/wrong.txt", .unknownResource(meant: nil, legacy: false)),
            ("en-US/listing/title", .unknownResource(meant: nil, legacy: true)),
            ("listngs/en-US/title.txt", .unknownResource(meant: "listings", legacy: false)),
            ("listings/title.txt", .directlyUnder(folder: "listings", file: "title.txt")),
            ("release-notes/default.txt", .directlyUnder(folder: "release-notes", file: "default.txt")),
            ("listings/en-US/play", .playInsidePlay),
            ("listings/en-US/play/default.txt", .playInsidePlay),
            ("listings/en-US/graphics/icon/1.index", .indexFile),
            ("release-notes/en-US/listings/x.txt", .folderNotAtTop(folder: "listings")),
            ("release-names", .notAFolder("release-names")),
            ("products", .notAFolder("products")),
        ]
        for (path, refusal) in refused {
            #expect(GPPClassifier.refusal(path.split(separator: "/").map(String.init)) == refusal, "\(path)")
        }
        let accepted = [
            "listings/en-US/play.txt", "README.md", "default-language.txt", "release-notes/en-US/beta/old.txt",
            "release-names/archive/1.txt", "products/sku.json", "subscriptions/monthly.json",
            "listings/en-US/graphics/phone-screenshots/1.png",
        ]
        for path in accepted {
            #expect(GPPClassifier.refusal(path.split(separator: "/").map(String.init)) == nil, "\(path)")
        }
    }

    private func ruleIDs(_ findings: [String: [Finding]]) -> [String: [String]] {
        findings.mapValues { $0.map(\.ruleID) }
    }
}
