import Diagnostics
import TestSupport
import Testing

@testable import ProjectCheck

/// NP106 on drawables in several density folders: only what users would see.
@Suite struct DensityJudgementTests {
    func findings(_ project: String) -> [Diagnostic] {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("density/" + project).path)
        return ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).check(inventory).diagnostics
            .filter { $0.ruleID == "NP106" }
    }

    @Test func aCopyWithTheSamePixelSizeIsReportedAsUnscaledWithItsSizesInDp() throws {
        let found = findings("unscaled_copy")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.file.hasSuffix("drawable-mdpi/tile.9.png"))
        #expect(finding.message.contains("copied unscaled"))
        #expect(finding.message.contains("32x32 dp on mdpi devices but 16x16 dp on xhdpi devices"))
        #expect(finding.hint?.contains("drawable-nodpi") == true)
    }

    @Test func ticksOffProportionalThatDrawTheSamePass() {
        #expect(findings("invisible_offset").isEmpty)
    }

    /// Two densities that disagree: one finding on the pair, naming both, not a guess at which is off.
    @Test func ticksOffProportionalThatDrawDifferentlyAreReported() throws {
        let found = findings("visible_offset")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.message.contains("stretch span [0, 14) on x"))
        #expect(finding.message.contains("shows when drawn"))
        #expect(finding.message.contains("drawable-xhdpi/tile.9.png"))
        #expect(finding.message.contains("cannot tell which one is off"))
    }

    @Test func theOddDensityOutOfFourIsTheOnlyFindingAndNamesTheOthers() throws {
        let found = findings("odd_density")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.file.hasSuffix("drawable-xxhdpi/row.9.png"))
        #expect(finding.message.contains("padding"))
        #expect(finding.message.contains("compared with xhdpi, hdpi, mdpi, which agree with each other"))
    }

    @Test func thePlantedCardStillFiresOnce() {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("BrokenApp").path)
        let found = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).check(inventory).diagnostics
            .filter { $0.ruleID == "NP106" }
        #expect(found.map { $0.file.hasSuffix("drawable-hdpi/card.9.png") } == [true])
    }
}

/// RES001 (aapt2) and RES002 (AGP's resource merger) on file-based resource names.
@Suite struct ResourceFileNameTests {
    /// RES001's and RES002's findings on `path`, in that order.
    func diagnostics(_ path: String) -> [Diagnostic] {
        let names = ResourceFileNames()
        return names.dotsInNames([path], RuleOutput(rule: ProjectRules.dotInName.rule))
            + names.invalidNames([path], RuleOutput(rule: ProjectRules.invalidName.rule))
    }

    func rules(_ path: String) -> [String] {
        diagnostics(path).map(\.ruleID)
    }

    @Test(arguments: [
        "app/src/main/res/drawable/x.9.png", "res/drawable-hdpi/icon_2.png", "res/drawable/_foo.png",
        "res/layout/main_view.xml", "res/raw/data.txt",
        "res/drawable-hdpi/c.9.PNG", "res/values/strings.xml", "res/values-de/Strings.Old.xml",
        "res/drawable/.DS_Store", "res/mipmap-xxhdpi/ic_launcher.webp", "res/font/inter.ttf",
    ])
    func validNamesPass(path: String) {
        #expect(rules(path).isEmpty)
    }

    @Test(arguments: [
        ("res/drawable/image.small.9.png", ["RES001"]),
        ("res/drawable/a.b.png", ["RES001"]),
        ("res/layout/main.view.xml", ["RES001"]),
        ("res/drawable-hdpi/f.8.png", ["RES001"]),
        ("res/drawable/Image.small.png", ["RES001", "RES002"]),
        ("res/raw/a.b.txt", ["RES002"]),
        ("res/drawable/Big.png", ["RES002"]),
        ("res/drawable/1icon.png", ["RES002"]),
        ("res/drawable/icon-dark.png", ["RES002"]),
        ("res/raw/class.json", ["RES002"]),
    ])
    func invalidNamesFail(path: String, expected: [String]) {
        #expect(rules(path) == expected)
    }

    @Test func messagesQuoteTheBuildToolsAndSayHowToRename() throws {
        let dot = try #require(diagnostics("res/drawable/image.small.9.png").first)
        #expect(
            dot.message
                == "aapt2 compile fails: \"file name cannot contain '.' other than for specifying the extension.\" (resource name 'image.small')"
        )
        #expect(dot.hint == "rename it to 'image_small.9.png' and refer to it as @drawable/image_small")
        #expect(dot.severity == .error)
        let upper = try #require(diagnostics("res/drawable/Big.png").first)
        #expect(upper.message.contains("'B' is not allowed"))
        #expect(upper.hint == "rename it to 'big.png' and refer to it as @drawable/big")
        let digit = try #require(diagnostics("res/drawable/1icon.png").first)
        #expect(digit.message.contains("must start with a letter"))
        #expect(digit.hint == "rename it to 'res_1icon.png' and refer to it as @drawable/res_1icon")
    }
}
