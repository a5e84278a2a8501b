public import NinePatchKit
public import PNGKit

/// A destination size for a preview rendering.
public struct RenderSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// One picture that explains a NinePatch at a glance: the source enlarged with its stretch, padding and layout
/// bound marks and its bad patches, then the image rendered as Android draws it at several sizes, each with its
/// content box and the destination of its bad patches.
public struct PreviewSheet: Sendable {
    /// The sizes to render; `nil` picks a small, a wide, a tall and a large one from the content size.
    public var sizes: [RenderSize]?
    public var filter: RenderFilter
    public var badPatchTolerance: Int
    let overlay = RenderOverlay()
    let badPatchColor = RGBA(red: 230, green: 0, blue: 0, alpha: 255)
    /// The ring around a finding's pixel: a green no frame, tint or mark uses.
    let findingColor = RGBA(red: 0, green: 170, blue: 40, alpha: 255)
    let ink = RGBA(red: 40, green: 40, blue: 40, alpha: 255)
    let paper = RGBA(red: 246, green: 246, blue: 246, alpha: 255)
    let margin = 16
    let textScale = 2
    /// Renderings are laid out in rows no wider than this many pixels.
    let maximumRowWidth = 1400

    public init(
        sizes: [RenderSize]? = nil, filter: RenderFilter = .linear,
        badPatchTolerance: Int = NinePatchLints.defaultBadPatchTolerance
    ) {
        self.sizes = sizes
        self.filter = filter
        self.badPatchTolerance = badPatchTolerance
    }

    /// A small (half), a wide (4× wide), a tall (3× tall) and a large (3×) size, each side at most 2048.
    public static func defaultSizes(for ninePatch: NinePatch) -> [RenderSize] {
        let size = { (width: Int, height: Int) in
            RenderSize(width: min(2048, max(1, width)), height: min(2048, max(1, height)))
        }
        let (width, height) = (ninePatch.width, ninePatch.height)
        return [
            size(width / 2, height / 2), size(width * 4, height), size(width, height * 3),
            size(width * 3, height * 3),
        ]
    }

    /// Draws the sheet for `source` (the `.9.png` pixels, frame included), whose parsed model is `ninePatch`;
    /// `title` names it (usually the file name).
    public func draw(source: RGBAImage, ninePatch: NinePatch, title: String) throws(RenderError) -> RGBAImage {
        try compose(source: source, ninePatch: ninePatch, title: title, notes: [], marked: [])
    }

    /// Draws the sheet that explains one finding: `notes` (what is wrong, one line each) under the title, the
    /// source enlarged with the `marked` pixels (frame coordinates) ringed, then, when aapt2 accepts the file
    /// (`ninePatch` is not `nil`), the renderings as in ``draw(source:ninePatch:title:)``. A rejected file shows
    /// only its source: Android never draws it.
    public func draw(
        finding notes: [String], source: RGBAImage, ninePatch: NinePatch?, title: String, marked: [PixelPoint]
    ) throws(RenderError) -> RGBAImage {
        try compose(source: source, ninePatch: ninePatch, title: title, notes: notes, marked: marked)
    }

