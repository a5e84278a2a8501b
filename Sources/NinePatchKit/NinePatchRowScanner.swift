public import Diagnostics

/// Reads a NinePatch source one RGBA8 row at a time and keeps only what aapt2's rules and data need: the four
/// frame lines and, with full detail, running region colours, the middle row and column for the outline insets,
/// and a compressed alpha store for the outline's remaining probes. Memory grows with the width and height, not
/// their product.
struct NinePatchRowScanner {
    let width: Int
    let height: Int
    /// Whether the region colours and the outline are wanted (`NinePatchParser.Detail.full`).
    private let collectsDrawingData: Bool
    private var topLeft: UInt32 = 0
    private var top = [UInt32]()
    /// The top line read against the corner's background, when the corner gives one: the frame reuses it.
    private var topLine: FrameLine?
    private var bottom = [UInt32]()
    private var left = [UInt32]()
    private var right = [UInt32]()
    private var regions: RegionColorAccumulator?
    private let badPatchTolerance: Int?
    private var badPatches: BadPatchScanner?
    /// `nil` unless `collectsDrawingData`.
    private var alphaStore: AlphaRowStore?
    private var insetRowAlpha = [UInt8]()
    private var insetColumnAlpha = [UInt8]()
    private let geometry: OutlineGeometry

    /// Whether the image can be a NinePatch at all (aapt2's 3x3 minimum).
    var isLargeEnough: Bool { SourceImageSize(width: width, height: height).canHoldFrame }

    /// `badPatchTolerance`: look for bad patches (NP107) with this tolerance, or not at all when `nil`.
    init(width: Int, height: Int, detail: NinePatchParser.Detail, alphaBudget: Int, badPatchTolerance: Int? = nil) {
        self.width = width
        self.height = height
        self.badPatchTolerance = badPatchTolerance
        collectsDrawingData = detail == .full
        geometry = OutlineGeometry(width: width, height: height)
        if collectsDrawingData {
            alphaStore = AlphaRowStore(width: width, height: height, budget: alphaBudget)
        }
        if isLargeEnough {
            left.reserveCapacity(height - 2)
            right.reserveCapacity(height - 2)
            if collectsDrawingData { insetColumnAlpha.reserveCapacity(height - 2) }
        }
    }

    /// Takes image row `y` (rows must come in order, each `width * 4` bytes).
    mutating func add(row y: Int, _ row: UnsafeBufferPointer<UInt8>) {
        guard isLargeEnough else { return }
        let argb = { (x: Int) in RegionColorAccumulator.argb(row, x) }
        alphaStore?.append(rgbaRow: row)
        if y == 0 {
            topLeft = argb(0)
            top = (1..<(width - 1)).map(argb)
            if let background = FrameBackground(topLeft: topLeft) {
                let line = FrameLine(edge: .top, pixels: top, background: background)
                topLine = line
                let columns = NinePatch.segments(length: width - 2, stretch: line.blackRuns)
                if collectsDrawingData { regions = RegionColorAccumulator(columns: columns.map(\.span)) }
                badPatches = badPatchTolerance.map { BadPatchScanner(columns: columns, tolerance: $0) }
            }
        } else if y == height - 1 {
            bottom = (1..<(width - 1)).map(argb)
        } else {
            let leftPixel = argb(0)
            left.append(leftPixel)
            right.append(argb(width - 1))
            badPatches?.add(row: row, y: y - 1, isStretch: leftPixel == ArgbColor.opaqueBlack)
            if collectsDrawingData {
                insetColumnAlpha.append(row[geometry.insetColumn * 4 + 3])
                regions?.add(rgbaRow: row, leftBorder: leftPixel)
                if y == geometry.insetRow {
                    insetRowAlpha = (1..<(width - 1)).map { row[$0 * 4 + 3] }
                }
            }
        }
    }

