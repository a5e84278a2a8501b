/// How a stretched NinePatch samples its source.
public enum RenderFilter: String, Sendable, Hashable, CaseIterable {
    /// Bilinear, Android's default: hwui always draws NinePatches with `SkFilterMode::kLinear`.
    case linear
    /// Nearest texel, what a software canvas draws after `Paint.setFilterBitmap(false)`.
    case nearest
}

/// Why a rendering was refused.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A zero or negative destination size.
    case emptyDestination(width: Int, height: Int)
    /// More destination pixels than the renderer's limit.
    case destinationTooLarge(width: Int, height: Int, maxPixels: Int)
    /// The pixels do not have the NinePatch's content size.
    case contentSizeMismatch(imageWidth: Int, imageHeight: Int, contentWidth: Int, contentHeight: Int)
    /// A density scale factor that is not a positive finite number or gives an empty image.
    case invalidScale(Float)

    public var description: String {
        switch self {
        case .emptyDestination(let width, let height):
            "the destination size \(width)x\(height) is empty; width and height must be at least 1"
        case .destinationTooLarge(let width, let height, let maxPixels):
            "the destination size \(width)x\(height) exceeds the limit of \(maxPixels) pixels"
        case .contentSizeMismatch(let imageWidth, let imageHeight, let contentWidth, let contentHeight):
            "the image is \(imageWidth)x\(imageHeight) but the NinePatch content is \(contentWidth)x\(contentHeight)"
        case .invalidScale(let factor):
            "the scale factor \(factor) must be a positive number that leaves at least one pixel"
        }
    }
}

/// Draws a NinePatch stretched to any size exactly as Android does: the lattice laid out by `NinePatchLayout`,
/// each cell sampled only inside its own source rectangle (Skia's strict `drawImageRect`), in premultiplied
/// 8-bit RGBA, transparent cells skipped.
public struct NinePatchRenderer: Sendable {
    public var filter: RenderFilter
    /// Destination sizes above this many pixels are refused rather than allocated.
    public var maxPixels: Int

    public init(filter: RenderFilter = .linear, maxPixels: Int = 1 << 26) {
        self.filter = filter
        self.maxPixels = maxPixels
    }

    /// Renders `content` (the NinePatch's pixels without the frame) at `width` × `height`.
    public func render(
        _ content: PremultipliedImage, as ninePatch: NinePatch, width: Int, height: Int
    ) throws(RenderError) -> PremultipliedImage {
        var rows = NinePatchRowRenderer(
            content,
            plan: try plan(
                ninePatch, contentWidth: content.width, contentHeight: content.height,
                width: width, height: height))
        var output = PremultipliedImage(width: width, height: height)
        output.bytes.withUnsafeMutableBufferPointer { destination in
            for y in 0..<height { rows.draw(row: y, into: destination.baseAddress! + y * width * 4) }
        }
        return output
    }

    /// The sampling of `ninePatch` drawn at `width` × `height`, checked against the limits and the content size;
    /// one plan serves every content of that size (e.g. a cell and its cleaned version).
    func plan(
        _ ninePatch: NinePatch, contentWidth: Int, contentHeight: Int, width: Int, height: Int
    ) throws(RenderError) -> RenderPlan {
        guard width > 0, height > 0 else { throw .emptyDestination(width: width, height: height) }
        guard width <= maxPixels / height else {
            throw .destinationTooLarge(width: width, height: height, maxPixels: maxPixels)
        }
        guard contentWidth == ninePatch.width, contentHeight == ninePatch.height else {
            throw .contentSizeMismatch(
                imageWidth: contentWidth, imageHeight: contentHeight,
                contentWidth: ninePatch.width, contentHeight: ninePatch.height)
        }
        return RenderPlan(NinePatchLayout(ninePatch, width: width, height: height), filter: filter)
    }
}

/// Where every destination pixel of a NinePatch drawn at one size samples its content: the lattice layout and
/// both axes' sampling, computed once for any number of contents of the NinePatch's size.
struct RenderPlan {
    let layout: NinePatchLayout
    let filter: RenderFilter
    let columns: AxisSampling
    let rows: AxisSampling
    /// Destination columns of each lattice column.
    let columnRuns: [Range<Int>]

    init(_ layout: NinePatchLayout, filter: RenderFilter) {
        self.layout = layout
        self.filter = filter
        columns = AxisSampling(layout.columns, filter: filter)
        rows = AxisSampling(layout.rows, filter: filter)
        columnRuns = layout.columns.spans.map { $0.pixels.clamped(to: 0..<layout.columns.destinationLength) }
    }

    var width: Int { layout.columns.destinationLength }
    var height: Int { layout.rows.destinationLength }
}

/// Draws one content through a `RenderPlan` a destination row at a time, rows in increasing order, so a caller
/// comparing two drawings never holds either whole.
struct NinePatchRowRenderer {
    private let content: PremultipliedImage
    private let plan: RenderPlan
    private var filteredRows: HorizontallyFilteredRows

