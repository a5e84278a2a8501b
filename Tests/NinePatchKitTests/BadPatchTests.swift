import NinePatchKit
import PNGKit
import Testing
import TestSupport

/// NP107: stretchable cells that smear when stretched.
@Suite struct BadPatchTests {
    func check(_ name: String, tolerance: Int) -> [String] {
        let checker = NinePatchChecker(parser: NinePatchParser(badPatchTolerance: tolerance))
        let check = checker.check(fileAt: Fixtures.testImage("problems/" + name).path)
        #expect(check.ninePatch != nil, "aapt2 accepts \(name)")
        return check.diagnostics.filter { $0.ruleID == "NP107" }.map { "\($0.location?.x ?? -1),\($0.location?.y ?? -1)" }
    }

    @Test func aDotInsideAStretchableCellIsReportedAtItsPixel() {
        #expect(check("bad_patch.9.png", tolerance: 2) == ["8,7"])
        #expect(check("bad_patch.9.png", tolerance: 254) == ["8,7"])
        #expect(check("bad_patch.9.png", tolerance: 255).isEmpty)
    }

    @Test func aSmoothGradientStretchedAlongItselfPassesUnlessExactnessIsAsked() {
        #expect(check("smooth_gradient_stretch.9.png", tolerance: 2).isEmpty)
        // Draw 9-patch's exact equality: every cell in the stretched band changes by one step per row.
        #expect(check("smooth_gradient_stretch.9.png", tolerance: 0).count == 3)
    }

    @Test func theLintIsOffUnlessAToleranceIsGiven() {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("problems/bad_patch.9.png").path)
        #expect(check.diagnostics.isEmpty)
    }

    @Test func directionAndCellAreReported() throws {
        let image = try PNGDecoder().decode(try Fixtures.bytes(Fixtures.testImage("problems/bad_patch.9.png")))
        let ninePatch = try #require(NinePatchParser().parse(image, file: "f").ninePatch)
        let patches = ninePatch.badPatches(in: image, tolerance: 0)
        #expect(patches.map(\.columns) == [Span(4, 10)])
        #expect(patches.map(\.rows) == [Span(4, 10)])
        #expect(patches.map(\.direction) == [.both])
        #expect(patches.map(\.difference) == [255])
    }

    @Test func transparentPixelsOfDifferentColourAreEqual() {
        var image = RGBAImage(width: 6, height: 3)
        image[0, 1] = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
        image[2, 0] = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
        image[3, 0] = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
        image[2, 1] = RGBA(red: 255, green: 0, blue: 0, alpha: 0)
        image[3, 1] = RGBA(red: 0, green: 255, blue: 0, alpha: 0)
        let ninePatch = NinePatchParser().parse(image, file: "f").ninePatch
        #expect(ninePatch?.stretchX == [Span(1, 3)])
        #expect(ninePatch?.badPatches(in: image, tolerance: 0).isEmpty == true)
        image[3, 1] = RGBA(red: 0, green: 255, blue: 0, alpha: 1)
        #expect(ninePatch?.badPatches(in: image, tolerance: 0).count == 1)
    }
}