    /// Validates the frame and, when aapt2 would accept it, builds the model. `reread` visits every row again
    /// in order; it is called only when the alpha store outgrew its budget and the outline needs a few pixels.
    mutating func finish<Failure: Error>(
        file: String,
        reread: ((_ y: Int, _ row: UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> NinePatchAnalysis {
        let size = SourceImageSize(width: width, height: height)
        guard size.canHoldFrame else {
            let tooSmall = NinePatchRules.onImageSize.findings(on: size)
            return NinePatchAnalysis(ninePatch: nil, diagnostics: tooSmall.map { $0.diagnostic(file: file) })
        }
        let frame = NinePatchFrame(
            width: width, height: height, topLeft: topLeft, top: top, left: left, bottom: bottom, right: right,
            topLine: topLine)
        var diagnostics = FrameValidator(file: file).diagnostics(for: frame).sorted { $0.severity > $1.severity }
        guard !diagnostics.contains(where: { $0.severity == .error }),
            let topLine = frame.top, let leftLine = frame.left, let bottomLine = frame.bottom,
            let rightLine = frame.right
        else {
            return NinePatchAnalysis(ninePatch: nil, diagnostics: diagnostics)
        }
        let contentWidth = width - 2
        let contentHeight = height - 2
        var verdicts = [BadPatch]()
        if let badPatchTolerance, var badPatches = badPatches.take() {
            badPatches.finish(height: contentHeight)
            // Only files with candidates are read again, for the candidates' surroundings.
            verdicts = try StretchSmearTest(threshold: badPatchTolerance).badPatches(
                among: badPatches.candidates, stretchX: topLine.blackRuns, stretchY: leftLine.blackRuns,
                contentWidth: contentWidth, contentHeight: contentHeight, reread: reread)
        }
        let horizontalPadding = NinePatchGeometry.padding(
            paddingRuns: bottomLine.blackRuns, stretch: topLine.blackRuns, length: contentWidth)
        let verticalPadding = NinePatchGeometry.padding(
            paddingRuns: rightLine.blackRuns, stretch: leftLine.blackRuns, length: contentHeight)
        let horizontalBounds = NinePatchGeometry.layoutBounds(redRuns: bottomLine.redRuns, length: contentWidth)
        let verticalBounds = NinePatchGeometry.layoutBounds(redRuns: rightLine.redRuns, length: contentHeight)
        let layoutBounds = Insets(
            left: horizontalBounds.start, top: verticalBounds.start,
            right: horizontalBounds.end, bottom: verticalBounds.end)
        let ninePatch = NinePatch(
            width: contentWidth, height: contentHeight,
            stretchX: topLine.blackRuns, stretchY: leftLine.blackRuns,
            padding: Insets(
                left: horizontalPadding.start, top: verticalPadding.start,
                right: horizontalPadding.end, bottom: verticalPadding.end),
            layoutBounds: layoutBounds.isZero ? nil : layoutBounds,
            regionColors: regions?.finish(),
            outline: collectsDrawingData ? try outline(reread: reread) : nil)
        let accepted = AcceptedNinePatch(
            ninePatch, badPatches: verdicts, threshold: badPatchTolerance ?? NinePatchLints.defaultBadPatchTolerance)
        diagnostics += NinePatchLints.diagnostics(accepted, file: file)
        return NinePatchAnalysis(ninePatch: ninePatch, diagnostics: diagnostics)
    }

    private func outline<Failure: Error>(
        reread: ((_ y: Int, _ row: UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Void
    ) throws(Failure) -> Outline {
        let insets = geometry.insets(rowAlpha: { insetRowAlpha[$0] }, columnAlpha: { insetColumnAlpha[$0] })
        if let alphaStore, alphaStore.isComplete {
            return geometry.outline(insets: insets) { alphaStore.alpha(x: $0, y: $1) }
        }
        // Second pass: collect exactly the pixels the outline probes.
        let probes = geometry.probes(for: insets)
        var middleRow = [UInt8](repeating: 0, count: width)
        var middleColumn = [UInt8](repeating: 0, count: height)
        var diagonal = [UInt8](repeating: 0, count: max(probes.diagonalLength, 0))
        try reread { y, row in
            if y == probes.middleRow {
                for x in 0..<width { middleRow[x] = row[x * 4 + 3] }
            }
            middleColumn[y] = row[probes.middleColumn * 4 + 3]
            let step = y - probes.diagonalStart.y
            if step >= 0 && step < diagonal.count {
                diagonal[step] = row[(probes.diagonalStart.x + step) * 4 + 3]
            }
        }
        return geometry.outline(insets: insets) { x, y in
            if y == probes.middleRow { return middleRow[x] }
            if x == probes.middleColumn { return middleColumn[y] }
            return diagonal[y - probes.diagonalStart.y]
        }
    }
}

/// The size of a NinePatch source image, frame included: the subject of NP001 (``ImageSizeRule``), judged before
/// any frame is read.
public struct SourceImageSize: Sendable {
    let width: Int
    let height: Int

    /// Whether the image can be a NinePatch at all: aapt2's 3x3 minimum, 1x1 content plus the frame.
    var canHoldFrame: Bool { width >= 3 && height >= 3 }
}

/// A rule on the image size, run before anything else.
public typealias ImageSizeRule = RuleCheck<SourceImageSize, Finding, Never>
