public import PNGKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Along which direction a stretchable cell's pixels differ.
public enum StretchDirection: String, Sendable, Hashable, Codable {
    /// Pixels differ along a row of a horizontally stretched cell.
    case horizontal
    /// Pixels differ along a column of a vertically stretched cell.
    case vertical
    /// Both.
    case both
}

/// A stretchable lattice cell that visibly smears when stretched (a "bad patch"): a dot, line, edge or text
/// inside it turns into a wide blur (see `StretchSmearTest`).
public struct BadPatch: Sendable, Hashable {
    /// The cell, in content coordinates.
    public var columns: Span
    public var rows: Span
    /// Along which direction its pixels differ.
    public var direction: StretchDirection
    /// The pixel of the worst smear (content coordinates): the one a cleanly stretchable cell would change most.
    public var x: Int
    public var y: Int
    /// The largest premultiplied channel difference between the cell drawn stretched and its cleaned version.
    public var difference: Int
    /// The longest run of pixels along the stretch, in the drawing, that differ by more than the threshold.
    public var smearLength: Int
    /// How many times its length each stretchable axis of the cell was drawn.
    public var stretchFactor: Int
}

/// Finds the *candidates* for bad patches one image row at a time, keeping only a row's worth of state: the
/// previous row, to compare vertically stretched columns against.
///
/// Each pixel of a stretchable cell is compared with its neighbour along the stretch, premultiplied (two fully
/// transparent pixels are equal whatever their colour). A cell is a candidate when two neighbours differ by more
/// than `tolerance` per channel; only candidates are drawn by `StretchSmearTest`, which gives the verdict.
struct BadPatchScanner {
    private let columns: [Segment]
    private let tolerance: Int
    /// Content width: the columns cover `0..<width` in order.
    private let width: Int
    /// The stretchable columns at least two pixels wide, with their index: the ones whose rows are compared
    /// along the stretch.
    private let stretchedColumns: [(index: Int, span: Span)]
    private var previousRow = [UInt32]()
    private var bandStart = 0
    private var bandIsStretch = false
    private var bandOpen = false
    /// Per lattice column: the bad patch found in the current band so far.
    private var found: [BadPatch?]
    private(set) var candidates = [BadPatch]()

    /// `columns`: the lattice columns in content coordinates; `tolerance`: the largest accepted difference.
    init(columns: [Segment], tolerance: Int) {
        self.columns = columns
        self.tolerance = tolerance
        width = columns.last?.span.end ?? 0
        stretchedColumns = columns.enumerated().compactMap { index, column in
            column.isStretchable && column.span.length > 1 ? (index, column.span) : nil
        }
        previousRow = [UInt32](repeating: 0, count: width)
        found = Array(repeating: nil, count: columns.count)
    }