    private func compose(
        source: RGBAImage, ninePatch: NinePatch?, title: String, notes: [String], marked: [PixelPoint]
    ) throws(RenderError) -> RGBAImage {
        let badPatches = ninePatch.map { $0.badPatches(in: source, tolerance: badPatchTolerance) } ?? []
        let header =
            [title] + notes
            + (ninePatch.map { modelLines($0, badPatches: badPatches) }
                ?? ["rejected by aapt2: it fails the build, and Android never draws it"])
        let content = PremultipliedImage(source.withoutFrame)
        let sizes = ninePatch.map { self.sizes ?? Self.defaultSizes(for: $0) } ?? []
        var renderings = [(size: RenderSize, image: RGBAImage, layout: NinePatchLayout)]()
        if let ninePatch {
            for size in sizes {
                let image = try NinePatchRenderer(filter: filter)
                    .render(content, as: ninePatch, width: size.width, height: size.height).unpremultiplied
                renderings.append((size, image, NinePatchLayout(ninePatch, width: size.width, height: size.height)))
            }
        }

        let lineHeight = (PixelFont.glyphHeight + 4) * textScale
        let sourceZoom = max(1, min(16, 360 / max(source.width, source.height)))
        let largestWidth = sizes.map(\.width).max() ?? 1
        let largestHeight = sizes.map(\.height).max() ?? 1
        let renderZoom = max(1, min(8, 560 / largestWidth, 360 / largestHeight))
        let labels = renderings.map { "\($0.size)" + (renderZoom > 1 ? " (x\(renderZoom))" : "") }
        let rows = renderRows(
            zip(renderings, labels).map { rendering, label in
                (
                    max(rendering.size.width * renderZoom, Canvas.textSize(label, scale: textScale).width),
                    rendering.size.height * renderZoom
                )
            })
        let legend = legendEntries(model: ninePatch != nil, marking: !marked.isEmpty)

        // A ring around a frame pixel reaches above and left of the source: leave room for it.
        let ringRoom = marked.isEmpty ? 0 : max(3, sourceZoom / 2) + 3
        let sourceTop = margin + header.count * lineHeight + lineHeight + ringRoom
        let rendersTop = sourceTop + source.height * sourceZoom + ringRoom + margin * 2 + lineHeight
        let rowHeights = rows.map { row in row.map { $0.height }.max() ?? 0 }
        let legendTop = rendersTop + rowHeights.reduce(0) { $0 + $1 + lineHeight + margin }
        let width =
            margin * 2
            + max(
                header.map { Canvas.textSize($0, scale: textScale).width }.max() ?? 0,
                source.width * sourceZoom + ringRoom * 2,
                rows.map { row in row.map { $0.width + margin }.reduce(0, +) }.max() ?? 0,
                legend.width)
        var canvas = Canvas(width: width, height: legendTop + lineHeight + margin, background: paper)

        for (index, line) in header.enumerated() {
            canvas.text(line, x: margin, y: margin + index * lineHeight, color: ink, scale: textScale)
        }
        canvas.text(
            "source, shown x\(sourceZoom)", x: margin, y: sourceTop - lineHeight - ringRoom, color: ink,
            scale: textScale)
        drawSource(
            source, ninePatch: ninePatch, badPatches: badPatches, zoom: sourceZoom,
            at: (margin + ringRoom, sourceTop), on: &canvas)
        for pixel in marked { markFinding(pixel, zoom: sourceZoom, at: (margin + ringRoom, sourceTop), on: &canvas) }

        var top = rendersTop
        var index = 0
        for (row, rowHeight) in zip(rows, rowHeights) {
            var left = margin
            for cell in row {
                let rendering = renderings[index]
                if let ninePatch {
                    canvas.text(labels[index], x: left, y: top, color: ink, scale: textScale)
                    drawRendering(
                        rendering.image, layout: rendering.layout, ninePatch: ninePatch,
                        badPatches: badPatches, zoom: renderZoom, at: (left, top + lineHeight), on: &canvas)
                }
                left += cell.width + margin
                index += 1
            }
            top += rowHeight + lineHeight + margin
        }
        legend.draw(on: &canvas, x: margin, y: legendTop)
        return canvas.image
    }

    /// What the sheet's header says about the model: size, stretch spans, padding, layout bounds, bad patches.
    private func modelLines(_ ninePatch: NinePatch, badPatches: [BadPatch]) -> [String] {
        let spans = { (spans: [Span]) in spans.isEmpty ? "none" : spans.map(\.description).joined(separator: " ") }
        let insets = { (insets: Insets) in "l\(insets.left) t\(insets.top) r\(insets.right) b\(insets.bottom)" }
        return [
            "content \(ninePatch.width)x\(ninePatch.height), stretch x \(spans(ninePatch.stretchX)), "
                + "y \(spans(ninePatch.stretchY))",
            "padding \(insets(ninePatch.padding)), layout bounds "
                + (ninePatch.layoutBounds.map(insets) ?? "none"),
            badPatches.isEmpty
                ? "no bad patches (tolerance \(badPatchTolerance))"
                : "\(badPatches.count) bad patch\(badPatches.count == 1 ? "" : "es") (tolerance \(badPatchTolerance)): "
                    + "stretching smears them",
        ]
    }

