import NinePatchKit
import TestSupport
import Testing

/// Which files `ninepatch scale` and `ninepatch export` write, decided by the library.
@Suite struct AuthoringPlanTests {
    @Test func scalingWritesEveryLowerDensityBesideTheSourcesQualifiers() throws {
        let plan = try DensityScalingPlan(
            file: "app/res/drawable-night-xxxhdpi/bg.9.png", resFolder: "out", targets: nil, sourceDensity: nil)
        #expect(plan.source == .xxxhdpi)
        #expect(
            plan.outputs.map(\.path) == [
                "out/drawable-night-mdpi/bg.9.png", "out/drawable-night-hdpi/bg.9.png",
                "out/drawable-night-xhdpi/bg.9.png", "out/drawable-night-xxhdpi/bg.9.png",
            ])
        #expect(plan.ratio(to: plan.outputs[0]) == 0.25)
    }

    @Test func aFolderWithoutDensityNeedsOneGivenAndBecomesDrawable() throws {
        #expect(throws: DensityPlanError.noDensity(file: "art/bg.9.png", folder: "art")) {
            try DensityScalingPlan(file: "art/bg.9.png", resFolder: "res", targets: nil, sourceDensity: nil)
        }
        let plan = try DensityScalingPlan(
            file: "art/bg.9.png", resFolder: "res", targets: [.xxhdpi, .mdpi], sourceDensity: .xxxhdpi)
        #expect(plan.outputs.map(\.path) == ["res/drawable-xxhdpi/bg.9.png", "res/drawable-mdpi/bg.9.png"])
    }

    @Test func exportNamesItsFilesAfterTheNinePatchAndItsFormat() throws {
        let file = "res/drawable-xhdpi/multi_stretch.9.png"
        let ninePatch = try SliceExportTests.model("crafted/multi_stretch.9.png")
        let ios = SliceExportFiles(file: file, ninePatch: ninePatch, format: .ios, output: "out")
        #expect(
            ios.paths == ["out/multi_stretch.imageset/multi_stretch.png", "out/multi_stretch.imageset/Contents.json"])
        #expect(ios.export.density == .xhdpi)
        let css = SliceExportFiles(file: file, ninePatch: ninePatch, format: .css, output: "web")
        #expect(css.paths == ["web/multi_stretch.png", "web/multi_stretch.css"])
        #expect(css.text == css.export.css(className: "multi_stretch", image: "multi_stretch.png"))
    }
}
