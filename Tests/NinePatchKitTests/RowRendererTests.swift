import PNGKit
import Testing

@testable import NinePatchKit

/// `NinePatchRowRenderer` draws exactly `render`'s rows into a reused row buffer: every byte of a row is written,
/// so nothing of the row before (or of another drawing) shows through.
@Suite struct RowRendererTests {
    let content: RGBAImage = {
        var image = RGBAImage(width: 6, height: 4)
        for y in 0..<4 {
            for x in 0..<6 {
                image[x, y] = RGBA(red: UInt8(x * 40), green: UInt8(y * 60), blue: 7, alpha: UInt8(255 - x * 20))
            }
        }
        return image
    }()

    /// A transparent middle cell (not drawn at all) and stretch on both axes.
    let ninePatch: NinePatch = {
        var colors = [RegionColor](repeating: .mixed, count: 9)
        colors[4] = .transparent
        return NinePatch(
            width: 6, height: 4, stretchX: [Span(2, 3)], stretchY: [Span(1, 2)], padding: .zero,
            layoutBounds: nil, regionColors: colors, outline: nil)
    }()

    @Test(arguments: RenderFilter.allCases)
    func rowsInADirtyReusedBufferAreTheRenderedRows(filter: RenderFilter) throws {
        let renderer = NinePatchRenderer(filter: filter)
        let source = PremultipliedImage(content)
        let (width, height) = (13, 9)
        let whole = try renderer.render(source, as: ninePatch, width: width, height: height)
        let plan = try renderer.plan(
            ninePatch, contentWidth: source.width, contentHeight: source.height, width: width, height: height)
        var rows = NinePatchRowRenderer(source, plan: plan)
        var row = [UInt8](repeating: 0xAB, count: width * 4)
        for y in 0..<height {
            row.withUnsafeMutableBufferPointer { rows.draw(row: y, into: $0.baseAddress!) }
            #expect(row == Array(whole.bytes[(y * width * 4)..<((y + 1) * width * 4)]), "row \(y)")
            // The next row starts from a buffer full of this one's pixels and of garbage.
            for index in stride(from: 0, to: row.count, by: 3) { row[index] = 0xCD }
        }
        // The transparent cell is drawn as nothing, over whatever the buffer held.
        #expect(whole.bytes[(4 * width + 6) * 4 + 3] == 0)
    }

    @Test func aPlanRefusesContentOfAnotherSize() {
        #expect(throws: RenderError.self) {
            try NinePatchRenderer().plan(ninePatch, contentWidth: 5, contentHeight: 4, width: 10, height: 10)
        }
    }
}