    /// Greedy rows of renderings, each row at most `maximumRowWidth` wide.
    private func renderRows(_ sizes: [(width: Int, height: Int)]) -> [[(width: Int, height: Int)]] {
        var rows = [[(width: Int, height: Int)]]()
        var current = [(width: Int, height: Int)]()
        var width = 0
        for size in sizes {
            if !current.isEmpty && width + size.width + margin > maximumRowWidth {
                rows.append(current)
                current = []
                width = 0
            }
            current.append(size)
            width += size.width + margin
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }

    private func drawSource(
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

    private func drawRendering(
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

    private func markBad(_ rect: PixelRect, on canvas: inout Canvas) {
        canvas.fill(
            rect,
            with: RGBA(
                red: badPatchColor.red, green: badPatchColor.green, blue: badPatchColor.blue,
                alpha: 70))
        canvas.stroke(rect, with: badPatchColor, thickness: 2)
    }

    /// Rings `pixel` (frame coordinates) of the source drawn at `origin`, `zoom` times enlarged, with a
    /// cross-hair along its row and column so a single pixel stands out on any image size.
    private func markFinding(_ pixel: PixelPoint, zoom: Int, at origin: (x: Int, y: Int), on canvas: inout Canvas) {
        let (x, y) = (origin.x + pixel.x * zoom, origin.y + pixel.y * zoom)
        let guide = RGBA(red: findingColor.red, green: findingColor.green, blue: findingColor.blue, alpha: 110)
        let pad = max(3, zoom / 2)
        canvas.fill(PixelRect(x: x + zoom / 2, y: origin.y - pad, width: 1, height: y - origin.y), with: guide)
        canvas.fill(PixelRect(x: origin.x - pad, y: y + zoom / 2, width: x - origin.x, height: 1), with: guide)
        canvas.stroke(
            PixelRect(x: x - pad, y: y - pad, width: zoom + pad * 2, height: zoom + pad * 2),
            with: findingColor, thickness: 3)
    }

    /// The colour key: the model's marks when there is a model, the finding's ring when a pixel is marked.
    private func legendEntries(model: Bool, marking: Bool) -> Legend {
        let modelEntries: [(label: String, color: RGBA, dashed: Bool)] = [
            ("stretchable", overlay.stretchTint, false), ("content box (padding)", overlay.contentBoxColor, false),
            ("layout bounds", overlay.layoutBoundsColor, true), ("bad patch", badPatchColor, false),
        ]
        return Legend(
            entries: (model ? modelEntries : []) + (marking ? [("the finding's pixel", findingColor, false)] : []),
            ink: ink, textScale: textScale)
    }
}

/// The colour key at the bottom of a sheet.
struct Legend {
    var entries: [(label: String, color: RGBA, dashed: Bool)]
    var ink: RGBA
    var textScale: Int
    let swatch = 14
    let gap = 24

    var width: Int {
        entries.map { swatch + 6 + Canvas.textSize($0.label, scale: textScale).width + gap }.reduce(0, +)
    }

    func draw(on canvas: inout Canvas, x: Int, y: Int) {
        var left = x
        for entry in entries {
            let box = PixelRect(x: left, y: y, width: swatch, height: swatch)
            if entry.color.alpha < 255 {
                canvas.fill(box, with: entry.color)
            }
            canvas.stroke(
                box,
                with: RGBA(
                    red: entry.color.red, green: entry.color.green, blue: entry.color.blue,
                    alpha: 255), thickness: 2, dash: entry.dashed ? 4 : 0)
            left += swatch + 6
            canvas.text(entry.label, x: left, y: y, color: ink, scale: textScale)
            left += Canvas.textSize(entry.label, scale: textScale).width + gap
        }
    }
}
