import Foundation
import NinePatchKit
import NinePatchPreview
import PNGKit
import Testing

let white = RGBA(red: 255, green: 255, blue: 255, alpha: 255)
let black = RGBA(red: 0, green: 0, blue: 0, alpha: 255)
/// The overlay's magenta tint (alpha 72) over white, once and twice.
let tintedOnce = RGBA(red: 255, green: 183, blue: 255, alpha: 255)
let tintedTwice = RGBA(red: 255, green: 131, blue: 255, alpha: 255)
let contentBlue = RGBA(red: 0, green: 102, blue: 255, alpha: 255)
let boundsRed = RGBA(red: 230, green: 0, blue: 0, alpha: 255)

/// An 8x6 NinePatch stretching columns [2, 5) and rows [1, 3), padded l1 t1 r2 b1.
func model(layoutBounds: Insets? = nil) -> NinePatch {
    NinePatch(
        width: 8, height: 6, stretchX: [Span(2, 5)], stretchY: [Span(1, 3)],
        padding: Insets(left: 1, top: 1, right: 2, bottom: 1), layoutBounds: layoutBounds, regionColors: nil,
        outline: nil)
}

/// A picture as text, one character per pixel: `.` white, `#` black, `o`/`O` tinted once/twice, `b` content-box
/// blue, `r` layout-bounds red, `?` anything else.
func picture(_ image: RGBAImage, rows: Range<Int>? = nil, columns: Range<Int>? = nil) -> [String] {
    (rows ?? 0..<image.height).map { y in
        String(
            (columns ?? 0..<image.width).map { x in
                switch image[x, y] {
                case white: "."
                case black: "#"
                case tintedOnce: "o"
                case tintedTwice: "O"
                case contentBlue: "b"
                case boundsRed: "r"
                default: "?"
                }
            })
    }
}

@Suite struct RenderOverlayTests {
    /// At 14x10 the 3 stretchable columns take 14 - 5 = 9 pixels, [2, 11), and the 2 stretchable rows take
    /// 10 - 4 = 6, [1, 7); the content box is the destination less the padding, unscaled: x [1, 12), y [1, 9).
    @Test func tintsStretchSpansAndOutlinesTheContentBox() {
        let ninePatch = model()
        let overlaid = RenderOverlay().draw(
            on: RGBAImage(width: 14, height: 10, fill: white),
            layout: NinePatchLayout(ninePatch, width: 14, height: 10),
            ninePatch: ninePatch)
        #expect(
            picture(overlaid) == [
                "..ooooooooo...",
                "obbbbbbbbbbboo",
                "obOOOOOOOOOboo",
                "obOOOOOOOOOboo",
                "obOOOOOOOOOboo",
                "obOOOOOOOOOboo",
                "obOOOOOOOOOboo",
                ".booooooooob..",
                ".bbbbbbbbbbb..",
                "..ooooooooo...",
            ])
    }

    /// Layout bounds are outlined in red dashes of 3 pixels, over the tint and the content box.
    @Test func dashesTheLayoutBounds() {
        let ninePatch = model(layoutBounds: Insets(left: 0, top: 0, right: 0, bottom: 0))
        let overlaid = RenderOverlay().draw(
            on: RGBAImage(width: 14, height: 10, fill: white),
            layout: NinePatchLayout(ninePatch, width: 14, height: 10),
            ninePatch: ninePatch)
        #expect(picture(overlaid, rows: 0..<1) == ["rrrooorrroo.rr"])
        #expect(picture(overlaid, rows: 0..<10, columns: 0..<1) == ["r", "r", "r", "o", "o", "o", "r", "r", "r", "r"])
    }
}

@Suite struct CanvasTests {
    @Test func blendsSourceOverAndClips() {
        var canvas = Canvas(width: 3, height: 2, background: white)
        canvas.fill(PixelRect(x: 2, y: -5, width: 10, height: 6), with: RGBA(red: 0, green: 0, blue: 0, alpha: 128))
        canvas.blend(RGBA(red: 255, green: 0, blue: 0, alpha: 255), x: 0, y: 1)
        canvas.blend(black, x: 3, y: 0)  // outside: ignored
        #expect(canvas.image[2, 0] == RGBA(red: 127, green: 127, blue: 127, alpha: 255))
        #expect(canvas.image[2, 1] == white)
        #expect(canvas.image[0, 1] == RGBA(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(canvas.image[1, 0] == white)
        // Over a transparent pixel, the colour keeps its own value and alpha.
        var clear = Canvas(width: 1, height: 1, background: .transparent)
        clear.blend(RGBA(red: 10, green: 20, blue: 30, alpha: 100), x: 0, y: 0)
        #expect(clear.image[0, 0] == RGBA(red: 10, green: 20, blue: 30, alpha: 100))
    }

