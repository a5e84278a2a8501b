import NinePatchKit
import PNGKit
import Testing

/// The lattice layout and sampling of `NinePatchRenderer`, against values worked out from Skia's rules
/// (ninepatch-rendering.md) and measured with the Skia oracle.
@Suite struct LatticeLayoutTests {
    /// Destination pixels per lattice span of one axis.
    func pixelCounts(length: Int, stretch: [Span], destination: Int) -> [Int] {
        LatticeAxis(sourceLength: length, stretch: stretch, destinationLength: destination).spans.map(\.pixels.count)
    }

    @Test func oneSpanTakesTheWholeLeftover() {
        let axis = LatticeAxis(sourceLength: 10, stretch: [Span(4, 7)], destinationLength: 30)
        #expect(axis.spans.map(\.source) == [Span(0, 4), Span(4, 7), Span(7, 10)])
        #expect(axis.spans.map(\.isStretchable) == [false, true, false])
        #expect(axis.spans.map(\.pixels) == [0..<4, 4..<27, 27..<30])
    }

    @Test func unequalSpansShareTheLeftoverInProportionToTheirSourceSize() {
        // Spans of 1 and 3 source pixels, 32 pixels left over: 8 and 24, not 16 and 16.
        #expect(pixelCounts(length: 12, stretch: [Span(2, 3), Span(6, 9)], destination: 40) == [2, 8, 3, 24, 3])
        // Fractional edges: 27 left over gives 6.75 and 20.25; pixel centres decide.
        #expect(pixelCounts(length: 12, stretch: [Span(2, 3), Span(6, 9)], destination: 35) == [2, 7, 3, 20, 3])
    }

    @Test func aPixelCentredOnAnEdgeGoesToTheEarlierSpan() {
        // Two 1-pixel spans share 5 leftover pixels: edges at 3, 5.5, 7.5, 10.
        let axis = LatticeAxis(sourceLength: 10, stretch: [Span(3, 4), Span(6, 7)], destinationLength: 13)
        #expect(axis.spans.map(\.destinationStart) == [0, 3, 5.5, 7.5, 10])
        #expect(axis.spans.map(\.pixels.count) == [3, 3, 2, 2, 3])
    }

    @Test func spansTouchingBothEdges() {
        let axis = LatticeAxis(sourceLength: 10, stretch: [Span(0, 2), Span(8, 10)], destinationLength: 30)
        #expect(axis.spans.map(\.source) == [Span(0, 2), Span(2, 8), Span(8, 10)])
        #expect(axis.spans.map(\.isStretchable) == [true, false, true])
        #expect(axis.spans.map(\.pixels.count) == [12, 6, 12])
    }

    @Test func destinationEqualToSourceKeepsEveryPixelInPlace() {
        let axis = LatticeAxis(sourceLength: 12, stretch: [Span(4, 7)], destinationLength: 12)
        #expect(axis.spans.map(\.pixels) == [0..<4, 4..<7, 7..<12])
    }

    @Test func destinationSmallerThanTheFixedPartsShrinksThemAndDropsTheStretch() {
        // Fixed parts 4 + 5 = 9 pixels into 7: scaled by 7/9, the stretchable span vanishes.
        let axis = LatticeAxis(sourceLength: 12, stretch: [Span(4, 7)], destinationLength: 7)
        #expect(axis.spans.map(\.pixels.count) == [3, 0, 4])
        #expect(pixelCounts(length: 12, stretch: [Span(2, 3), Span(6, 9)], destination: 6) == [2, 0, 2, 0, 2])
    }

    @Test func oneDestinationPixelGoesToTheSpanHoldingItsCentre() {
        let axis = LatticeAxis(sourceLength: 12, stretch: [Span(4, 7)], destinationLength: 1)
        #expect(axis.spans.map(\.pixels.count) == [0, 0, 1])
    }

    @Test func invalidDivsFallBackToOneWholeImageDraw() {
        // Touching spans give divs 2, 4, 4, 6: Skia's SkLatticeIter::Valid fails and the image is drawn whole.
        let ninePatch = NinePatch(
            width: 8, height: 8, stretchX: [Span(2, 4), Span(4, 6)], stretchY: [Span(1, 2)], padding: .zero,
            layoutBounds: nil, regionColors: [], outline: Outline(insets: .zero, radius: 0, alpha: 0))
        let layout = NinePatchLayout(ninePatch, width: 16, height: 4)
        #expect(layout.columns.spans.map(\.pixels) == [0..<16])
        #expect(layout.rows.spans.map(\.pixels) == [0..<4])
    }

    @Test func anAxisWithoutStretchIsOneFixedSpanForcedToTheDestination() {
        let axis = LatticeAxis(sourceLength: 5, stretch: [], destinationLength: 9)
        #expect(axis.spans.map(\.pixels) == [0..<9])
        #expect(axis.spans.map(\.isStretchable) == [false])
    }
}

@Suite struct NinePatchRendererTests {
    /// A 6×4 content with distinct opaque pixels, stretchable in column 2 and row 1.
    let content: RGBAImage = {
        var image = RGBAImage(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 { image[x, y] = RGBA(red: UInt8(x * 40), green: UInt8(y * 60), blue: 7, alpha: 255) }
        }
        return image
    }()

