#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pixels around one stretchable lattice cell: the cell plus a 1-pixel margin on every side (transparent
/// beyond the content), premultiplied, so the cell's lines along the stretch can be compared with what lies
/// just outside them. A cell longer than `maximumSide` on an axis is looked at through a window of that length
/// centred on the candidate's first differing pixel, so memory stays bounded whatever the image size.
struct CellSurroundings {
    static let maximumSide = 1024
    /// The part of the cell looked at, in content coordinates.
    let columns: Span
    let rows: Span
    /// `(columns.length + 2)` × `(rows.length + 2)` pixels; the window starts at (1, 1).
    private(set) var pixels: PremultipliedImage

    init(around candidate: BadPatch) {
        columns = Self.window(candidate.columns, around: candidate.x)
        rows = Self.window(candidate.rows, around: candidate.y)
        pixels = PremultipliedImage(width: columns.length + 2, height: rows.length + 2)
    }

    private static func window(_ span: Span, around position: Int) -> Span {
        guard span.length > maximumSide else { return span }
        let start = min(max(position - maximumSide / 2, span.start), span.end - maximumSide)
        return Span(start, start + maximumSide)
    }

    /// The cell without its margin: the bytes `Lines(pixels).cell` rounds back from their exact float values.
    var cell: PremultipliedImage {
        var image = PremultipliedImage(width: pixels.width - 2, height: pixels.height - 2)
        let rowBytes = image.width * 4
        pixels.bytes.withUnsafeBufferPointer { source in
            image.bytes.withUnsafeMutableBufferPointer { target in
                for y in 0..<image.height {
                    let from = source.baseAddress! + ((y + 1) * pixels.width + 1) * 4
                    (target.baseAddress! + y * rowBytes).update(from: from, count: rowBytes)
                }
            }
        }
        return image
    }

    /// Takes content row `y` from `row`, a whole image row with its frame (RGBA8, unpremultiplied); rows the
    /// cell's neighbourhood does not need are ignored. `contentWidth` is the image width without the frame.
    mutating func add(contentRow y: Int, _ row: UnsafeBufferPointer<UInt8>, contentWidth: Int) {
        guard y >= rows.start - 1, y <= rows.end else { return }
        let target = (y - rows.start + 1) * pixels.width * 4
        for x in max(columns.start - 1, 0)..<min(columns.end + 1, contentWidth) {
            let source = (x + 1) * 4
            let alpha = UInt32(row[source + 3])
            let index = target + (x - columns.start + 1) * 4
            for channel in 0..<3 {
                pixels.bytes[index + channel] = UInt8((UInt32(row[source + channel]) * alpha + 127) / 255)
            }
            pixels.bytes[index + 3] = UInt8(alpha)
        }
    }
}

/// NP107's verdict: does stretching this cell visibly smear something that a correctly drawn cell would not?
///
/// The cell is drawn stretched `stretchFactor` times along its stretchable axes with Android's renderer (linear
/// filtering, strict per-cell sampling), once as it is and once *cleaned*: along each line in the stretch
/// direction, the strictly monotone runs that lead from the pixels outside the cell into it are kept (the
/// anti-aliased edge of a circle, pill or shadow crossing the cell's ends), and the rest of the line is replaced
/// by the straight ramp between its first and last pixel. A uniform line, a linear ramp and anti-aliasing at
/// the ends are their own cleaned version; a dot, a line, an edge or text inside the cell is not. The cell
/// smears when the two drawings differ by more than `threshold` (premultiplied, per channel) over at least
/// `stretchFactor` consecutive pixels along the stretch: a detail that stretching turns into a blur at least
/// one source pixel per stretch step wide.
struct StretchSmearTest {
    /// The largest accepted premultiplied channel difference between the drawing and its cleaned version.
    let threshold: Int
    /// How many times its length each stretchable axis of the cell is drawn (less for very large cells).
    static let stretchFactor = 8
    /// How many pixels at each end of a line may be the anti-aliased edge of a shape crossing the cell's end.
    static let edgeDepth = 2
    /// Cells are drawn at most this many pixels large; larger ones get a smaller factor (at least 2).
    static let pixelBudget = 1 << 22

