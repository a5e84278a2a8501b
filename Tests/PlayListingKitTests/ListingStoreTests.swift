import Diagnostics
import Foundation
import PlayListingKit
import Testing

/// A listing is judged as its store receives it: what supply uploads, the current changelog only, F-Droid's
/// names and limits, GPP's merge of source sets and the files GPP ignores or refuses.
@Suite struct ListingStoreTests {
    func ids(_ example: ListingExample) throws -> [String] {
        try example.report(displayRoot: "m").diagnostics.map(\.ruleID)
    }

    @Test func supplyChecksOnlyThePartsItUploads() throws {
        let example = ListingExample.fastlane(
            "long title, small icon",
            [
                "en-US/title.txt": .text(String(repeating: "t", count: 40)),
                "en-US/images/icon.png": .png(500, 500, .rgba),
            ])
        #expect(Set(try ids(example)) == ["TXT001", "IMG002"])
        #expect(try ids(example.read(by: .play, uploading: [.changelogs])) == [])
        #expect(try ids(example.read(by: .play, uploading: [.text])) == ["TXT001"])
        #expect(try ids(example.read(by: .play, uploading: [.images])) == ["IMG002"])
    }

    @Test func onlyTheChangelogOfTheReleaseIsChecked() throws {
        let long = ExampleFile.text(String(repeating: "n", count: 501))
        var example = ListingExample.fastlane("an old long changelog", ["en-US/changelogs/90.txt": long])
        #expect(try ids(example) == [])
        example.options.checksAllChangelogs = true
        #expect(try ids(example) == ["TXT004"])
        example.options.checksAllChangelogs = false
        example.options.versionCode = 90
        #expect(try ids(example) == ["TXT004"])
        // Without a changelog for the version, supply uploads default.txt.
        let fallback = ListingExample.fastlane("default.txt", ["en-US/changelogs/default.txt": long]).releasing(101)
        #expect(Set(try ids(fallback)) == ["TXT004"])
        // With no version known, default.txt is the changelog supply uploads.
        #expect(try ids(.fastlane("default.txt, no version", ["en-US/changelogs/default.txt": long])) == ["TXT004"])
    }

    @Test func fDroidReadsItsOwnNamesAndAnyLocale() throws {
        let example = ListingExample(
            layout: .fastlane,
            files: [
                "en-US/name.txt": .text("Telegram"),
                "eo/summary.txt": .text(String(repeating: "s", count: 81)),
                "de/description.txt": .text("Ein Messenger"),
                "ast/title.txt": .text(String(repeating: "a", count: 31)),
            ], note: "F-Droid tree"
        ).read(by: .fdroid)
        let report = try example.report(displayRoot: "metadata")
        #expect(report.diagnostics.map { "\($0.ruleID) \($0.file)" } == ["FDR001 metadata/eo/summary.txt"])
        #expect(report.diagnostics.first?.severity == .warning)
        #expect(
            report.diagnostics.first?.message
                == "short description is 81 characters; F-Droid shows only the first 80 for language eo")
    }

    @Test func hiddenFilesAreNeverRead() throws {
        let example = ListingExample.gpp(
            "a .keep file", ["listings/.keep": .text(""), "release-notes/en-US/.keep": .text("")])
        #expect(try ids(example) == [])
    }

    @Test func aPlayFolderInsidePlayBreaksGPP() throws {
        let example = ListingExample.gpp("nested play", ["listings/en-US/play/title.txt": .text("x")])
        let report = try example.report(displayRoot: "play")
        let finding = try #require(report.diagnostics.first { $0.file == "play/listings/en-US/play/title.txt" })
        #expect(finding.ruleID == "LAY003" && finding.severity == .error)
    }

    @Test func gppFilesAGraphicNamedAfterItsType() throws {
        let example = ListingExample.gpp(
            "graphics/icon.png",
            [
                "listings/en-US/graphics/icon/1.png": nil, "listings/en-US/graphics/icon.png": .png(500, 500, .rgba),
            ])
        #expect(try ids(example) == ["IMG002"])
    }

    @Test func gppMergesSourceSetsAndNamesTheFileWhereItIs() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gpp-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let write = { (path: String, text: String) in
            let url = base.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("main/play/default-language.txt", "en-US")
        try write("main/play/listings/en-US/title.txt", String(repeating: "m", count: 31))
        try write("main/play/release-notes/en-US/default.txt", "Fixes")
        try write("prod/play/listings/en-US/title.txt", "Commons")
        try write("prodRelease/play/release-notes/en-US/default.txt", String(repeating: "r", count: 501))
        let layers = ["main", "prod", "prodRelease"].map { base.appendingPathComponent("\($0)/play").path }
        let source = try LayeredFileSource(layers: layers)
        let checked = try ListingChecker().check(source, options: ListingOptions(layout: .gpp), displayRoot: layers[2])
        let report = RuleSelection().apply(to: checked, catalog: RuleCatalog(PlayListingRules.all)).report
        // The 31-character main title is overridden by prod's; the release notes come from prodRelease.
        #expect(report.diagnostics.map(\.ruleID) == ["TXT004"])
        #expect(report.diagnostics.first?.file == layers[2] + "/release-notes/en-US/default.txt")
        #expect(report.files.contains { $0.file == layers[1] + "/listings/en-US/title.txt" })
    }

    @Test func localeHintsKnowTheFoldersThatExist() throws {
        let report = try ListingExample.fastlane(
            "pt beside pt-PT",
            [
                "pt-PT/title.txt": .text("Olho"), "pt/title.txt": .text("Olho"), "zh_Hant_HK/title.txt": .text("眼"),
                "de/title.txt": .text("Auge"), "de_DE/title.txt": .text("Auge"),
            ]
        ).report(displayRoot: "m")
        let byFolder = Dictionary(grouping: report.diagnostics, by: \.file)
        #expect(
            byFolder["m/pt"]?.first { $0.ruleID == "LOC003" }?.hint
                == "rename it to 'pt-BR', or merge it into the existing 'pt-PT' folder")
        #expect(byFolder["m/zh_Hant_HK"]?.first?.hint == "rename it to 'zh-HK'")
        #expect(byFolder["m/de"]?.contains { $0.ruleID == "LOC004" } == true)
        #expect(byFolder["m/de_DE"]?.contains { $0.ruleID == "LOC004" } == true)
    }

    /// `tl-PH` is Filipino, which Play calls `fil` (as `tl` alone is): a near miss, not a language Play lacks.
    @Test func tagalogWithARegionIsFilipino() throws {
        let report = try ListingExample.fastlane("tl-PH", ["tl-PH/title.txt": .text("Mata")]).report(displayRoot: "m")
        let finding = report.diagnostics.first { $0.file == "m/tl-PH" }
        #expect(finding?.ruleID == "LOC003")
        #expect(finding?.hint == "rename it to 'fil'")
        #expect(!report.diagnostics.contains { $0.ruleID == "LOC001" })
    }
}
