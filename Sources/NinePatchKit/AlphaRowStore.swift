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
    private var bytesUsed = 0
    /// For each image row, its index into `runEnds`/`runValues`.
    private var rowIndex = [Int32]()
    private var runEnds = [[UInt32]]()
    private var runValues = [[UInt8]]()
    private var previous = [UInt8]()

    init(width: Int, height: Int, budget: Int) {
        self.width = width
        self.budget = budget
        rowIndex.reserveCapacity(height)
        previous = [UInt8](repeating: 0, count: width)
    }

    /// Appends the next row (RGBA8, `width * 4` bytes).
    mutating func append(rgbaRow row: UnsafeBufferPointer<UInt8>) {
        guard isComplete else { return }
        var sameAsPrevious = !rowIndex.isEmpty
        var ends = [UInt32]()
        var values = [UInt8]()
        var x = 0
        while x < width {
            let value = row[x * 4 + 3]
            if sameAsPrevious && previous[x] != value { sameAsPrevious = false }
            previous[x] = value
            if values.last != value {
                if !values.isEmpty { ends.append(UInt32(x)) }
                values.append(value)
            }
            x += 1
        }
        if sameAsPrevious {
            rowIndex.append(rowIndex[rowIndex.count - 1])
            bytesUsed += 4
        } else {
            ends.append(UInt32(width))
            bytesUsed += 4 + ends.count * 5 + 64
            rowIndex.append(Int32(runEnds.count))
            runEnds.append(ends)
            runValues.append(values)
        }
        if bytesUsed > budget {
            isComplete = false
            rowIndex = []
            runEnds = []
            runValues = []
        }
    }

    /// The alpha at image pixel `(x, y)`; only valid while `isComplete`.
    func alpha(x: Int, y: Int) -> UInt8 {
        let row = Int(rowIndex[y])
        let ends = runEnds[row]
        // First run whose end is beyond x.
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) > x { high = middle } else { low = middle + 1 }
        }
        return runValues[row][low]
    }
}
