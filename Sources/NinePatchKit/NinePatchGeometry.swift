import PNGKit

/// The values aapt2 derives from an accepted frame, with its exact formulas (tools/aapt2/compile/NinePatch.cpp).
enum NinePatchGeometry {
    /// Content padding along one axis: the single black run, else the first-to-last stretch span, else zero.
    static func padding(paddingRuns: [Span], stretch: [Span], length: Int) -> (start: Int, end: Int) {
        if let run = paddingRuns.first { return (run.start, length - run.end) }
        if let first = stretch.first, let last = stretch.last { return (first.start, length - last.end) }
        return (0, 0)
    }

    /// Layout-bound insets along one axis. A single run yields only a start inset, even at the end of the line
    /// (aapt2's behaviour, reported by NP103).
    static func layoutBounds(redRuns: [Span], length: Int) -> (start: Int, end: Int) {
        guard let first = redRuns.first else { return (0, 0) }
        let end = redRuns.count >= 2 ? length - redRuns[redRuns.count - 1].start : 0
        return (first.end, end)
    }

    /// One colour per lattice region, row by row: transparent, one solid colour, or mixed.
    static func regionColors(image: RGBAImage, stretchX: [Span], stretchY: [Span]) -> [RegionColor] {
        let columns = NinePatch.segments(length: image.width - 2, stretch: stretchX)
        let rows = NinePatch.segments(length: image.height - 2, stretch: stretchY)
        var colors = [RegionColor]()
        colors.reserveCapacity(columns.count * rows.count)
        for row in rows {
            for column in columns {
                colors.append(regionColor(image: image, columns: column.span, rows: row.span))
            }
        }
        return colors
    }

    /// aapt2's `GetRegionColor` over content spans (the frame offset is added here).
    private static func regionColor(image: RGBAImage, columns: Span, rows: Span) -> RegionColor {
        let expected = image.argb(x: columns.start + 1, y: rows.start + 1)
        let expectedIsTransparent = expected >> 24 == 0
        for y in rows.start..<rows.end {
            for x in columns.start..<columns.end {
                let color = image.argb(x: x + 1, y: y + 1)
                if color >> 24 == 0 {
                    if !expectedIsTransparent { return .mixed }
                } else if color != expected {
                    return .mixed
                }
            }
        }
        return expectedIsTransparent ? .transparent : .solid(expected)
    }

    /// aapt2's opacity outline (`npOl`): insets on the middle row and column, the maximum alpha in the outline's
    /// middle row and column, and a radius from the diagonal inset.
    static func outline(image: RGBAImage) -> Outline {
        let width = image.width
        let height = image.height
        func alpha(_ x: Int, _ y: Int) -> UInt8 { image.bytes[(y * width + x) * 4 + 3] }

        let (left, right) = insets(length: width - 2) { alpha($0 + 1, height / 2) }
        let (top, bottom) = insets(length: height - 2) { alpha(width / 2, $0 + 1) }
        let outlineWidth = (width - 2) - left - right
        let outlineHeight = (height - 2) - top - bottom

        let middleRow = 1 + top + outlineHeight / 2
        let middleColumn = 1 + left + outlineWidth / 2
        let rowAlpha = maxAlpha(length: outlineWidth) { alpha(1 + left + $0, middleRow) }
        let columnAlpha = maxAlpha(length: outlineHeight) { alpha(middleColumn, 1 + top + $0) }

        let diagonal = insets(length: min(outlineWidth, outlineHeight)) { alpha(1 + left + $0, 1 + top + $0) }
        let radius = Float(3.4142) * Float(diagonal.start)
        return Outline(insets: Insets(left: left, top: top, right: right, bottom: bottom), radius: radius,
                       alpha: max(rowAlpha, columnAlpha))
    }

    /// aapt2's `FindOutlineInsets`: from each end towards the middle (both include the centre of an odd line),
    /// where the highest alpha is first reached, stopping at full opacity.
    static func insets(length: Int, alpha: (Int) -> UInt8) -> (start: Int, end: Int) {
        guard length >= 3 else { return (0, 0) }
        let middleLow = length / 2
        let middleHigh = middleLow + length % 2
        var start = 0
        var highest: UInt8 = 0
        var index = 0
        while index < middleHigh && highest != 0xFF {
            let value = alpha(index)
            if value > highest {
                highest = value
                start = index
            }
            index += 1
        }
        var end = 0
        highest = 0
        index = length - 1
        while index >= middleLow && highest != 0xFF {
            let value = alpha(index)
            if value > highest {
                highest = value
                end = length - (index + 1)
            }
            index -= 1
        }
        return (start, end)
    }

    /// aapt2's `FindMaxAlpha`.
    static func maxAlpha(length: Int, alpha: (Int) -> UInt8) -> UInt8 {
        var highest: UInt8 = 0
        var index = 0
        while index < length && highest != 0xFF {
            highest = max(highest, alpha(index))
            index += 1
        }
        return highest
    }
}
