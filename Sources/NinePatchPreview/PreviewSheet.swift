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
/// content box and the destination of its bad patches. `SheetLayout` places the parts, `PreviewSheet+Parts` draws
/// them, `PreviewSheet+Legend` writes the header's model lines and the colour key.
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
        var renderings = [(image: RGBAImage, layout: NinePatchLayout)]()
        if let ninePatch {
            for size in sizes {
                let image = try NinePatchRenderer(filter: filter)
                    .render(content, as: ninePatch, width: size.width, height: size.height).unpremultiplied
                renderings.append((image, NinePatchLayout(ninePatch, width: size.width, height: size.height)))
            }
        }
        let legend = legendEntries(model: ninePatch != nil, marking: !marked.isEmpty)
        let layout = SheetLayout(
            self, sourceSize: (source.width, source.height), sizes: sizes, header: header, legend: legend,
            marksPixels: !marked.isEmpty)
        let lineHeight = layout.lineHeight
        // The sheet is held to the renderer's limit too, before its pixels are allocated.
        let maxPixels = NinePatchRenderer(filter: filter).maxPixels
        let pixels = layout.width.multipliedReportingOverflow(by: layout.height)
        guard !pixels.overflow, pixels.partialValue <= maxPixels else {
            throw .destinationTooLarge(width: layout.width, height: layout.height, maxPixels: maxPixels)
        }
        var canvas = Canvas(width: layout.width, height: layout.height, background: paper)

        for (index, line) in header.enumerated() {
            canvas.text(line, x: margin, y: margin + index * lineHeight, color: ink, scale: textScale)
        }
        canvas.text(
            "source, shown x\(layout.sourceZoom)", x: margin, y: layout.sourceTop - lineHeight - layout.ringRoom,
            color: ink, scale: textScale)
        let sourceOrigin = (x: margin + layout.ringRoom, y: layout.sourceTop)
        drawSource(
            source, ninePatch: ninePatch, badPatches: badPatches, zoom: layout.sourceZoom, at: sourceOrigin,
            on: &canvas)
        for pixel in marked { markFinding(pixel, zoom: layout.sourceZoom, at: sourceOrigin, on: &canvas) }

        var top = layout.rendersTop
        var index = 0
        for (row, rowHeight) in zip(layout.rows, layout.rowHeights) {
            var left = margin
            for cell in row {
                let rendering = renderings[index]
                if let ninePatch {
                    canvas.text(layout.labels[index], x: left, y: top, color: ink, scale: textScale)
                    drawRendering(
                        rendering.image, layout: rendering.layout, ninePatch: ninePatch,
                        badPatches: badPatches, zoom: layout.renderZoom, at: (left, top + lineHeight), on: &canvas)
                }
                left += cell.width + margin
                index += 1
            }
            top += rowHeight + lineHeight + margin
        }
        legend.draw(on: &canvas, x: margin, y: layout.legendTop)
        return canvas.image
    }
}