    init(_ content: PremultipliedImage, plan: RenderPlan) {
        self.content = content
        self.plan = plan
        filteredRows = HorizontallyFilteredRows(content: content, columns: plan.columns)
    }

    /// Writes destination row `y` (`plan.width * 4` bytes, premultiplied RGBA) at `target`; skipped cells are
    /// transparent.
    mutating func draw(row y: Int, into target: UnsafeMutablePointer<UInt8>) {
        let (columns, rows, layout) = (plan.columns, plan.rows, plan.layout)
        let rowCell = Int(rows.cell[y])
        content.bytes.withUnsafeBufferPointer { source in
            for (columnCell, run) in plan.columnRuns.enumerated() where !run.isEmpty {
                let pixels = target + run.lowerBound * 4
                if !layout.isDrawn(column: columnCell, row: rowCell) {
                    pixels.update(repeating: 0, count: run.count * 4)
                } else if rows.isSprite[rowCell] && columns.isSprite[columnCell] {
                    // A sprite copies consecutive texels: one contiguous run of the source row.
                    let first = Int(rows.spriteTexel[y]) * content.width + Int(columns.spriteTexel[run.lowerBound])
                    pixels.update(from: source.baseAddress! + first * 4, count: run.count * 4)
                } else if plan.filter == .nearest {
                    let sourceRow = source.baseAddress! + Int(rows.lower[y]) * content.width * 4
                    for x in run {
                        (target + x * 4).update(from: sourceRow + Int(columns.lower[x]) * 4, count: 4)
                    }
                } else {
                    filteredRows.blend(
                        Int(rows.lower[y]), Int(rows.upper[y]), weight: rows.weight[y], run: run, into: target)
                }
            }
        }
    }
}

/// Linear sampling split in two passes, as fast as the arithmetic allows: each source row a destination row
/// needs is filtered horizontally once (the two texels of every column, weighted, kept in float), then each
/// destination pixel blends two such rows. Mathematically this is Skia's bilinear weighted sum of four texels;
/// only float rounding differs. Rows are asked for in increasing order, so two rows are kept.
struct HorizontallyFilteredRows {
    private let content: PremultipliedImage
    private let columns: AxisSampling
    /// Whether every column takes its lower texel whole (weight 0, e.g. an axis drawn at its own size): then
    /// `(1 - 0) × lower + 0 × upper` is `lower` exactly, and the upper texel is not read.
    private let takesLowerTexels: Bool
    private var rowIndices = [-1, -1]
    private var rows: [[Float]]
    private var next = 0

    init(content: PremultipliedImage, columns: AxisSampling) {
        self.content = content
        self.columns = columns
        takesLowerTexels = columns.weight.allSatisfy { $0 == 0 }
        let empty = [Float](repeating: 0, count: columns.cell.count * 4)
        rows = [empty, empty]
    }

    /// Writes `run` of a destination row: source rows `upper` and `lower` blended with `weight` on `upper`.
    mutating func blend(
        _ lower: Int, _ upper: Int, weight: Float, run: Range<Int>, into target: UnsafeMutablePointer<UInt8>
    ) {
        let first = slot(for: lower)
        let second = slot(for: upper)
        rows[first].withUnsafeBufferPointer { top in
            rows[second].withUnsafeBufferPointer { bottom in
                for index in (run.lowerBound * 4)..<(run.upperBound * 4) {
                    let value = (1 - weight) * top[index] + weight * bottom[index]
                    target[index] = ExactByte.truncating(min(255, value + 0.5))
                }
            }
        }
    }

    /// The slot holding source row `row` filtered horizontally, computing it into the older slot if needed.
    private mutating func slot(for row: Int) -> Int {
        if let slot = rowIndices.firstIndex(of: row) { return slot }
        let slot = next
        next = 1 - next
        rowIndices[slot] = row
        let (columns, rowStart, takesLowerTexels) = (self.columns, row * content.width * 4, self.takesLowerTexels)
        content.bytes.withUnsafeBytes { source in
            rows[slot].withUnsafeMutableBytes { filtered in
                columns.weight.withUnsafeBufferPointer { weights in
                    columns.lower.withUnsafeBufferPointer { lower in
                        columns.upper.withUnsafeBufferPointer { upper in
                            // The four channels at once: the same products and sum, per channel, as one at a time.
                            let texel = { (x: Int32) in
                                SIMD4<Float>(
                                    source.loadUnaligned(fromByteOffset: rowStart + Int(x) * 4, as: SIMD4<UInt8>.self))
                            }
                            guard !takesLowerTexels else {
                                for x in 0..<weights.count {
                                    filtered.storeBytes(
                                        of: texel(lower[x]), toByteOffset: x * 16, as: SIMD4<Float>.self)
                                }
                                return
                            }
                            for x in 0..<weights.count {
                                let weight = weights[x]
                                let value = (1 - weight) * texel(lower[x]) + weight * texel(upper[x])
                                filtered.storeBytes(of: value, toByteOffset: x * 16, as: SIMD4<Float>.self)
                            }
                        }
                    }
                }
            }
        }
        return slot
    }
}