    /// The bad patch `candidate` is, or `nil` when stretching it draws nothing a cleaned cell would not.
    func judge(_ candidate: BadPatch, around surroundings: CellSurroundings, stretchX: [Span], stretchY: [Span])
        -> BadPatch?
    {
        let horizontal = stretchX.contains(candidate.columns)
        let vertical = stretchY.contains(candidate.rows)
        let width = surroundings.columns.length
        let height = surroundings.rows.length
        guard width > 0, height > 0, horizontal || vertical else { return nil }
        let source = Lines(surroundings.pixels)
        var cleaned = source
        if horizontal { cleaned.clean(alongRows: true) }
        if vertical { cleaned.clean(alongRows: false) }
        let area = width * height
        let axes = (horizontal ? 1 : 0) + (vertical ? 1 : 0)
        var factor = Self.stretchFactor
        while factor > 2 && area * Int(pow(factor, axes)) > Self.pixelBudget { factor -= 1 }
        let (sourceCell, cleanedCell) = (surroundings.cell, cleaned.cell)
        // Each drawn pixel is a weighted mean of cell pixels (weights summing to 1 but for float rounding), rounded
        // once: two cells that differ by at most d per channel draw pixels that differ by at most d + 1. Below the
        // threshold nothing can smear, and drawing would only confirm it.
        guard sourceCell.largestChannelDifference(from: cleanedCell) >= threshold else { return nil }
        let model = NinePatch(
            width: width, height: height, stretchX: horizontal ? [Span(0, width)] : [],
            stretchY: vertical ? [Span(0, height)] : [], padding: .zero, layoutBounds: nil, regionColors: nil,
            outline: nil)
        let drawnWidth = horizontal ? width * factor : width
        let drawnHeight = vertical ? height * factor : height
        guard
            let plan = try? NinePatchRenderer(filter: .linear).plan(
                model, contentWidth: width, contentHeight: height, width: drawnWidth, height: drawnHeight)
        else { return nil }
        let smear = Smear(
            sourceCell, cleanedCell, plan: plan, threshold: threshold, alongRows: horizontal, alongColumns: vertical)
        guard smear.longestRun >= factor else { return nil }
        var patch = candidate
        let detail = source.largestDifference(from: cleaned)
        patch.x = surroundings.columns.start + detail.x
        patch.y = surroundings.rows.start + detail.y
        patch.difference = smear.largestDifference
        patch.smearLength = smear.longestRun
        patch.stretchFactor = factor
        return patch
    }

    private func pow(_ base: Int, _ exponent: Int) -> Int { exponent == 0 ? 1 : base * pow(base, exponent - 1) }
}

/// Where a drawing and its cleaned version differ by more than the threshold.
private struct Smear {
    var largestDifference = 0
    /// The longest run of consecutive differing pixels along a stretch direction.
    var longestRun = 0

    /// Draws both a row at a time and compares them as they come: the run along the current row, and one run per
    /// column, end at each pixel. Neither drawing is held whole. A destination row that samples only source rows
    /// the cleaning left unchanged is the same in both drawings (the same arithmetic on the same bytes), so it is
    /// not drawn: no pixel of it differs, and every column's run ends there.
    init(
        _ source: PremultipliedImage, _ cleaned: PremultipliedImage, plan: RenderPlan, threshold: Int,
        alongRows: Bool, alongColumns: Bool
    ) {
        var drawn = NinePatchRowRenderer(source, plan: plan)
        var clean = NinePatchRowRenderer(cleaned, plan: plan)
        let width = plan.width
        let changedRows = Self.changedRows(source, cleaned)
        var largest = 0
        var longest = 0
        var columnRuns = [Int](repeating: 0, count: width)
        var drawnRow = [UInt8](repeating: 0, count: width * 4)
        var cleanRow = [UInt8](repeating: 0, count: width * 4)
        let pixel = { (row: UnsafeMutableBufferPointer<UInt8>, x: Int) in
            UnsafeRawPointer(row.baseAddress!).loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt8>.self)
        }
        drawnRow.withUnsafeMutableBufferPointer { drawnRow in
            cleanRow.withUnsafeMutableBufferPointer { cleanRow in
                columnRuns.withUnsafeMutableBufferPointer { columnRuns in
                    for y in 0..<plan.height {
                        guard plan.rows.reads(anyOf: changedRows, at: y) else {
                            if alongColumns { columnRuns.update(repeating: 0) }
                            continue
                        }
                        drawn.draw(row: y, into: drawnRow.baseAddress!)
                        clean.draw(row: y, into: cleanRow.baseAddress!)
                        var rowRun = 0
                        for x in 0..<width {
                            let one = pixel(drawnRow, x)
                            let other = pixel(cleanRow, x)
                            let difference = (pointwiseMax(one, other) &- pointwiseMin(one, other)).max()
                            largest = max(largest, Int(difference))
                            let differs = Int(difference) > threshold
                            if alongRows {
                                rowRun = differs ? rowRun + 1 : 0
                                longest = max(longest, rowRun)
                            }
                            if alongColumns {
                                columnRuns[x] = differs ? columnRuns[x] + 1 : 0
                                longest = max(longest, columnRuns[x])
                            }
                        }
                    }
                }
            }
        }
        largestDifference = largest
        longestRun = longest
    }

    /// Per row of the two images (of the same size): whether their bytes differ.
    private static func changedRows(_ one: PremultipliedImage, _ other: PremultipliedImage) -> [Bool] {
        let rowBytes = one.width * 4
        return one.bytes.withUnsafeBytes { mine in
            other.bytes.withUnsafeBytes { theirs in
                (0..<one.height).map { y in
                    memcmp(mine.baseAddress! + y * rowBytes, theirs.baseAddress! + y * rowBytes, rowBytes) != 0
                }
            }
        }
    }
}