    @Test func strokesInsideTheRectangleWithDashes() {
        var canvas = Canvas(width: 7, height: 5, background: white)
        canvas.stroke(PixelRect(x: 0, y: 0, width: 7, height: 5), with: black, thickness: 2)
        #expect(picture(canvas.image) == ["#######", "#######", "##...##", "#######", "#######"])
        var dashed = Canvas(width: 8, height: 3, background: white)
        dashed.stroke(PixelRect(x: 0, y: 0, width: 8, height: 3), with: black, dash: 2)
        #expect(picture(dashed.image) == ["##..##..", "#......#", "##..##.."])
    }

    @Test func drawsEnlargedPicturesAndACheckerboard() {
        var source = RGBAImage(width: 2, height: 1, fill: .transparent)
        source[0, 0] = black
        var canvas = Canvas(width: 6, height: 4, background: white)
        canvas.draw(source, x: 1, y: 1, zoom: 2)
        #expect(picture(canvas.image) == ["......", ".##...", ".##...", "......"])
        var board = Canvas(width: 4, height: 2, background: black)
        board.checkerboard(PixelRect(x: 0, y: 0, width: 4, height: 2), cell: 2)
        let grey = RGBA(red: 214, green: 214, blue: 214, alpha: 255)
        #expect(board.image[0, 0] == white && board.image[1, 1] == white && board.image[2, 0] == grey)
    }
}

@Suite struct PixelFontTests {
    /// "T", "L" and "4" drawn at scale 1: 5x7 glyphs, one blank column between them; at scale 2 every font
    /// pixel is 2x2 and the text measures twice as much.
    @Test func glyphsAreFiveBySevenAndAdvanceBySix() {
        #expect(Canvas.textSize("TL4", scale: 1) == (width: 17, height: 7))
        var canvas = Canvas(width: 17, height: 7, background: white)
        canvas.text("TL4", x: 0, y: 0, color: black, scale: 1)
        #expect(
            picture(canvas.image) == [
                "#####.#........#.",
                "..#...#.......##.",
                "..#...#......#.#.",
                "..#...#.....#..#.",
                "..#...#.....#####",
                "..#...#........#.",
                "..#...#####....#.",
            ])
        #expect(Canvas.textSize("TL4") == (width: 34, height: 14))
        var large = Canvas(width: 4, height: 4, background: white)
        large.text("T", x: 0, y: 0, color: black)
        #expect(picture(large.image) == ["####", "####", "....", "...."])
    }

    /// Characters outside printable ASCII draw as "?".
    @Test func unknownCharactersDrawAsAQuestionMark() {
        var unknown = Canvas(width: 5, height: 7, background: white)
        unknown.text("é", x: 0, y: 0, color: black, scale: 1)
        var question = Canvas(width: 5, height: 7, background: white)
        question.text("?", x: 0, y: 0, color: black, scale: 1)
        #expect(unknown.image == question.image)
        #expect(unknown.image != Canvas(width: 5, height: 7, background: white).image)
    }
}

@Suite struct PreviewSheetTests {
    static let green = RGBA(red: 0, green: 200, blue: 0, alpha: 255)

    /// The `.9.png` of `model()`: a transparent frame with its ticks and padding lines around green content.
    static func source() -> RGBAImage {
        var image = RGBAImage(width: 10, height: 8)
        for y in 1...6 { for x in 1...8 { image[x, y] = green } }
        for x in 3...5 { image[x, 0] = black }  // stretch columns [2, 5)
        for y in 2...3 { image[0, y] = black }  // stretch rows [1, 3)
        for x in 2...6 { image[x, 7] = black }  // padding left 1, right 2
        for y in 2...5 { image[9, y] = black }  // padding top 1, bottom 1
        return image
    }