/// Per destination pixel of one axis: the lattice cell it belongs to and the source texels it samples.
///
/// Skia draws a cell as a sprite, copying texels at a whole-pixel offset without filtering, when its rect-to-rect
/// matrix is a whole-pixel translation or its mapped source rectangle rounds to the source rectangle moved by
/// that translation (`SkTreatAsSprite`); with linear filtering only when the translation is whole. A cell is a
/// sprite when both its column and its row qualify.
struct AxisSampling {
    var cell: [Int32]
    /// The texel a nearest sample takes, or the first of a linear sample's two texels.
    var lower: [Int32]
    var upper: [Int32]
    /// Weight of `upper` in a linear sample.
    var weight: [Float]
    /// Per lattice span: whether this axis lets its cells be drawn as sprites.
    var isSprite: [Bool]
    /// The texel a sprite copy takes, for pixels of spans that allow sprites.
    var spriteTexel: [Int32]

    /// Whether destination pixel `pixel` reads a source texel marked in `marked` (indexed by texel), whichever
    /// way its cell is drawn: `lower`, `upper` and, when its span allows sprites, `spriteTexel`. On the row axis:
    /// two contents equal on every unmarked row draw each row that reads none of the marked ones the same.
    func reads(anyOf marked: [Bool], at pixel: Int) -> Bool {
        if marked[Int(lower[pixel])] || marked[Int(upper[pixel])] { return true }
        return isSprite[Int(cell[pixel])] && marked[Int(spriteTexel[pixel])]
    }

    init(_ axis: LatticeAxis, filter: RenderFilter) {
        let length = axis.destinationLength
        cell = [Int32](repeating: 0, count: length)
        lower = [Int32](repeating: 0, count: length)
        upper = [Int32](repeating: 0, count: length)
        weight = [Float](repeating: 0, count: length)
        isSprite = []
        spriteTexel = [Int32](repeating: 0, count: length)
        for (index, span) in axis.spans.enumerated() {
            let sampler = SpanSampler(span)
            let spriteOffset = sampler.spriteOffset(filter: filter)
            isSprite.append(spriteOffset != nil)
            for pixel in span.pixels.clamped(to: 0..<length) {
                cell[pixel] = Int32(index)
                if let spriteOffset { spriteTexel[pixel] = Int32(pixel - spriteOffset) }
                let sample = filter == .linear ? sampler.linear(at: pixel) : sampler.nearest(at: pixel)
                lower[pixel] = Int32(sample.lower)
                upper[pixel] = Int32(sample.upper)
                weight[pixel] = sample.weight
            }
        }
    }
}

/// Maps destination pixel centres of one lattice span back into its source span, as Skia's inverted
/// rect-to-rect matrix does in float32, clamping to the span (Skia's strict source-rectangle constraint).
struct SpanSampler {
    let first: Int
    let last: Int
    let scale: Float
    /// Skia's `RectToRect` translation, `destinationStart - sourceStart × scale` with one rounding.
    let translate: Float
    let inverseScale: Float
    let inverseTranslate: Float

    init(_ span: LatticeSpan) {
        first = span.source.start
        last = span.source.end - 1
        scale = (span.destinationEnd - span.destinationStart) / Float(span.source.length)
        translate = span.destinationStart.addingProduct(-Float(span.source.start), scale)
        inverseScale = 1 / scale
        inverseTranslate = -translate * inverseScale
    }

    /// The whole-pixel offset from source to destination when this axis allows a sprite copy, else `nil`.
    func spriteOffset(filter: RenderFilter) -> Int? {
        guard scale > 0 else { return nil }
        if filter == .linear && translate != translate.rounded(.towardZero) { return nil }
        let offset = LatticeSpan.rasterEdge(translate)
        let mappedStart = LatticeSpan.rasterEdge(Float(first) * scale + translate)
        let mappedEnd = LatticeSpan.rasterEdge(Float(last + 1) * scale + translate)
        guard scale == 1 || (mappedStart == first + offset && mappedEnd == last + 1 + offset) else { return nil }
        return offset
    }

    private func sourceCoordinate(_ pixel: Int) -> Float { (Float(pixel) + 0.5) * inverseScale + inverseTranslate }

    /// The texel containing the sample point; a point exactly on a texel boundary takes the lower texel, as
    /// Skia m144's raster pipeline does.
    func nearest(at pixel: Int) -> (lower: Int, upper: Int, weight: Float) {
        let texel = min(max(Int(sourceCoordinate(pixel).rounded(.up)) - 1, first), last)
        return (texel, texel, 0)
    }

    /// The two texels around the sample point and the weight of the second, both clamped into the span.
    func linear(at pixel: Int) -> (lower: Int, upper: Int, weight: Float) {
        let position = min(max(sourceCoordinate(pixel), Float(first) + 0.5), Float(last) + 0.5) - 0.5
        let lower = Int(position.rounded(.down))
        return (lower, min(lower + 1, last), position - Float(lower))
    }
}