extension PremultipliedImage {
    /// The largest difference of one channel of one pixel between this image and `other`, of the same size.
    fileprivate func largestChannelDifference(from other: PremultipliedImage) -> Int {
        var largest: UInt8 = 0
        bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                for index in 0..<min(mine.count, theirs.count) {
                    largest = max(largest, max(mine[index], theirs[index]) &- min(mine[index], theirs[index]))
                }
            }
        }
        return Int(largest)
    }
}

/// A cell's surroundings as premultiplied channel values, cleaned line by line (see `StretchSmearTest`).
private struct Lines {
    let width: Int
    let height: Int
    /// Four channels per pixel of the surroundings (cell plus margin).
    var values: [Float]

    init(_ image: PremultipliedImage) {
        width = image.width
        height = image.height
        // A plain loop over the buffer converts several bytes at once; `map` took one at a time.
        values = image.bytes.withUnsafeBufferPointer { bytes in
            [Float](unsafeUninitializedCapacity: bytes.count) { values, count in
                for index in bytes.indices { values[index] = Float(bytes[index]) }
                count = bytes.count
            }
        }
    }

    /// The cell without its margin, rounded back to 8-bit premultiplied pixels.
    var cell: PremultipliedImage {
        var image = PremultipliedImage(width: width - 2, height: height - 2)
        let rowValues = image.width * 4
        values.withUnsafeBufferPointer { values in
            image.bytes.withUnsafeMutableBufferPointer { bytes in
                for y in 0..<image.height {
                    let source = ((y + 1) * width + 1) * 4
                    let target = y * rowValues
                    for offset in 0..<rowValues {
                        bytes[target + offset] = ExactByte.roundedClamped(values[source + offset])
                    }
                }
            }
        }
        return image
    }

    /// The cell pixel (cell coordinates) that cleaning changed most.
    func largestDifference(from other: Lines) -> (x: Int, y: Int) {
        var best = (x: 0, y: 0, difference: Float(-1))
        values.withUnsafeBufferPointer { mine in
            other.values.withUnsafeBufferPointer { theirs in
                for y in 1..<(height - 1) {
                    for x in 1..<(width - 1) {
                        let base = (y * width + x) * 4
                        var difference = abs(mine[base] - theirs[base])
                        for channel in (base + 1)..<(base + 4) {
                            difference = max(difference, abs(mine[channel] - theirs[channel]))
                        }
                        if difference > best.difference { best = (x - 1, y - 1, difference) }
                    }
                }
            }
        }
        return (best.x, best.y)
    }

    /// Cleans every line of the cell along rows (or columns): keeps the monotone runs entering from each end and
    /// replaces the rest by the straight ramp between its first and last pixel.
    mutating func clean(alongRows: Bool) {
        let (width, height) = (self.width, self.height)
        let lines = alongRows ? height - 2 : width - 2
        let length = alongRows ? width : height
        for line in 1...lines {
            let index = { (position: Int) in alongRows ? line * width + position : position * width + line }
            var pixels = (0..<length).map { position in
                let base = index(position) * 4
                return SIMD4<Float>(values[base], values[base + 1], values[base + 2], values[base + 3])
            }
            Self.clean(&pixels)
            for position in 1..<(length - 1) {
                let base = index(position) * 4
                for channel in 0..<4 { values[base + channel] = pixels[position][channel] }
            }
        }
    }

    /// `pixels` holds the outside pixel, the line, the outside pixel.
    private static func clean(_ pixels: inout [SIMD4<Float>]) {
        var first = 1
        var last = pixels.count - 2
        while first <= StretchSmearTest.edgeDepth && first < last
            && entersMonotonically(pixels[first - 1], pixels[first], pixels[first + 1])
        { first += 1 }
        while pixels.count - 1 - last <= StretchSmearTest.edgeDepth && last > first
            && entersMonotonically(pixels[last + 1], pixels[last], pixels[last - 1])
        { last -= 1 }
        guard last - first >= 2 else { return }
        let start = pixels[first]
        let step = (pixels[last] - start) / Float(last - first)
        for position in (first + 1)..<last { pixels[position] = start + step * Float(position - first) }
    }

    /// Whether `pixel` lies strictly on the way from `outer` to `inner` in every channel that changes, and
    /// changes at all: a pixel of an anti-aliased edge or fading ramp entering the cell.
    private static func entersMonotonically(_ outer: SIMD4<Float>, _ pixel: SIMD4<Float>, _ inner: SIMD4<Float>) -> Bool
    {
        guard pixel != outer, pixel != inner else { return false }
        for channel in 0..<4 {
            let low = min(outer[channel], inner[channel])
            let high = max(outer[channel], inner[channel])
            guard pixel[channel] >= low && pixel[channel] <= high else { return false }
        }
        return true
    }
}
