import Diagnostics
import NinePatchKit
import PNGKit
import TestSupport
import Testing

/// Builds small NinePatch sources pixel by pixel, like shared/oracle/make_cases.py.
struct Canvas {
    static let transparent = RGBA.transparent
    static let black = RGBA(argb: 0xFF00_0000)
    static let red = RGBA(argb: 0xFFFF_0000)
    static let white = RGBA(argb: 0xFFFF_FFFF)
    static let blue = RGBA(argb: 0xFF00_00FF)

    var image: RGBAImage

    /// A `width`×`height` image, frame included, content filled with opaque blue.
    init(_ width: Int, _ height: Int, frame: RGBA = transparent) {
        image = RGBAImage(width: width, height: height, fill: Canvas.blue)
        for x in 0..<width {
            image[x, 0] = frame
            image[x, height - 1] = frame
        }
        for y in 0..<height {
            image[0, y] = frame
            image[width - 1, y] = frame
        }
    }

    /// Sets image pixels (frame coordinates), e.g. `top(3...4)`.
    mutating func top(_ xs: ClosedRange<Int>, _ color: RGBA = black) { for x in xs { image[x, 0] = color } }
    mutating func bottom(_ xs: ClosedRange<Int>, _ color: RGBA = black) {
        for x in xs { image[x, image.height - 1] = color }
    }
    mutating func left(_ ys: ClosedRange<Int>, _ color: RGBA = black) { for y in ys { image[0, y] = color } }
    mutating func right(_ ys: ClosedRange<Int>, _ color: RGBA = black) {
        for y in ys { image[image.width - 1, y] = color }
    }

    func parse() -> NinePatchAnalysis { NinePatchParser().parse(image, file: "test.9.png") }
}

@Suite struct FrameRuleTests {
    @Test func reportsEveryProblemWithRuleAndPixel() throws {
        let check = NinePatchChecker().check(fileAt: Fixtures.testImage("problems/three_problems.9.png").path)
        let found = check.diagnostics.map { "\($0.ruleID)@\($0.location?.x ?? -1),\($0.location?.y ?? -1)" }
        #expect(found == ["NP003@8,0", "NP005@0,8", "NP006@7,11"])
        #expect(check.diagnostics.allSatisfy { $0.severity == .error && $0.hint != nil })
        #expect(!check.report.isValid)
    }

    @Test func validImageHasNoDiagnostics() {
        var canvas = Canvas(7, 7)
        canvas.top(3...3)
        canvas.left(3...3)
        let analysis = canvas.parse()
        #expect(analysis.diagnostics.isEmpty)
        #expect(analysis.ninePatch?.stretchX == [Span(2, 3)])
        #expect(analysis.ninePatch?.padding == Insets(left: 2, top: 2, right: 2, bottom: 2))
    }

    @Test func tooSmall() {
        let analysis = NinePatchParser().parse(RGBAImage(width: 2, height: 5), file: "t")
        #expect(analysis.diagnostics.map(\.ruleID) == ["NP001"])
        #expect(analysis.diagnostics[0].message.contains("2x5"))
    }

    @Test func invalidCornerStillChecksTheRestOfTheFrame() {
        var canvas = Canvas(7, 7)
        canvas.image[0, 0] = Canvas.black
        canvas.top(2...2, RGBA(argb: 0xFF80_8080))
        let rules = canvas.parse().diagnostics.map(\.ruleID)
        #expect(rules == ["NP002", "NP003"])
    }

    @Test func invalidColourRunsAreGroupedAndNamed() throws {
        var canvas = Canvas(9, 7)
        canvas.top(2...4, RGBA(argb: 0x8000_0000))
        let diagnostic = try #require(canvas.parse().diagnostics.first)
        #expect(diagnostic.ruleID == "NP003")
        #expect(diagnostic.location == .pixel(x: 2, y: 0))
        #expect(diagnostic.message.contains("x=2…4"))
        #expect(diagnostic.message.contains("black at alpha 128 (0x80000000)"))
        #expect(diagnostic.hint?.contains("fully opaque") == true)
    }

    @Test func whiteInTransparentFrameExplainsTheBackground() throws {
        var canvas = Canvas(7, 7)
        canvas.right(2...2, Canvas.white)
        let diagnostic = try #require(canvas.parse().diagnostics.first)
        #expect(diagnostic.location == .pixel(x: 6, y: 2))
        #expect(diagnostic.hint?.contains("background is transparent") == true)
    }

    @Test func redTicksOnTopAndLeft() {
        var canvas = Canvas(9, 9)
        canvas.top(5...5, Canvas.red)
        canvas.left(6...7, Canvas.red)
        let diagnostics = canvas.parse().diagnostics
        #expect(diagnostics.map(\.ruleID) == ["NP004", "NP005"])
        #expect(diagnostics.map(\.location) == [.pixel(x: 5, y: 0), .pixel(x: 0, y: 6)])
    }

    @Test func layoutBoundRules() {
        var three = Canvas(11, 9)
        three.bottom(1...1, Canvas.red)
        three.bottom(4...4, Canvas.red)
        three.bottom(9...9, Canvas.red)
        #expect(three.parse().diagnostics.map(\.ruleID) == ["NP007"])

        var middle = Canvas(9, 9)
        middle.right(4...4, Canvas.red)
        #expect(middle.parse().diagnostics.map(\.ruleID) == ["NP008"])

        var secondShort = Canvas(9, 9)
        secondShort.bottom(1...2, Canvas.red)
        secondShort.bottom(5...6, Canvas.red)
        #expect(secondShort.parse().diagnostics.map(\.ruleID) == ["NP008"])

        var both = Canvas(9, 9)
        both.bottom(1...2, Canvas.red)
        both.bottom(7...7, Canvas.red)
        let analysis = both.parse()
        // Accepted; without a padding line the whole image is the content box, past both bounds (NP108).
        #expect(analysis.diagnostics.map(\.ruleID) == ["NP108", "NP108"])
        #expect(analysis.ninePatch?.layoutBounds == Insets(left: 2, top: 0, right: 1, bottom: 0))
    }

