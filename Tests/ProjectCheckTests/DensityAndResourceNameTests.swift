import Diagnostics
import TestSupport
import Testing

@testable import ProjectCheck

/// NP106 and NP109 on drawables in several density folders: each density against the file most devices draw, in
/// dp, NP106 only for what a person would see.
@Suite struct DensityJudgementTests {
    func findings(_ project: String, rule: String = "NP106", configuration: ProjectConfiguration = .init())
        -> [Diagnostic]
    {
        var configuration = configuration
        configuration.rules.enable(["NP109"])
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("density/" + project).path)
        return ProjectChecker(configuration: configuration, jobs: 1).check(inventory).diagnostics
            .filter { $0.ruleID == rule }
    }

    @Test func np109IsOptIn() {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("density/small_drift").path)
        let result = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).check(inventory)
        #expect(!result.diagnostics.contains { $0.ruleID == "NP109" })
    }

    @Test func aCopyWithTheSamePixelSizeIsReportedAsUnscaledWithItsSizesInDpEvenOnMdpi() throws {
        let found = findings("unscaled_copy")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.file.hasSuffix("drawable-mdpi/tile.9.png"))
        #expect(finding.message.contains("copied unscaled"))
        #expect(finding.message.contains("32x32 dp on mdpi devices but 16x16 dp on xhdpi devices"))
        #expect(finding.message.contains("corners and padding up to 4 dp larger"))
        #expect(finding.hint?.contains("drawable-nodpi") == true)
        #expect(finding.related.map(\.file).allSatisfy { $0.hasSuffix("drawable-xhdpi/tile.9.png") })
        #expect(findings("unscaled_copy", rule: "NP109").isEmpty)
    }

    @Test func ticksOffProportionalThatDrawTheSamePassBothRules() {
        #expect(findings("invisible_offset").isEmpty)
        #expect(findings("invisible_offset", rule: "NP109").isEmpty)
    }

    /// Two densities: the higher one (the file most devices draw) is the reference, the other the outlier.
    @Test func aStretchSpanOverPixelsTheReferenceKeepsFixedIsReportedInDp() throws {
        let found = findings("visible_offset")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.file.hasSuffix("drawable-hdpi/tile.9.png"))
        #expect(
            finding.message.hasPrefix(
                "hdpi stretches x over [0, 12) dp where drawable-xhdpi/tile.9.png, the file most devices draw, "
                    + "stretches [4, 12) dp, over pixels that are not uniform"))
        #expect(finding.location == .pixel(x: 1, y: 0))
    }

    @Test func whatOnlyMdpiDevicesDrawIsNP109sNotNP106s() throws {
        #expect(findings("mdpi_only").isEmpty)
        let drift = try #require(findings("mdpi_only", rule: "NP109").first)
        #expect(drift.file.hasSuffix("drawable-mdpi/tile.9.png"))
        #expect(drift.message.contains("draws differently on mdpi devices"))
    }

    @Test func aDifferenceUnderTheThresholdIsNP109sUntilTheThresholdIsLowered() throws {
        #expect(findings("small_drift").isEmpty)
        let drift = try #require(findings("small_drift", rule: "NP109").first)
        #expect(drift.message.hasPrefix("hdpi pads content 4 dp from the left edge where drawable-xhdpi/tile.9.png"))
        #expect(drift.message.contains("pads it 2 dp: text and icons move by 2 dp on hdpi devices"))
        var configuration = ProjectConfiguration()
        configuration.densityThreshold = 2
        #expect(findings("small_drift", configuration: configuration).count == 1)
        #expect(findings("small_drift", rule: "NP109", configuration: configuration).isEmpty)
    }

    /// The case: the majority's file is the reference, and the one density off it the only finding.
    @Test func theOddDensityOutOfFourIsTheOnlyFindingAgainstTheMajority() throws {
        let found = findings("odd_density")
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.file.hasSuffix("drawable-xxhdpi/row.9.png"))
        #expect(
            finding.message.hasPrefix(
                "xxhdpi pads content 6 dp from the left edge where drawable-xhdpi/row.9.png, the file most devices "
                    + "draw (hdpi and mdpi agree with it), pads it 2 dp: text and icons move by 4 dp on xxhdpi devices"
            ))
        #expect(
            finding.message.hasSuffix(
                "; also top padding 6 against 2 dp, right padding 6 against 2 dp, "
                    + "bottom padding 6 against 2 dp"))
    }

    @Test func thePlantedCardStillFiresOnce() {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("BrokenApp").path)
        let found = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).check(inventory).diagnostics
            .filter { $0.ruleID == "NP106" }
        #expect(found.map { $0.file.hasSuffix("drawable-hdpi/card.9.png") } == [true])
    }

    @Test func densityThresholdIsReadFromPlayprepYml() throws {
        let configuration = try ProjectConfiguration.parse("ninepatch:\n  densityThreshold: 3\n", file: "playprep.yml")
        #expect(configuration.densityThreshold == 3)
        #expect(ProjectConfiguration().densityThreshold == 4)
        #expect(throws: ConfigurationError.self) {
            try ProjectConfiguration.parse("ninepatch:\n  densityThreshold: 0\n", file: "playprep.yml")
        }
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

/// NP107 in `check`: a NinePatch the project only draws at its own size never smears.
@Suite struct DrawableUseTests {
    @Test func aBitmapDrawnAtItsOwnSizeLosesNP107AndAStretchedBackgroundKeepsIt() {
        let inventory = ProjectDiscovery().inventory(of: Fixtures.testImage("ninepatch-uses").path)
        let found = ProjectChecker(configuration: ProjectConfiguration(), jobs: 1).check(inventory).diagnostics
            .filter { $0.ruleID == "NP107" }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.file.hasSuffix("drawable-mdpi/button.9.png") })
    }

    @Test(arguments: [
        ("<bitmap android:src=\"@drawable/logo\" android:gravity=\"center\"/>", [true]),
        ("<bitmap android:gravity=\"top|left\" android:src=\"@drawable/logo\" />", [true]),
        ("<bitmap android:src=\"@drawable/logo\" android:gravity=\"fill_horizontal\"/>", [false]),
        ("<bitmap android:src=\"@drawable/logo\"/>", [false]),
        ("<View android:background=\"@drawable/logo\"/>", [false]),
        ("view.setBackgroundResource(R.drawable.logo);", [false]),
        ("<View android:background=\"@drawable/logo_large\"/>", []),
    ])
    func referencesAreJudgedByWhetherTheyStretch(text: String, expected: [Bool]) {
        #expect(DrawableUses.references(to: "logo", in: text) == expected)
    }

    @Test func aDrawableNothingRefersToKeepsItsFindings() {
        #expect(DrawableUses(files: []).drawnAtOwnSize(["res/drawable/logo.9.png"]).isEmpty)
    }
}