    /// Adds content row `y` (`row` is the whole image row, frame included, RGBA8); `isStretch` says whether the
    /// left border marks it stretchable.
    mutating func add(row: UnsafeBufferPointer<UInt8>, y: Int, isStretch: Bool) {
        guard let base = row.baseAddress else { return }
        let pixels = UnsafeRawPointer(base + 4)
        let word = { (x: Int) in pixels.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self) }
        if !bandOpen || isStretch != bandIsStretch {
            closeBand(endingAt: y)
            bandOpen = true
            bandIsStretch = isStretch
            bandStart = y
            if isStretch { remember(pixels) }
        } else if isStretch {
            // Most rows repeat the one above exactly: one memory comparison, then pixels (and the copy kept for
            // the next row) only when it differs.
            let rowBytes = width * 4
            let same = previousRow.withUnsafeBytes { memcmp($0.baseAddress!, pixels, rowBytes) == 0 }
            if !same {
                for x in 0..<width where word(x) != previousRow[x] {
                    note(column(containing: x), x: x, y: y, .vertical, Self.difference(word(x), previousRow[x]))
                }
                remember(pixels)
            }
        }
        for (index, span) in stretchedColumns {
            // A run is uniform exactly when it equals itself shifted by one pixel.
            let start = pixels + span.start * 4
            guard memcmp(start, start + 4, (span.length - 1) * 4) != 0 else { continue }
            for x in (span.start + 1)..<span.end where word(x) != word(x - 1) {
                note(index, x: x, y: y, .horizontal, Self.difference(word(x), word(x - 1)))
            }
        }
    }

    /// Keeps the content row at `pixels` as the one the next stretched row is compared with.
    private mutating func remember(_ pixels: UnsafeRawPointer) {
        previousRow.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: pixels, byteCount: $0.count) }
    }

    /// Call once after the last content row (`height` content rows in all).
    mutating func finish(height: Int) {
        closeBand(endingAt: height)
    }

    /// The index of the lattice column holding content x (a binary search: asked only where pixels differ).
    private func column(containing x: Int) -> Int {
        var (low, high) = (0, columns.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if columns[middle].span.end <= x { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func note(_ column: Int, x: Int, y: Int, _ direction: StretchDirection, _ difference: Int) {
        guard difference > tolerance else { return }
        guard var patch = found[column] else {
            found[column] = BadPatch(
                columns: columns[column].span, rows: Span(bandStart, bandStart), direction: direction,
                x: x, y: y, difference: difference, smearLength: 0, stretchFactor: 1)
            return
        }
        if patch.direction != direction { patch.direction = .both }
        patch.difference = max(patch.difference, difference)
        found[column] = patch
    }

    private mutating func closeBand(endingAt y: Int) {
        guard bandOpen else { return }
        for case var patch? in found {
            patch.rows = Span(bandStart, y)
            candidates.append(patch)
        }
        for column in found.indices { found[column] = nil }
        bandOpen = false
    }

    /// Largest per-channel difference of two RGBA8 words (memory order R, G, B, A), premultiplied.
    @inline(__always)
    static func difference(_ a: UInt32, _ b: UInt32) -> Int {
        let alphaA = Int(a >> 24)
        let alphaB = Int(b >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> Int {
            abs((Int(a >> shift & 0xFF) * alphaA + 127) / 255 - (Int(b >> shift & 0xFF) * alphaB + 127) / 255)
        }
        return max(abs(alphaA - alphaB), channel(0), channel(8), channel(16))
    }
}

extension StretchSmearTest {
    /// The candidates that are bad patches. `reread` visits every image row again (frame included, in order);
    /// only the candidates' surroundings are kept from it. `contentWidth` and `contentHeight` exclude the frame.
    func badPatches<Failure: Error>(
        among candidates: [BadPatch], stretchX: [Span], stretchY: [Span], contentWidth: Int, contentHeight: Int,
        reread: ((_ y: Int, _ row: UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> [BadPatch] {
        guard !candidates.isEmpty else { return [] }
        var surroundings = candidates.map(CellSurroundings.init(around:))
        try reread { y, row in
            guard y >= 1 && y <= contentHeight else { return }
            for index in surroundings.indices {
                surroundings[index].add(contentRow: y - 1, row, contentWidth: contentWidth)
            }
        }
        return zip(candidates, surroundings).compactMap {
            judge($0, around: $1, stretchX: stretchX, stretchY: stretchY)
        }
    }
}

extension NinePatch {
    /// The bad patches of a NinePatch source image (frame included), found exactly as `check` finds them:
    /// cells that smear visibly by more than `threshold` when stretched.
    public func badPatches(
        in framedImage: RGBAImage, tolerance threshold: Int = NinePatchLints.defaultBadPatchTolerance
    ) -> [BadPatch] {
        var scanner = BadPatchScanner(columns: columns, tolerance: threshold)
        let stride = framedImage.width * 4
        let visitRows = { (body: (Int, UnsafeBufferPointer<UInt8>) -> Void) in
            framedImage.bytes.withUnsafeBufferPointer { pixels in
                for y in 0..<framedImage.height {
                    body(y, UnsafeBufferPointer(rebasing: pixels[(y * stride)..<((y + 1) * stride)]))
                }
            }
        }
        visitRows { y, row in
            guard y >= 1 && y <= height else { return }
            scanner.add(row: row, y: y - 1, isStretch: stretchY.contains { $0.start <= y - 1 && y - 1 < $0.end })
        }
        scanner.finish(height: height)
        return StretchSmearTest(threshold: threshold).badPatches(
            among: scanner.candidates, stretchX: stretchX, stretchY: stretchY, contentWidth: width,
            contentHeight: height, reread: visitRows)
    }
}
