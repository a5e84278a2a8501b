/// The alpha channel of every row of an image, run-length encoded, with a row identical to the one above stored
/// once. Opacity outlines need a few rows, columns and a diagonal that are only known once the whole image is
/// read; typical drawables compress to a few bytes a row here, so the scan needs no full image.
///
/// When the encoded size passes `budget` bytes the store gives up (`isComplete` false) and frees what it held, so
/// memory stays bounded for noisy images; the caller then reads the few pixels it needs in a second pass.
struct AlphaRowStore {
    let width: Int
    let budget: Int
    private(set) var isComplete = true
    /// For each image row, which stored row holds its runs (rows equal to the one above share one).
    private var storedRow = [Int32]()
    /// Where each stored row's runs start in `runEnds`/`runValues`.
    private var storedStart = [Int32]()
    /// Every stored row's runs, back to back: each run's exclusive end x and its alpha.
    private var runEnds = [UInt32]()
    private var runValues = [UInt8]()
    private var previous: [UInt8]

    init(width: Int, height: Int, budget: Int) {
        self.width = width
        self.budget = budget
        storedRow.reserveCapacity(height)
        previous = [UInt8](repeating: 0, count: width)
    }

    /// Appends the next row (RGBA8, `width * 4` bytes).
    mutating func append(rgbaRow row: UnsafeBufferPointer<UInt8>) {
        guard isComplete, let pixels = row.baseAddress else { return }
        let width = width
        // Most rows repeat the one above: compare first, encode only when they differ.
        let sameAsPrevious =
            !storedRow.isEmpty
            && previous.withUnsafeBufferPointer { previous in
                var x = 0
                while x < width && previous[x] == pixels[x &* 4 &+ 3] { x &+= 1 }
                return x == width
            }
        if sameAsPrevious {
            storedRow.append(storedRow[storedRow.count - 1])
            return
        }
        storedRow.append(Int32(storedStart.count))
        storedStart.append(Int32(runEnds.count))
        previous.withUnsafeMutableBufferPointer { previous in
            var current = pixels[3]
            for x in 0..<width {
                let value = pixels[x &* 4 &+ 3]
                previous[x] = value
                if value != current {
                    runEnds.append(UInt32(x))
                    runValues.append(current)
                    current = value
                }
            }
            runEnds.append(UInt32(width))
            runValues.append(current)
        }
        if runEnds.count * 5 + (storedRow.count + storedStart.count) * 4 > budget {
            isComplete = false
            storedRow = []
            storedStart = []
            runEnds = []
            runValues = []
        }
    }

    /// The alpha at image pixel `(x, y)`; only valid while `isComplete`.
    func alpha(x: Int, y: Int) -> UInt8 {
        // Binary search for the first run of the row whose end lies beyond x.
        let stored = Int(storedRow[y])
        var low = Int(storedStart[stored])
        var high = (stored + 1 < storedStart.count ? Int(storedStart[stored + 1]) : runEnds.count) - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(runEnds[middle]) > x { high = middle } else { low = middle + 1 }
        }
        return runValues[low]
    }
}
