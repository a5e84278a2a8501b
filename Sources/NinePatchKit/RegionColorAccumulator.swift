/// aapt2's region colours (`GetRegionColor` over `CalculateRegionColors`), gathered one row at a time.
///
/// The columns come from the top border (the first row); a new band of rows starts whenever the left border
/// switches between a black stretch tick and anything else, exactly where aapt2's vertical segments begin.
struct RegionColorAccumulator {
    private let columns: [Span]
    private var colors = [RegionColor]()
    /// Per column of the current band: the band's first pixel, and whether a differing pixel was seen.
    private var expected = [UInt32]()
    /// The same first pixels as raw 4-byte words in memory order (R, G, B, A), for fast equality tests.
    private var expectedWord = [UInt32]()
    private var mixed = [Bool]()
    private var bandIsStretch = false
    private var bandOpen = false

    /// `columns` are content spans (frame excluded) of the lattice columns, left to right.
    init(columns: [Span]) {
        self.columns = columns
        expected = [UInt32](repeating: 0, count: columns.count)
        expectedWord = [UInt32](repeating: 0, count: columns.count)
        mixed = [Bool](repeating: false, count: columns.count)
    }

    /// Adds content row `row` (an image row between the top and bottom border), RGBA8 with the frame.
    mutating func add(rgbaRow row: UnsafeBufferPointer<UInt8>, leftBorder: UInt32) {
        let isStretch = leftBorder == ArgbColor.opaqueBlack
        guard let pixels = row.baseAddress else { return }
        let raw = UnsafeRawPointer(pixels)
        if !bandOpen || isStretch != bandIsStretch {
            closeBand()
            bandOpen = true
            bandIsStretch = isStretch
            for (index, column) in columns.enumerated() {
                expected[index] = Self.argb(row, column.start + 1)
                expectedWord[index] = raw.loadUnaligned(fromByteOffset: (column.start + 1) &* 4, as: UInt32.self)
                mixed[index] = false
            }
        }
        for (index, column) in columns.enumerated() where !mixed[index] {
            let reference = expectedWord[index]
            let referenceIsTransparent = expected[index] >> 24 == 0
            let start = (column.start + 1) &* 4
            var offset = start
            let end = (column.end + 1) &* 4
            while offset < end {
                let isTransparent = pixels[offset &+ 3] == 0
                if isTransparent
                    ? !referenceIsTransparent
                    : raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != reference
                {
                    mixed[index] = true
                    break
                }
                offset &+= 4
            }
        }
    }

    /// All region colours, row by row; call once after the last content row.
    mutating func finish() -> [RegionColor] {
        closeBand()
        return colors
    }

    private mutating func closeBand() {
        guard bandOpen else { return }
        for index in columns.indices {
            colors.append(mixed[index] ? .mixed : expected[index] >> 24 == 0 ? .transparent : .solid(expected[index]))
        }
        bandOpen = false
    }

    @inline(__always)
    static func argb(_ row: UnsafeBufferPointer<UInt8>, _ x: Int) -> UInt32 {
        let index = x * 4
        return UInt32(row[index + 3]) << 24 | UInt32(row[index]) << 16 | UInt32(row[index + 1]) << 8
            | UInt32(row[index + 2])
    }
}