    func ninePatch(regionColors: [RegionColor] = []) -> NinePatch {
        NinePatch(
            width: 6, height: 4, stretchX: [Span(2, 3)], stretchY: [Span(1, 2)], padding: .zero,
            layoutBounds: nil, regionColors: regionColors, outline: Outline(insets: .zero, radius: 0, alpha: 0))
    }

    @Test(arguments: RenderFilter.allCases)
    func renderingAtTheSourceSizeGivesTheSourceBack(filter: RenderFilter) throws {
        let rendered = try NinePatchRenderer(filter: filter)
            .render(PremultipliedImage(content), as: ninePatch(), width: 6, height: 4)
        #expect(rendered.unpremultiplied == content)
    }

    @Test func stretchedColumnsRepeatTheStretchableSourceColumn() throws {
        let rendered = try NinePatchRenderer(filter: .nearest)
            .render(PremultipliedImage(content), as: ninePatch(), width: 10, height: 4).unpremultiplied
        for x in 2..<7 { #expect(rendered[x, 0] == content[2, 0]) }
        #expect(rendered[9, 3] == content[5, 3])
        #expect(rendered[7, 2] == content[3, 2])
    }

    @Test func linearSamplingNeverReadsANeighbouringCell() throws {
        // The stretchable column is 80 red; its neighbours are 40 and 120. Stretched 20×, every pixel of the
        // stretched span must stay exactly 80 (Skia's strict source rectangle).
        let rendered = try NinePatchRenderer(filter: .linear)
            .render(PremultipliedImage(content), as: ninePatch(), width: 25, height: 4).unpremultiplied
        for x in 2..<22 { #expect(rendered[x, 0].red == 80, "x \(x)") }
    }

    @Test func transparentRegionsAreNotDrawn() throws {
        var colors = [RegionColor](repeating: .mixed, count: 9)
        colors[4] = .transparent
        let rendered = try NinePatchRenderer()
            .render(PremultipliedImage(content), as: ninePatch(regionColors: colors), width: 12, height: 8)
            .unpremultiplied
        #expect(rendered[5, 3] == .transparent)
        #expect(rendered[0, 0] == content[0, 0])
    }

    @Test func emptyAndHugeDestinationsAreRefusedWithAReason() {
        let renderer = NinePatchRenderer(maxPixels: 1000)
        let source = PremultipliedImage(content)
        #expect(throws: RenderError.emptyDestination(width: 0, height: 5)) {
            try renderer.render(source, as: ninePatch(), width: 0, height: 5)
        }
        #expect(throws: RenderError.destinationTooLarge(width: 100, height: 11, maxPixels: 1000)) {
            try renderer.render(source, as: ninePatch(), width: 100, height: 11)
        }
    }

    @Test func premultipliedRoundTripKeepsOpaqueAndClearsTransparentPixels() {
        var image = RGBAImage(width: 3, height: 1)
        image[0, 0] = RGBA(red: 200, green: 100, blue: 50, alpha: 255)
        image[1, 0] = RGBA(red: 255, green: 0, blue: 0, alpha: 128)
        image[2, 0] = RGBA(red: 9, green: 9, blue: 9, alpha: 0)
        let premultiplied = PremultipliedImage(image)
        #expect(Array(premultiplied.bytes[4..<8]) == [128, 0, 0, 128])
        let back = premultiplied.unpremultiplied
        #expect(back[0, 0] == image[0, 0])
        #expect(back[1, 0] == image[1, 0])
        #expect(back[2, 0] == .transparent)
    }
}

@Suite struct DensityScalingTests {
    let ninePatch = NinePatch(
        width: 10, height: 10, stretchX: [Span(2, 4)], stretchY: [Span(6, 10)],
        padding: Insets(left: 1, top: 3, right: 2, bottom: 0),
        layoutBounds: nil, regionColors: [], outline: Outline(insets: .zero, radius: 0, alpha: 0))

    @Test func doublingScalesEdgesAndPaddingAndKeepsASpanOffTheLastPixel() throws {
        let (content, scaled) = try DensityScaling(factor: 2)
            .apply(to: PremultipliedImage(RGBAImage(width: 10, height: 10)), ninePatch: ninePatch)
        #expect(content.width == 20 && content.height == 20)
        #expect(scaled.stretchX == [Span(4, 8)])
        // 12…20 would end on the edge; Android slides the last edge to width - 1.
        #expect(scaled.stretchY == [Span(12, 19)])
        #expect(scaled.padding == Insets(left: 2, top: 6, right: 4, bottom: 0))
    }

    @Test func scalesOfOneLeaveTheModelAlone() throws {
        let (_, scaled) = try DensityScaling(factor: 1.0001).apply(
            to: PremultipliedImage(RGBAImage(width: 10, height: 10)), ninePatch: ninePatch)
        #expect(scaled == ninePatch)
    }

    @Test func nonsenseFactorsAreRefused() {
        for factor: Float in [0, -1, .nan, .infinity, 0.01] {
            #expect(throws: RenderError.self, "factor \(factor)") {
                try DensityScaling(factor: factor).apply(
                    to: PremultipliedImage(RGBAImage(width: 10, height: 10)), ninePatch: ninePatch)
            }
        }
    }
}