    /// Four header lines of 22 pixels, the source shown x16 at (16, 126), one rendering of 14x10 shown x8 at
    /// (16, 330) under its label, and the legend: 848x464 pixels on paper.
    @Test func laysOutTheEnlargedSourceAndTheRendering() throws {
        let source = Self.source()
        let ninePatch = try #require(NinePatchParser().parse(source, file: "t.9.png").ninePatch)
        #expect(ninePatch.stretchX == model().stretchX && ninePatch.stretchY == model().stretchY)
        #expect(ninePatch.padding == model().padding)
        let sheet = try PreviewSheet(sizes: [RenderSize(width: 14, height: 10)])
            .draw(source: source, ninePatch: ninePatch, title: "T")
        #expect(sheet.width == 848 && sheet.height == 464)
        let paper = RGBA(red: 246, green: 246, blue: 246, alpha: 255)
        let ink = RGBA(red: 40, green: 40, blue: 40, alpha: 255)
        #expect(sheet[0, 0] == paper)
        // The title's "T" at the top-left margin, twice the font's size.
        #expect(sheet[16, 16] == ink && sheet[25, 17] == ink && sheet[20, 20] == ink && sheet[16, 20] == paper)
        // The source: a transparent frame pixel over the checkerboard, a tick, plain and tinted content.
        #expect(sheet[16, 126] == white && sheet[24, 126] == RGBA(red: 214, green: 214, blue: 214, alpha: 255))
        #expect(sheet[70, 130] == black)
        #expect(sheet[40, 150] == Self.green)
        #expect(sheet[88, 150] == RGBA(red: 72, green: 144, blue: 72, alpha: 255), "stretch column over green")
        // The content box in the source: 2 pixels of blue around content x [1, 6), y [1, 5).
        #expect(sheet[48, 158] == contentBlue && sheet[49, 159] == contentBlue && sheet[50, 160] != contentBlue)
        // The rendering: green, with its content box (padding insets, unscaled, then shown x8) in blue.
        #expect(sheet[20, 333] == Self.green && sheet[40, 350] == Self.green)
        #expect(sheet[24, 338] == contentBlue && sheet[25, 339] == contentBlue && sheet[111, 401] == contentBlue)
        #expect(sheet[112, 402] == Self.green)
    }
}

/// NP106's picture: two densities of one drawable at the same size in dp.
@Suite struct DensityComparisonTests {
    /// A `size`-pixel square NinePatch source (frame included) of one colour whose middle pixel stretches.
    func square(_ size: Int, _ color: RGBA) -> (RGBAImage, NinePatch) {
        var source = RGBAImage(width: size + 2, height: size + 2, fill: color)
        for x in 0..<(size + 2) {
            source[x, 0] = .transparent
            source[x, size + 1] = .transparent
        }
        for y in 0..<(size + 2) {
            source[0, y] = .transparent
            source[size + 1, y] = .transparent
        }
        let middle = Span(size / 2, size / 2 + 1)
        let ninePatch = NinePatch(
            width: size, height: size, stretchX: [middle], stretchY: [middle], padding: .zero, layoutBounds: nil,
            regionColors: nil, outline: nil)
        return (source, ninePatch)
    }

    @Test func bothDensitiesAreDrawnAtTheSameSizeInDpSideBySide() throws {
        let (mdpi, mdpiModel) = square(8, black)
        let (xhdpi, xhdpiModel) = square(16, contentBlue)
        let drawn = try DensityComparison().draw(
            [
                .init(source: mdpi, ninePatch: mdpiModel, dpi: 160, label: "mdpi"),
                .init(source: xhdpi, ninePatch: xhdpiModel, dpi: 320, label: "xhdpi"),
            ], widthDP: 16, heightDP: 16)
        // Both at xhdpi's scale: 32x32 pixels each, below their labels.
        let top = 12 + Canvas.textSize("x").height + 6
        let width = max(32, Canvas.textSize("xhdpi").width)
        #expect(drawn.width == 12 + 2 * (width + 12))
        #expect(drawn.height == top + 32 + 12)
        #expect(drawn[12, top] == black && drawn[12 + 31, top + 31] == black)
        #expect(drawn[12 + width + 12, top] == contentBlue && drawn[12 + width + 12 + 31, top + 31] == contentBlue)
    }
}

/// The gallery page draws at most `GalleryPage.maximumDrawnFiles` files; the others are listed by name at the end.
@Suite struct GalleryPageTests {
    @Test func filesPastTheLimitAreListedByNameOnly() throws {
        let limit = GalleryPage.maximumDrawnFiles
        let entries = (0..<(limit + 3)).map { index in
            index < limit
                ? GalleryPage.Entry.rejected(file: "res/\(index).9.png", reason: "NP001: no frame")
                : .notDrawn(file: "res/<\(index)>.9.png")
        }
        var page = ""
        try GalleryPage().write(entries, count: entries.count, to: &page)
        #expect(page.contains("<h1>NinePatch gallery: \(limit + 3) files</h1>"))
        #expect(
            page.contains(
                "<p>The first \(limit) are drawn; the other 3 are listed by name at the end (a page draws at most "
                    + "\(limit) files).</p>"))
        #expect(page.components(separatedBy: "<section class=\"rejected\">").count == limit + 1)
        #expect(
            page.contains(
                "<section class=\"not-drawn\"><h2>Not drawn</h2><ul>\n<li>res/&lt;\(limit)&gt;.9.png</li>\n"
                    + "<li>res/&lt;\(limit + 1)&gt;.9.png</li>\n<li>res/&lt;\(limit + 2)&gt;.9.png</li>\n</ul></section>\n"
                    + "<script>"))
        var within = ""
        try GalleryPage().write(entries.prefix(2), count: 2, to: &within)
        #expect(!within.contains("are drawn;") && !within.contains("not-drawn"))
    }
}
