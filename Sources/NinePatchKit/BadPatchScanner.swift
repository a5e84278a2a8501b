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

/// A stretchable lattice cell whose pixels are not uniform along its stretch direction: stretching repeats or
/// blends them, so the artwork smears (Draw 9-patch's "bad patch").
public struct BadPatch: Sendable, Hashable {
    /// The cell, in content coordinates.
    public var columns: Span
    public var rows: Span
    public var direction: StretchDirection
    /// The first pixel found to differ from its neighbour along the stretch (content coordinates), and the
    /// largest premultiplied channel difference between neighbours in the cell.
    public var firstX: Int
    public var firstY: Int
    public var difference: Int
}

/// Finds bad patches one image row at a time, keeping only a row's worth of state: the previous row, to compare
/// vertically stretched columns against.
///
/// Each pixel of a stretchable cell is compared with its neighbour along the stretch, premultiplied (two fully
/// transparent pixels are equal whatever their colour). Differences up to `tolerance` per channel are accepted,
/// so a smooth gradient stretched along itself passes while an edge, text or a dot does not; with tolerance 0
/// this is Draw 9-patch's exact uniformity.
struct BadPatchScanner {
    private let columns: [Segment]
    private let tolerance: Int
    /// Lattice column index of each content x.
    private let columnOfPixel: [Int]
    private var previousRow = [UInt32]()
    private var bandStart = 0
    private var bandIsStretch = false
    private var bandOpen = false
    /// Per lattice column: the bad patch found in the current band so far.
    private var found: [BadPatch?]
    private(set) var badPatches = [BadPatch]()

    /// `columns`: the lattice columns in content coordinates; `tolerance`: the largest accepted difference.
    init(columns: [Segment], tolerance: Int) {
        self.columns = columns
        self.tolerance = tolerance
        var columnOfPixel = [Int]()
        columnOfPixel.reserveCapacity(columns.last?.span.end ?? 0)
        for (index, column) in columns.enumerated() {
            columnOfPixel.append(contentsOf: repeatElement(index, count: column.span.length))
        }
        self.columnOfPixel = columnOfPixel
        previousRow = [UInt32](repeating: 0, count: columnOfPixel.count)
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
        } else if isStretch {
            // Most rows repeat the one above exactly: one memory comparison, then pixels only when it differs.
            let rowBytes = columnOfPixel.count * 4
            let same = previousRow.withUnsafeBytes { memcmp($0.baseAddress!, pixels, rowBytes) == 0 }
            if !same {
                for x in 0..<columnOfPixel.count where word(x) != previousRow[x] {
                    note(columnOfPixel[x], x: x, y: y, .vertical, Self.difference(word(x), previousRow[x]))
                }
            }
        }
        if isStretch {
            previousRow.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: pixels, byteCount: $0.count) }
        }
        for (index, column) in columns.enumerated() where column.isStretchable && column.span.length > 1 {
            // A run is uniform exactly when it equals itself shifted by one pixel.
            let start = pixels + column.span.start * 4
            guard memcmp(start, start + 4, (column.span.length - 1) * 4) != 0 else { continue }
            for x in (column.span.start + 1)..<column.span.end where word(x) != word(x - 1) {
                note(index, x: x, y: y, .horizontal, Self.difference(word(x), word(x - 1)))
            }
        }
    }

    /// Call once after the last content row (`height` content rows in all).
    mutating func finish(height: Int) {
        closeBand(endingAt: height)
    }

    private mutating func note(_ column: Int, x: Int, y: Int, _ direction: StretchDirection, _ difference: Int) {
        guard difference > tolerance else { return }
        guard var patch = found[column] else {
            found[column] = BadPatch(
                columns: columns[column].span, rows: Span(bandStart, bandStart), direction: direction,
                firstX: x, firstY: y, difference: difference)
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
            badPatches.append(patch)
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

extension NinePatch {
    /// The bad patches of a NinePatch source image (frame included), found exactly as `check` finds them.
    public func badPatches(in framedImage: RGBAImage, tolerance: Int = 0) -> [BadPatch] {
        var scanner = BadPatchScanner(columns: columns, tolerance: tolerance)
        let stride = framedImage.width * 4
        framedImage.bytes.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let start = (y + 1) * stride
                scanner.add(row: UnsafeBufferPointer(rebasing: pixels[start..<(start + stride)]), y: y,
                            isStretch: stretchY.contains { $0.start <= y && y < $0.end })
            }
        }
        scanner.finish(height: height)
        return scanner.badPatches
    }
}
