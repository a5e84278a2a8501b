/// One lattice span along one axis of a stretched NinePatch: the source pixels it samples and the destination
/// interval it covers, exactly as Skia's `SkLatticeIter` computes them (float32 edges, no rounding).
public struct LatticeSpan: Sendable, Hashable {
    /// Source pixels, in content coordinates.
    public var source: Span
    /// Destination edges in float32, as Skia accumulates them.
    public var destinationStart: Float
    public var destinationEnd: Float
    public var isStretchable: Bool

    /// The destination pixels this span owns once rasterised: Skia's non-anti-aliased raster rule gives pixel
    /// `p` to the span when `floor(start + 0.5) <= p < floor(end + 0.5)`, so a pixel centred exactly on an
    /// edge belongs to the earlier span.
    public var pixels: Range<Int> {
        let start = Self.rasterEdge(destinationStart)
        return start..<max(start, Self.rasterEdge(destinationEnd))
    }

    static func rasterEdge(_ edge: Float) -> Int { Int((edge + 0.5).rounded(.down)) }
}

/// How one axis of a NinePatch is laid out at a destination length, as Android's hwui hands it to Skia.
///
/// hwui (`NinePatchUtils::SetLatticeDivs`) turns the stretch spans into lattice divs and drops a final div equal
/// to the length; Skia then alternates fixed and stretchable spans (starting stretchable when the first div is
/// 0). Fixed spans keep their size and the leftover is shared among stretchable spans in proportion to their
/// source size; when the destination is shorter than the fixed spans, the stretchable spans vanish and the fixed
/// ones shrink by the same factor.
public struct LatticeAxis: Sendable, Hashable {
    public var sourceLength: Int
    public var destinationLength: Int
    /// The lattice spans in order; they tile `[0, sourceLength)` and `[0, destinationLength)`.
    public var spans: [LatticeSpan]

    /// Lays out `stretch` (an axis' stretch spans, sorted, disjoint, apart and inside the length, as in any parsed
    /// NinePatch) over `destinationLength` pixels.
    public init(sourceLength: Int, stretch: [Span], destinationLength: Int) {
        self.init(
            sourceLength: sourceLength, divs: Self.divs(stretch: stretch, length: sourceLength),
            destinationLength: destinationLength)
    }

    /// Lays out hwui lattice divs directly; they must pass `areValid`.
    init(sourceLength: Int, divs allDivs: [Int], destinationLength: Int) {
        self.sourceLength = sourceLength
        self.destinationLength = destinationLength
        var divs = allDivs
        let startsStretchable = divs.first == 0
        if startsStretchable { divs.removeFirst() }
        let stretchable = Self.stretchableLength(divs: divs, startsStretchable: startsStretchable, length: sourceLength)
        let fixed = Float(sourceLength - stretchable)
        let available = Float(destinationLength)
        let fits = fixed <= available
        let scale = fits ? (available - fixed) / Float(stretchable) : available / fixed
        var spans = [LatticeSpan]()
        spans.reserveCapacity(divs.count + 1)
        var sourceStart = 0
        var destinationStart: Float = 0
        var isStretchable = startsStretchable
        for (index, end) in (divs + [sourceLength]).enumerated() {
            let width = Float(end - sourceStart)
            let destinationEnd: Float
            if index == divs.count {
                destinationEnd = available
            } else if fits {
                destinationEnd = destinationStart + (isStretchable ? scale * width : width)
            } else {
                destinationEnd = destinationStart + (isStretchable ? 0 : scale * width)
            }
            spans.append(
                LatticeSpan(
                    source: Span(sourceStart, end), destinationStart: destinationStart, destinationEnd: destinationEnd,
                    isStretchable: isStretchable))
            sourceStart = end
            destinationStart = destinationEnd
            isStretchable.toggle()
        }
        self.spans = spans
    }

    /// Whether the axis carries no real div (Skia's `SkLatticeIter::Valid` needs one on at least one axis).
    var isDegenerate: Bool { spans.count == 1 }

    /// `SkLatticeIter::Valid` for one axis: divs strictly increasing, each in `0..<length`.
    static func areValid(_ divs: [Int], length: Int) -> Bool {
        zip([-1] + divs, divs).allSatisfy { $0 < $1 } && (divs.last ?? 0) < max(length, 1)
    }

    /// hwui's divs: span edges in order, without a final edge equal to the length.
    static func divs(stretch: [Span], length: Int) -> [Int] {
        var divs = stretch.flatMap { [$0.start, $0.end] }
        if divs.last == length { divs.removeLast() }
        return divs
    }

    private static func stretchableLength(divs: [Int], startsStretchable: Bool, length: Int) -> Int {
        guard !divs.isEmpty else { return startsStretchable ? length : 0 }
        var total = startsStretchable ? divs[0] : 0
        var index = startsStretchable ? 1 : 0
        while index < divs.count {
            total += (index + 1 < divs.count ? divs[index + 1] : length) - divs[index]
            index += 2
        }
        return total
    }
}

/// A NinePatch laid out at one destination size: both axes, and which lattice cells Android skips.
public struct NinePatchLayout: Sendable, Hashable {
    public var columns: LatticeAxis
    public var rows: LatticeAxis
    /// Per cell (row-major over `rows.spans` × `columns.spans`): `true` when the cell is not drawn because its
    /// region is fully transparent (hwui's `kTransparent` lattice flag).
    public var skippedCells: [Bool]

    /// Lays `ninePatch` out at `width` × `height` destination pixels.
    public init(_ ninePatch: NinePatch, width: Int, height: Int) {
        let columnDivs = LatticeAxis.divs(stretch: ninePatch.stretchX, length: ninePatch.width)
        let rowDivs = LatticeAxis.divs(stretch: ninePatch.stretchY, length: ninePatch.height)
        let valid =
            LatticeAxis.areValid(columnDivs, length: ninePatch.width)
            && LatticeAxis.areValid(rowDivs, length: ninePatch.height)
        let columns = LatticeAxis(
            sourceLength: ninePatch.width, divs: valid ? columnDivs : [], destinationLength: width)
        let rows = LatticeAxis(sourceLength: ninePatch.height, divs: valid ? rowDivs : [], destinationLength: height)
        if !valid || (columns.isDegenerate && rows.isDegenerate) {
            // SkLatticeIter::Valid fails: SkCanvas::drawImageLattice falls back to one drawImageRect of the
            // whole image. (Divs from aapt2 are always valid; density scaling of tiny images can break them.)
            self.columns = LatticeAxis(sourceLength: ninePatch.width, divs: [0], destinationLength: width)
            self.rows = LatticeAxis(sourceLength: ninePatch.height, divs: [0], destinationLength: height)
            skippedCells = [false]
            return
        }
        self.columns = columns
        self.rows = rows
        skippedCells = Self.skippedCells(ninePatch, columns: columns, rows: rows)
    }

    /// hwui's `SetLatticeFlags`: region colours map one-to-one onto lattice cells only when aapt2 stored exactly
    /// one colour per non-empty cell; otherwise (or when the model has no colours) every cell is drawn.
    private static func skippedCells(_ ninePatch: NinePatch, columns: LatticeAxis, rows: LatticeAxis) -> [Bool] {
        let cellCount = columns.spans.count * rows.spans.count
        guard let colors = ninePatch.regionColors, colors.count == cellCount else {
            return Array(repeating: false, count: cellCount)
        }
        return colors.map { $0 == .transparent }
    }

    /// Whether the cell at (`column`, `row`) is drawn.
    public func isDrawn(column: Int, row: Int) -> Bool { !skippedCells[row * columns.spans.count + column] }
}