    @Test func endOnlyLayoutBoundIsAcceptedWithAWarning() throws {
        var canvas = Canvas(9, 9)
        canvas.bottom(6...7, Canvas.red)
        let analysis = canvas.parse()
        #expect(analysis.ninePatch != nil)
        #expect(analysis.diagnostics.map(\.ruleID) == ["NP103", "NP108"])
        #expect(analysis.diagnostics[0].severity == .warning)
        // aapt2 records it as a left inset of the whole line.
        #expect(analysis.ninePatch?.layoutBounds == Insets(left: 7, top: 0, right: 0, bottom: 0))
    }

    @Test func paddingRuns() {
        var canvas = Canvas(9, 9)
        canvas.bottom(2...3, Canvas.black)
        canvas.bottom(5...6, Canvas.black)
        let diagnostics = canvas.parse().diagnostics
        #expect(diagnostics.map(\.ruleID) == ["NP006"])
        #expect(diagnostics[0].location == .pixel(x: 5, y: 8))
    }

    @Test func regionLimit() {
        var canvas = Canvas(17, 11)
        for x in stride(from: 2, through: 14, by: 2) { canvas.top(x...x) }  // 7 runs -> 15 columns
        for y in stride(from: 2, through: 8, by: 2) { canvas.left(y...y) }  // 4 runs -> 9 rows
        let diagnostics = canvas.parse().diagnostics
        #expect(diagnostics.map(\.ruleID) == ["NP009"])
        #expect(diagnostics[0].message.contains("15 columns x 9 rows = 135"))
    }

    @Test func stretchCountOverflowIsAWarning() {
        var canvas = Canvas(2 * 130 + 3, 5)
        for run in 0..<130 { canvas.top((2 + 2 * run)...(2 + 2 * run)) }
        let analysis = canvas.parse()
        #expect(analysis.ninePatch != nil)
        #expect(analysis.diagnostics.map(\.ruleID) == ["NP104"])
        #expect(analysis.diagnostics[0].message.contains("as 4"))
    }

    @Test(arguments: [
        ("res/drawable/a.9.png", NinePatchSourceKind.ninePatch),
        ("res/drawable-hdpi/a.9.PNG", .wrongExtensionCase),
        ("res/raw/a.9.png", .rawResource),
        ("res/raw-en/a.9.png", .rawResource),
        ("res/drawable/a.png", .other),
        ("a.9.png", .ninePatch),
        ("raw/a.9.png", .rawResource),
        ("/abs/res/rawish/a.9.png", .ninePatch),
        ("res/drawable/Ä.9.Png", .wrongExtensionCase),
        ("res/drawable/.9.png", .ninePatch),
        ("9.png", .other),
        ("res/drawable/a.9.pngx", .other),
    ])
    func sourceKinds(path: String, kind: NinePatchSourceKind) {
        #expect(NinePatchSourceKind(path: path) == kind)
    }
}

@Suite struct SegmentTests {
    @Test func splitsAxesLikeAAPT2() {
        #expect(NinePatch.segments(length: 7, stretch: [Span(2, 3)]).map(\.isStretchable) == [false, true, false])
        #expect(NinePatch.segments(length: 7, stretch: [Span(0, 7)]).count == 1)
        #expect(NinePatch.segments(length: 7, stretch: []).map(\.span) == [Span(0, 7)])
        #expect(
            NinePatch.segments(length: 8, stretch: [Span(0, 1), Span(3, 8)]).map(\.span)
                == [Span(0, 1), Span(1, 3), Span(3, 8)])
    }

    /// The count a rule asks for on every file is the length of the list, for every shape of axis.
    @Test func countsWithoutBuildingTheList() {
        let axes: [(Int, [Span])] = [
            (7, [Span(2, 3)]), (7, [Span(0, 7)]), (7, []), (8, [Span(0, 1), Span(3, 8)]), (0, []),
            (9, [Span(1, 2), Span(4, 6), Span(8, 9)]), (5, [Span(0, 0)]), (5, [Span(2, 2), Span(3, 5)]),
        ]
        for (length, stretch) in axes {
            #expect(
                NinePatch.segmentCount(length: length, stretch: stretch)
                    == NinePatch.segments(length: length, stretch: stretch).count, "\(length) \(stretch)")
        }
    }

    @Test func regionColoursFollowAAPT2() throws {
        var canvas = Canvas(7, 7)
        canvas.top(3...3)
        canvas.left(3...3)
        canvas.image[1, 1] = .transparent
        canvas.image[1, 2] = .transparent
        canvas.image[2, 1] = .transparent
        canvas.image[2, 2] = .transparent  // top-left region fully transparent
        canvas.image[3, 3] = RGBA(argb: 0x800A_141E)  // centre region: one semi-transparent colour
        canvas.image[5, 5] = .transparent  // bottom-right region: mixed
        let colors = try #require(canvas.parse().ninePatch?.regionColors)
        #expect(colors[0] == .transparent)
        #expect(colors[4] == .solid(0x800A_141E))
        #expect(colors[8] == .mixed)
        #expect(colors[1] == .solid(0xFF00_00FF))
    }
}
