/// Where every part of a preview sheet goes: the header lines, the enlarged source, the rows of renderings and
/// the legend, top to bottom, and the canvas size that holds them. Pure arithmetic on sizes, so the drawing code
/// only places what this decided.
struct SheetLayout {
    /// The height of one line of text.
    let lineHeight: Int
    /// How many times the source is enlarged (1…16, about 360 pixels on its longer side).
    let sourceZoom: Int
    /// How many times every rendering is enlarged (1…8, so the largest fits about 560x360).
    let renderZoom: Int
    /// The label above each rendering, in the order of the sizes.
    let labels: [String]
    /// The renderings' cells (label or rendering, whichever is wider, by the enlarged height), in rows.
    let rows: [[(width: Int, height: Int)]]
    /// The tallest cell of each row.
    let rowHeights: [Int]
    /// Room left around the source for the ring of a marked frame pixel (0 without marks).
    let ringRoom: Int
    /// The top of the enlarged source, of the first row of renderings and of the legend.
    let sourceTop: Int
    let rendersTop: Int
    let legendTop: Int
    /// The canvas size.
    let width: Int
    let height: Int

    /// Lays out a sheet of `sheet`'s spacing for a source of `sourceSize`, renderings of `sizes`, the `header`
    /// lines and `legend`; `marksPixels` leaves room for rings around marked pixels.
    init(
        _ sheet: PreviewSheet, sourceSize: (width: Int, height: Int), sizes: [RenderSize], header: [String],
        legend: Legend, marksPixels: Bool
    ) {
        let margin = sheet.margin
        let textScale = sheet.textScale
        let lineHeight = (PixelFont.glyphHeight + 4) * textScale
        self.lineHeight = lineHeight
        let sourceZoom = max(1, min(16, 360 / max(sourceSize.width, sourceSize.height)))
        self.sourceZoom = sourceZoom
        let largestWidth = sizes.map(\.width).max() ?? 1
        let largestHeight = sizes.map(\.height).max() ?? 1
        let renderZoom = max(1, min(8, 560 / largestWidth, 360 / largestHeight))
        self.renderZoom = renderZoom
        let labels = sizes.map { "\($0)" + (renderZoom > 1 ? " (x\(renderZoom))" : "") }
        self.labels = labels
        let rows = Self.rows(
            zip(sizes, labels).map { size, label in
                (max(size.width * renderZoom, Canvas.textSize(label, scale: textScale).width), size.height * renderZoom)
            },
            margin: margin, maximumWidth: sheet.maximumRowWidth)
        self.rows = rows

        // A ring around a frame pixel reaches above and left of the source: leave room for it.
        let ringRoom = marksPixels ? max(3, sourceZoom / 2) + 3 : 0
        self.ringRoom = ringRoom
        let sourceTop = margin + header.count * lineHeight + lineHeight + ringRoom
        self.sourceTop = sourceTop
        let rendersTop = sourceTop + sourceSize.height * sourceZoom + ringRoom + margin * 2 + lineHeight
        self.rendersTop = rendersTop
        let rowHeights = rows.map { row in row.map { $0.height }.max() ?? 0 }
        self.rowHeights = rowHeights
        let legendTop = rendersTop + rowHeights.reduce(0) { $0 + $1 + lineHeight + margin }
        self.legendTop = legendTop
        width =
            margin * 2
            + max(
                header.map { Canvas.textSize($0, scale: textScale).width }.max() ?? 0,
                sourceSize.width * sourceZoom + ringRoom * 2,
                rows.map { row in row.map { $0.width + margin }.reduce(0, +) }.max() ?? 0,
                legend.width)
        height = legendTop + lineHeight + margin
    }

    /// Greedy rows of cells, each row at most `maximumWidth` wide (cells `margin` apart).
    private static func rows(
        _ cells: [(width: Int, height: Int)], margin: Int, maximumWidth: Int
    ) -> [[(width: Int, height: Int)]] {
        var rows = [[(width: Int, height: Int)]]()
        var current = [(width: Int, height: Int)]()
        var width = 0
        for cell in cells {
            if !current.isEmpty && width + cell.width + margin > maximumWidth {
                rows.append(current)
                current = []
                width = 0
            }
            current.append(cell)
            width += cell.width + margin
        }
        if !current.isEmpty { rows.append(current) }
        return rows
    }
}
