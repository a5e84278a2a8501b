/// aapt2's opacity outline (`npOl`, tools/aapt2/compile/NinePatch.cpp) in its three steps, each over alpha values
/// the caller supplies, so the scan can gather them however it reads the image. Coordinates are image pixels
/// (frame included), as aapt2 indexes its rows.
struct OutlineGeometry {
    /// Full image size, frame included.
    let width: Int
    let height: Int

    /// The row and column whose alpha gives the insets: `height / 2` and `width / 2`.
    var insetRow: Int { height / 2 }
    var insetColumn: Int { width / 2 }

    /// Step 1: insets from the content part of the middle row and column (`alpha(i)` is content index `i`).
    func insets(rowAlpha: (Int) -> UInt8, columnAlpha: (Int) -> UInt8) -> Insets {
        let (left, right) = Self.insets(length: width - 2, alpha: rowAlpha)
        let (top, bottom) = Self.insets(length: height - 2, alpha: columnAlpha)
        return Insets(left: left, top: top, right: right, bottom: bottom)
    }

    /// Where steps 2 and 3 look, once the insets are known.
    struct Probes {
        /// Image row and the columns `[start, end)` of the outline's middle row.
        var middleRow: Int
        var rowRange: Range<Int>
        /// Image column and the rows `[start, end)` of the outline's middle column.
        var middleColumn: Int
        var columnRange: Range<Int>
        /// The diagonal from the outline's top-left corner: image `(x + k, y + k)` for `k < length`.
        var diagonalStart: (x: Int, y: Int)
        var diagonalLength: Int
    }

    func probes(for insets: Insets) -> Probes {
        let outlineWidth = (width - 2) - insets.left - insets.right
        let outlineHeight = (height - 2) - insets.top - insets.bottom
        let left = 1 + insets.left
        let top = 1 + insets.top
        return Probes(
            middleRow: top + outlineHeight / 2, rowRange: left..<(left + outlineWidth),
            middleColumn: left + outlineWidth / 2, columnRange: top..<(top + outlineHeight),
            diagonalStart: (left, top), diagonalLength: min(outlineWidth, outlineHeight))
    }

    /// Steps 2 and 3: the largest alpha along the middle row and column, and the corner radius from the diagonal
    /// (`alpha(x, y)` in image coordinates, only asked for the pixels `probes` names).
    func outline(insets: Insets, alpha: (Int, Int) -> UInt8) -> Outline {
        let probes = probes(for: insets)
        let rowAlpha = Self.maxAlpha(length: probes.rowRange.count) {
            alpha(probes.rowRange.lowerBound + $0, probes.middleRow)
        }
        let columnAlpha = Self.maxAlpha(length: probes.columnRange.count) {
            alpha(probes.middleColumn, probes.columnRange.lowerBound + $0)
        }
        let (x, y) = probes.diagonalStart
        let diagonal = Self.insets(length: probes.diagonalLength) { alpha(x + $0, y + $0) }
        return Outline(
            insets: insets, radius: Float(3.4142) * Float(diagonal.start),
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
