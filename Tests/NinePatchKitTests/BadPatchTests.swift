import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// NP107: stretchable cells that visibly smear when stretched, judged by drawing them.
@Suite struct BadPatchTests {
    func check(_ name: String, threshold: Int = NinePatchLints.defaultBadPatchTolerance) -> [String] {
        let checker = NinePatchChecker(parser: NinePatchParser(badPatchTolerance: threshold))
        let check = checker.check(fileAt: Fixtures.testImage("problems/" + name).path)
        #expect(check.ninePatch != nil, "aapt2 accepts \(name)")
        return check.diagnostics.filter { $0.ruleID == "NP107" }.map {
            "\($0.location?.x ?? -1),\($0.location?.y ?? -1)"
        }
    }

    @Test func aDotInsideAStretchableCellIsReportedAtItsPixel() {
        #expect(check("bad_patch.9.png") == ["8,7"])
        #expect(check("bad_patch.9.png", threshold: 2) == ["8,7"])
        #expect(check("bad_patch.9.png", threshold: 255).isEmpty)
    }

    @Test func aLineTheStretchRunsThroughIsReportedInEveryRowBand() {
        #expect(check("detail_in_stretch.9.png") == ["12,2", "12,4", "12,8"])
    }

    @Test(arguments: ["smooth_gradient_stretch.9.png", "linear_ramp_stretch.9.png", "pill_edge_stretch.9.png"])
    func whatStretchesCleanlyPasses(name: String) {
        #expect(check(name).isEmpty)
        // Even at the old default: the verdict is the drawing, not the neighbouring pixels.
        #expect(check(name, threshold: 2).isEmpty)
    }

    @Test func theLintIsOffUnlessAThresholdIsGiven() {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("problems/bad_patch.9.png").path)
        #expect(check.diagnostics.isEmpty)
    }

    @Test func cellDirectionAndSmearAreReported() throws {
        let image = try PNGDecoder().decode(try Fixtures.bytes(Fixtures.testImage("problems/bad_patch.9.png")))
        let ninePatch = try #require(NinePatchParser().parse(image, file: "f").ninePatch)
        let patches = ninePatch.badPatches(in: image)
        #expect(patches.map(\.columns) == [Span(4, 10)])
        #expect(patches.map(\.rows) == [Span(4, 10)])
        #expect(patches.map(\.direction) == [.both])
        #expect(patches.map(\.stretchFactor) == [8])
        #expect(patches.allSatisfy { $0.difference > 200 && $0.smearLength >= 8 })
    }

    @Test func transparentPixelsOfDifferentColourAreEqual() {
        var image = RGBAImage(width: 9, height: 3)
        for x in 2...6 { image[x, 0] = RGBA(red: 0, green: 0, blue: 0, alpha: 255) }
        image[0, 1] = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
        for x in 1...7 { image[x, 1] = RGBA(red: UInt8(x * 30), green: 0, blue: 0, alpha: 0) }
        let ninePatch = NinePatchParser().parse(image, file: "f").ninePatch
        #expect(ninePatch?.stretchX == [Span(1, 6)])
        #expect(ninePatch?.badPatches(in: image, tolerance: 0).isEmpty == true)
        image[4, 1] = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
        #expect(ninePatch?.badPatches(in: image, tolerance: 0).map(\.x) == [3])
    }
}
