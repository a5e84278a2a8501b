import NinePatchKit
import PNGKit

/// The parts of a preview sheet, drawn where `SheetLayout` placed them: the enlarged source with its marks, a
/// rendering with its boxes, a bad patch, the ring around a finding's pixel.
extension PreviewSheet {
    /// The source at `origin`, `zoom` times enlarged on a checkerboard, with its stretch tint, content box,
    /// layout bounds and bad patches when aapt2 accepts it.
    func drawSource(
        _ source: RGBAImage, ninePatch: NinePatch?, badPatches: [BadPatch], zoom: Int, at origin: (x: Int, y: Int),
        on canvas: inout Canvas
    ) {
        let (x, y) = origin
        canvas.checkerboard(PixelRect(x: x, y: y, width: source.width * zoom, height: source.height * zoom))
        canvas.draw(source, x: x, y: y, zoom: zoom)
        guard let ninePatch else { return }
        let contentRect = { (columns: Span, rows: Span) in
            PixelRect(
                x: x + (columns.start + 1) * zoom, y: y + (rows.start + 1) * zoom,
                width: columns.length * zoom, height: rows.length * zoom)
        }
        let all = (columns: Span(0, ninePatch.width), rows: Span(0, ninePatch.height))
        for span in ninePatch.stretchX { canvas.fill(contentRect(span, all.rows), with: overlay.stretchTint) }
        for span in ninePatch.stretchY { canvas.fill(contentRect(all.columns, span), with: overlay.stretchTint) }
        let inset = { (insets: Insets) in
            contentRect(
                Span(insets.left, max(insets.left, ninePatch.width - insets.right)),
                Span(insets.top, max(insets.top, ninePatch.height - insets.bottom)))
        }
        canvas.stroke(inset(ninePatch.padding), with: overlay.contentBoxColor, thickness: 2)
        if let bounds = ninePatch.layoutBounds {
            canvas.stroke(inset(bounds), with: overlay.layoutBoundsColor, thickness: 2, dash: 6)
        }
        for patch in badPatches { markBad(contentRect(patch.columns, patch.rows), on: &canvas) }
    }

    /// A rendering at `origin`, `zoom` times enlarged, with its content box, layout bounds and where its bad
    /// patches were drawn.
    func drawRendering(
        _ image: RGBAImage, layout: NinePatchLayout, ninePatch: NinePatch, badPatches: [BadPatch], zoom: Int,
        at origin: (x: Int, y: Int), on canvas: inout Canvas
    ) {
        let (x, y) = origin
        canvas.checkerboard(PixelRect(x: x, y: y, width: image.width * zoom, height: image.height * zoom))
        canvas.draw(image, x: x, y: y, zoom: zoom)
        let scaled = { (rect: PixelRect) in
            PixelRect(x: x + rect.x * zoom, y: y + rect.y * zoom, width: rect.width * zoom, height: rect.height * zoom)
        }
        canvas.stroke(
            scaled(RenderOverlay.inset(width: image.width, height: image.height, by: ninePatch.padding)),
            with: overlay.contentBoxColor, thickness: zoom > 1 ? 2 : 1)
        if let bounds = ninePatch.layoutBounds {
            canvas.stroke(
                scaled(RenderOverlay.inset(width: image.width, height: image.height, by: bounds)),
                with: overlay.layoutBoundsColor, thickness: zoom > 1 ? 2 : 1, dash: 6)
        }
        for patch in badPatches {
            guard let columns = layout.columns.spans.first(where: { $0.source == patch.columns })?.pixels,
                let rows = layout.rows.spans.first(where: { $0.source == patch.rows })?.pixels,
                !columns.isEmpty, !rows.isEmpty
            else { continue }
            markBad(
                scaled(
                    PixelRect(
                        x: columns.lowerBound, y: rows.lowerBound, width: columns.count,
                        height: rows.count)), on: &canvas)
        }
    }

    /// A bad patch: a translucent fill and a border in the bad-patch colour.
    func markBad(_ rect: PixelRect, on canvas: inout Canvas) {
        canvas.fill(
            rect,
            with: RGBA(
                red: badPatchColor.red, green: badPatchColor.green, blue: badPatchColor.blue,
                alpha: 70))
        canvas.stroke(rect, with: badPatchColor, thickness: 2)
    }

    /// Rings `pixel` (frame coordinates) of the source drawn at `origin`, `zoom` times enlarged, with a
    /// cross-hair along its row and column so a single pixel stands out on any image size.
    func markFinding(_ pixel: PixelPoint, zoom: Int, at origin: (x: Int, y: Int), on canvas: inout Canvas) {
        let (x, y) = (origin.x + pixel.x * zoom, origin.y + pixel.y * zoom)
        let guide = RGBA(red: findingColor.red, green: findingColor.green, blue: findingColor.blue, alpha: 110)
        let pad = max(3, zoom / 2)
        canvas.fill(PixelRect(x: x + zoom / 2, y: origin.y - pad, width: 1, height: y - origin.y), with: guide)
        canvas.fill(PixelRect(x: origin.x - pad, y: y + zoom / 2, width: x - origin.x, height: 1), with: guide)
        canvas.stroke(
            PixelRect(x: x - pad, y: y - pad, width: zoom + pad * 2, height: zoom + pad * 2),
            with: findingColor, thickness: 3)
    }
}
